"""A level: the static board, the starting boxes and player, and its metadata.

Levels are immutable values; play happens on a :class:`~game.core.play.PlayState` made from one.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from game.core.board import Board, Tile


@dataclass(frozen=True, slots=True)
class Level:
    """A normalised, validated level and what its collection says about it."""

    board: Board
    boxes: frozenset[int]
    player: int
    title: str = ""
    author: str = ""
    comment: str = ""
    extra: tuple[tuple[str, str], ...] = field(default=())
    # The layout's hash once worked out: a collection of 20,000 levels asks for each often.
    _fingerprint: str | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def width(self) -> int:
        return self.board.width

    @property
    def height(self) -> int:
        return self.board.height

    @property
    def is_solved(self) -> bool:
        return self.boxes == self.board.goals

    def rows(self) -> list[str]:
        """The board as standard XSB rows, trailing spaces trimmed."""
        return board_rows(self.board, self.boxes, self.player)

    def to_xsb(self) -> str:
        return "\n".join(self.rows())

    def fingerprint(self) -> str:
        """A hash of the layout alone, so renamed or moved levels keep their records."""
        if self._fingerprint is None:
            digest = hashlib.sha256(self.to_xsb().encode("ascii")).hexdigest()[:20]
            object.__setattr__(self, "_fingerprint", digest)  # a cache: the level stays as it is
            return digest
        return self._fingerprint

    def with_position(self, boxes: frozenset[int], player: int) -> Level:
        """The same level and metadata with another position (for mid-game solving)."""
        return Level(self.board, boxes, player, self.title, self.author, self.comment, self.extra)


def square_char(board: Board, square: int, boxes: frozenset[int] | set[int], player: int) -> str:
    """The standard XSB character for one square."""
    tile = board.tiles[square]
    goal = tile is Tile.GOAL
    if square == player:
        return "+" if goal else "@"
    if square in boxes:
        return "*" if goal else "$"
    if tile is Tile.WALL:
        return "#"
    return "." if goal else " "


def board_rows(board: Board, boxes: frozenset[int] | set[int], player: int) -> list[str]:
    rows = []
    for y in range(board.height):
        start = y * board.width
        row = "".join(square_char(board, start + x, boxes, player) for x in range(board.width))
        rows.append(row.rstrip())
    return rows
