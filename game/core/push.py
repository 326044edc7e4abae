"""One push of a box, and a solution written out from its pushes with the shortest walks.

The unit of every solution the solver, the optimizer and the level generator hand over, and of
every hint; a reverse game read backwards is a list of pushes too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from game.core.board import Board
from game.core.direction import Direction
from game.core.level import Level
from game.core.paths import DIRECTIONS, walk_path


class Push(NamedTuple):
    """The box on ``box`` pushed ``squares`` squares in ``direction`` (more than one: a macro
    through a tunnel, the player following the box)."""

    box: int
    direction: Direction
    squares: int = 1


# A push as the optimizer's and the level generator's tight loops keep it: the pushed box's
# square before it, and the index of its direction in DIRECTIONS (one square).
IndexedPush = tuple[int, int]


def from_indexed(pushes: Iterable[IndexedPush]) -> Iterator[Push]:
    """``pushes`` kept as squares and direction indexes, as Push values."""
    return (Push(square, DIRECTIONS[way]) for square, way in pushes)


class UnplayablePush(ValueError):
    """A push that cannot be made where it comes: no box on its square, something in the way of
    the box, or no walk to the square behind it."""

    def __init__(self, number: int) -> None:
        super().__init__(f"push {number} cannot be made")
        self.number = number


def walks_before(
    board: Board, boxes: Iterable[int], player: int, pushes: Iterable[Push]
) -> list[list[Direction]]:
    """The player's shortest walk to each of ``pushes`` in turn, starting on ``player`` with
    the boxes on ``boxes``; UnplayablePush (numbered from 1) for the first that cannot be made.

    >>> from game.core.xsb import parse_level
    >>> level = parse_level("######\\n#@ $.#\\n######")
    >>> (box,) = level.boxes
    >>> walks_before(level.board, level.boxes, level.player, [Push(box, Direction.RIGHT)])
    [[<Direction.RIGHT: 'r'>]]
    """
    return [walk for walk, _ in _walked(board, boxes, player, pushes)]


def lurd_of_pushes(position: Level, pushes: Iterable[Push]) -> str:
    """The LURD of ``pushes`` played from ``position``, each after the shortest walk to it;
    UnplayablePush for the first that cannot be made.

    >>> from game.core.xsb import parse_level
    >>> level = parse_level("#######\\n#@ $ .#\\n#######")
    >>> (box,) = level.boxes
    >>> lurd_of_pushes(level, [Push(box, Direction.RIGHT, 2)])
    'rRR'
    """
    letters: list[str] = []
    for walk, push in _walked(position.board, position.boxes, position.player, pushes):
        letters.extend(step.letter(False) for step in walk)
        letters.append(push.direction.letter(True) * push.squares)
    return "".join(letters)


def _walked(
    board: Board, boxes: Iterable[int], player: int, pushes: Iterable[Push]
) -> Iterator[tuple[list[Direction], Push]]:
    """Each of ``pushes`` with the shortest walk to it, one at a time (a caller polling a
    cancel between pushes is heard between walks)."""
    standing = set(boxes)
    for number, push in enumerate(pushes, start=1):
        box, direction, squares = push
        offset = board.offset(direction)
        path = [box + step * offset for step in range(1, squares + 1)]
        if box not in standing or any(
            square in standing or not board.is_walkable(square) for square in path
        ):
            raise UnplayablePush(number)
        walk = walk_path(board, standing, player, box - offset)
        if walk is None:
            raise UnplayablePush(number)
        yield walk, push
        standing.remove(box)
        standing.add(path[-1])
        player = path[-2] if squares > 1 else box
