"""A board as bit masks (one bit a square) for the generator's own searches over pulls and pushes.

The board is walled round, so shifting a mask of floor squares by one never wraps a square of
one row onto floor of the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.core.board import Board
from game.core.direction import Direction
from game.core.paths import DIRECTIONS


def offset_of(board_width: int, direction: Direction) -> int:
    """How far one step in ``direction`` moves along the flat square index."""
    return direction.dx + direction.dy * board_width


@dataclass(frozen=True)
class Masks:
    """The walkable squares and the goals of a board, and the four step offsets in the order
    of :data:`game.core.paths.DIRECTIONS`."""

    width: int
    floor: int
    goals: int
    offsets: tuple[int, ...]
    # Bits left for the player's square below the boxes in a position's key.
    key_shift: int

    @classmethod
    def of(cls, board: Board) -> Masks:
        floor = mask_of(board.walkable_squares())
        goals = mask_of(board.goals)
        offsets = tuple(offset_of(board.width, direction) for direction in DIRECTIONS)
        return cls(board.width, floor, goals, offsets, (board.width * board.height).bit_length())

    def key(self, boxes: int, region: int) -> int:
        """One number for boxes and the player's region (named by its first square)."""
        return boxes << self.key_shift | lowest(region)


def mask_of(squares: Iterable[int]) -> int:
    """The mask with a bit for each square of an iterable of squares."""
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def lowest(mask: int) -> int:
    """The first square of a mask that is not empty."""
    return (mask & -mask).bit_length() - 1


def squares_of(mask: int) -> list[int]:
    """The squares of a mask, first to last."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares


def flood(start: int, free: int, width: int) -> int:
    """Every square of ``free`` the player can walk to from ``start``, as a mask."""
    region = 1 << start
    while True:
        grown = region | (
            ((region << 1) | (region >> 1) | (region << width) | (region >> width)) & free
        )
        if grown == region:
            return region
        region = grown
