"""One push of a box: the unit of every solution the solver finds and of every hint it gives.

Searches name a direction by its index in ``DIRECTIONS`` (core's table: left, up, right, down).
"""

from __future__ import annotations

from typing import NamedTuple

from game.core.direction import Direction
from game.core.paths import DIRECTIONS

__all__ = ["DIRECTIONS", "Push"]


class Push(NamedTuple):
    """The box on ``box`` pushed ``squares`` squares in ``direction`` (more than one: a macro
    through a tunnel, the player following the box)."""

    box: int
    direction: Direction
    squares: int = 1
