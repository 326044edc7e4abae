"""The four directions a player can move in, with their LURD letters.

Offsets are (dx, dy) with y growing downwards, as rows are read from a level file.
"""

from __future__ import annotations

from enum import Enum


class Direction(Enum):
    """A move direction; ``value`` is its lowercase LURD letter."""

    LEFT = "l"
    UP = "u"
    RIGHT = "r"
    DOWN = "d"

    @property
    def dx(self) -> int:
        return _OFFSETS[self][0]

    @property
    def dy(self) -> int:
        return _OFFSETS[self][1]

    @property
    def opposite(self) -> Direction:
        return _OPPOSITES[self]

    def letter(self, push: bool) -> str:
        """The LURD letter: uppercase for a push, lowercase for a plain step."""
        return self.value.upper() if push else self.value

    @classmethod
    def from_letter(cls, letter: str) -> Direction:
        """The direction of a LURD letter of either case; ValueError for anything else."""
        return cls(letter.lower())


_OFFSETS = {
    Direction.LEFT: (-1, 0),
    Direction.UP: (0, -1),
    Direction.RIGHT: (1, 0),
    Direction.DOWN: (0, 1),
}
_OPPOSITES = {
    Direction.LEFT: Direction.RIGHT,
    Direction.RIGHT: Direction.LEFT,
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
}
