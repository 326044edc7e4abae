"""What a screen shows, as the engine needs to know it: the view model its view draws from, the
part of it that changes by itself, whether it moves, and the background work it waits for.

Every screen makes one from its model each frame; the engine draws exactly when it changes.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from game.app.jobs.jobs import Purpose

ViewT = TypeVar("ViewT")
# A rectangle of the window: left, top, width, height.
Area = tuple[int, int, int, int]


@dataclass(frozen=True)
class Shown(Generic[ViewT]):
    """One screen's view model and what the loop needs to know of it.

    ``view`` is frozen and comparable: the screen is drawn again whenever it changes. When only
    ``ticking`` changes (the HUD's clock), only ``ticking_area`` is drawn and shown. A ``moving``
    screen is drawn every frame, between ticks too. ``work`` is the background work the screen
    shows under way (input scripts wait for it); ``idle`` is false while moves are queued or
    animate (a replay gives the next move only when it is true).
    """

    view: ViewT
    ticking: Hashable = None
    ticking_area: Area | None = None
    moving: bool = False
    work: Purpose | None = None
    idle: bool = True
