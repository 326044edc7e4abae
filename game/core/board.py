"""The static squares of a level: walls, floor, goals and the outside.

Squares are addressed by a flat index ``y * width + x`` so that sets of squares stay small and fast.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import compress, count, repeat
from operator import is_

from game.core.direction import Direction


class Tile(Enum):
    """What a square is made of, whatever stands on it."""

    OUTSIDE = "outside"
    WALL = "wall"
    FLOOR = "floor"
    GOAL = "goal"


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable grid of tiles; boxes and the player live elsewhere."""

    width: int
    height: int
    tiles: tuple[Tile, ...]
    goals: frozenset[int] = field(init=False)

    def __post_init__(self) -> None:
        if len(self.tiles) != self.width * self.height:
            raise ValueError("tile count does not match the board size")
        # compress and map keep the scan of every square out of the interpreter's loop.
        goals = frozenset(compress(count(), map(is_, self.tiles, repeat(Tile.GOAL))))
        object.__setattr__(self, "goals", goals)

    def index(self, x: int, y: int) -> int:
        return y * self.width + x

    def coords(self, square: int) -> tuple[int, int]:
        return square % self.width, square // self.width

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def tile(self, square: int) -> Tile:
        return self.tiles[square]

    def is_walkable(self, square: int) -> bool:
        """Floor or goal: a square a player or a box may stand on."""
        return self.tiles[square] in (Tile.FLOOR, Tile.GOAL)

    def is_goal(self, square: int) -> bool:
        return self.tiles[square] is Tile.GOAL

    def offset(self, direction: Direction) -> int:
        """How far the flat index moves for one square in ``direction``."""
        return direction.dx + direction.dy * self.width

    def step(self, square: int, direction: Direction) -> int:
        """The square next to ``square`` in ``direction``, for a square away from the edge
        (every square a player or box stands on, since levels are closed)."""
        return square + self.offset(direction)

    def neighbour(self, square: int, direction: Direction) -> int | None:
        """The next square in ``direction``, or None past the edge of the grid."""
        x, y = self.coords(square)
        nx, ny = x + direction.dx, y + direction.dy
        if not self.inside(nx, ny):
            return None
        return ny * self.width + nx

    def walkable_squares(self) -> Iterator[int]:
        return (i for i, tile in enumerate(self.tiles) if tile in (Tile.FLOOR, Tile.GOAL))
