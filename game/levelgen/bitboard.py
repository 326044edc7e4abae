"""A board as bit masks (one bit a square) for the generator's searches over pulls and pushes.

The masks, the fill and the walk over a mask's bits are the solver's. The board is walled
round, so shifting a mask of floor squares by one never wraps a square onto the next row.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.board import Board
from game.core.paths import DIRECTIONS
from game.solver.analysis.board import bits_of, mask_of, shift
from game.solver.analysis.board import flood as fill


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
        offsets = tuple(board.offset(direction) for direction in DIRECTIONS)
        return cls(board.width, floor, goals, offsets, (board.width * board.height).bit_length())

    def key(self, boxes: int, region: int) -> int:
        """One number for boxes and the player's region (named by its first square)."""
        return boxes << self.key_shift | lowest(region)


def lowest(mask: int) -> int:
    """The first square of a mask that is not empty."""
    return (mask & -mask).bit_length() - 1


def squares_of(mask: int) -> list[int]:
    """The squares of a mask, first to last."""
    return list(bits_of(mask))


def pullable(boxes: int, region: int, offset: int) -> int:
    """The boxes the player in ``region`` can pull by ``offset``: he stands on the square
    ``offset`` from the box and steps back onto the next one, both in his region."""
    return boxes & shift(region, -offset) & shift(region, -2 * offset)


def flood(start: int, free: int, width: int) -> int:
    """Every square of ``free`` the player can walk to from the square ``start``, as a mask."""
    return fill(1 << start, free, width)


__all__ = ["Masks", "flood", "lowest", "mask_of", "pullable", "squares_of"]
