"""One push of a box: the unit of every solution the solver finds and of every hint it gives.

Searches name a direction by its index in ``DIRECTIONS`` (core's table: left, up, right, down).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from game.core.board import Board
from game.core.direction import Direction
from game.core.paths import DIRECTIONS, walk_path

__all__ = ["DIRECTIONS", "Push", "walks_before"]


class Push(NamedTuple):
    """The box on ``box`` pushed ``squares`` squares in ``direction`` (more than one: a macro
    through a tunnel, the player following the box)."""

    box: int
    direction: Direction
    squares: int = 1


def walks_before(
    board: Board, boxes: Iterable[int], player: int, pushes: Iterable[Push]
) -> list[list[Direction]] | None:
    """The player's shortest walk to each of ``pushes`` in turn, starting on ``player`` with
    the boxes on ``boxes``; None when one of the pushes cannot be walked to."""
    standing = set(boxes)
    walks: list[list[Direction]] = []
    for box, direction, squares in pushes:
        offset = board.offset(direction)
        walk = walk_path(board, standing, player, box - offset)
        if walk is None:
            return None
        walks.append(walk)
        standing.remove(box)
        standing.add(box + squares * offset)
        player = box + (squares - 1) * offset
    return walks
