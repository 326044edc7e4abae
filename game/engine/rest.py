"""Resting between frames while nothing moves: sleeping in short slices, not on SDL's event wait.

SDL's wait polls the event queue every millisecond or so (2% of a core doing nothing); a sleep of
one tick between looks costs a fraction of that and still answers a key within a tick.
"""

from __future__ import annotations

import contextlib
import time
from typing import Protocol

import pygame

# Seen and focused: look for input every tick, run the owed ticks (a clock, news) four times a
# second. Hidden or in the background: look ten times a second, run the ticks once a second.
REST_SLICE = 1.0 / 60  # one logic tick
REST_WAKE_SECONDS = 0.25
AWAY_SLICE = 0.1
AWAY_WAKE_SECONDS = 1.0
# Posted from any thread when background work has news for the screen (a solver's answer).
WAKE_EVENT = pygame.event.custom_type()

_VISIBLE = {
    pygame.WINDOWHIDDEN: False,
    pygame.WINDOWMINIMIZED: False,
    pygame.WINDOWSHOWN: True,
    pygame.WINDOWRESTORED: True,
    pygame.WINDOWEXPOSED: True,
}
_FOCUS = {pygame.WINDOWFOCUSLOST: False, pygame.WINDOWFOCUSGAINED: True}


class Clock(Protocol):
    """The time the loop runs on: the time module, or a stand-in in tests."""

    def perf_counter(self) -> float: ...

    def sleep(self, seconds: float, /) -> None: ...


class Rest:
    """Whether the window can be seen and has the focus, and the sleep between frames."""

    def __init__(self, clock: Clock = time) -> None:
        self.clock = clock
        self.visible = True
        self.focused = True

    @property
    def away(self) -> bool:
        """Nobody is looking or typing: rest longer."""
        return not (self.visible and self.focused)

    def note(self, event: pygame.event.Event) -> bool:
        """Follow the window's state from ``event``; True for a wake-up, which no scene needs."""
        if event.type in _VISIBLE:
            self.visible = _VISIBLE[event.type]
        elif event.type in _FOCUS:
            self.focused = _FOCUS[event.type]
        return event.type == WAKE_EVENT

    def sleep(self) -> None:
        """Sleep until input or a wake-up is waiting, or the owed ticks are due."""
        slice_seconds = AWAY_SLICE if self.away else REST_SLICE
        clock = self.clock
        due = clock.perf_counter() + (AWAY_WAKE_SECONDS if self.away else REST_WAKE_SECONDS)
        while clock.perf_counter() < due:
            clock.sleep(slice_seconds)
            if pygame.event.peek():
                return

    @staticmethod
    def wake() -> None:
        """Background news: end the rest now (safe from any thread; nothing once the display
        is gone)."""
        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
