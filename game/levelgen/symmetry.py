"""Telling levels apart up to the eight turns and mirror images, after normalising them.

Used to drop near-duplicates when generating and to prove the campaign copies no published level.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from game.core.board import Tile
from game.core.collection import read_collection
from game.core.level import Level
from game.core.paths import reachable

# A transform maps (x, y, width, height) to new coordinates; width and height may swap.
Transform = Callable[[int, int, int, int], tuple[int, int]]
_TRANSFORMS: tuple[Transform, ...] = (
    lambda x, y, w, h: (x, y),
    lambda x, y, w, h: (w - 1 - x, y),
    lambda x, y, w, h: (x, h - 1 - y),
    lambda x, y, w, h: (w - 1 - x, h - 1 - y),
    lambda x, y, w, h: (y, x),
    lambda x, y, w, h: (h - 1 - y, x),
    lambda x, y, w, h: (y, w - 1 - x),
    lambda x, y, w, h: (h - 1 - y, w - 1 - x),
)


Grid = dict[tuple[int, int], str]


def _grid(level: Level, with_start: bool) -> tuple[Grid, set[tuple[int, int]]]:
    """The level as characters by (x, y) without the player, and the player's region.

    Walls that touch no square the player can reach, even diagonally, are left out: they are
    decoration.
    """
    board = level.board
    width = board.width
    region = reachable(board, frozenset(), level.player)
    inside = region | set(level.boxes) | set(board.goals)
    grid: Grid = {}
    for square in range(width * board.height):
        x, y = square % width, square // width
        tile = board.tiles[square]
        if tile is Tile.WALL:
            near = any(
                (y + dy) * width + x + dx in inside
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
                if 0 <= x + dx < width
            )
            if near:
                grid[(x, y)] = "#"
        elif square in inside:
            goal = tile is Tile.GOAL
            char = "." if goal else " "
            if with_start and square in level.boxes:
                char = "*" if goal else "$"
            grid[(x, y)] = char
    walk = reachable(board, level.boxes, level.player) if with_start else set()
    return grid, {(square % width, square // width) for square in walk}


def _text(grid: Grid) -> str:
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    left, top = min(xs), min(ys)
    rows: list[list[str]] = [
        [" "] * (max(xs) - left + 1) for _ in range(max(ys) - top + 1)
    ]
    for (x, y), char in grid.items():
        rows[y - top][x - left] = char
    return "\n".join("".join(row).rstrip() for row in rows)


def _canonical(level: Level, with_start: bool) -> str:
    """The least text of the eight images; in each the player stands on the first square
    (top row first) of his region, since where he starts within it changes nothing."""
    grid, region = _grid(level, with_start)
    width, height = level.board.width, level.board.height
    images = []
    for transform in _TRANSFORMS:
        image = {transform(x, y, width, height): char for (x, y), char in grid.items()}
        if region:
            moved = (transform(x, y, width, height) for x, y in region)
            first = min(moved, key=lambda xy: (xy[1], xy[0]))
            image[first] = "+" if image[first] == "." else "@"
        images.append(_text(image))
    return min(images)


def level_key(level: Level) -> str:
    """The same text for two levels exactly when one is a turn or mirror image of the other
    (after normalising decoration walls and the player's square)."""
    return _canonical(level, with_start=True)


def layout_key(level: Level) -> str:
    """Like :func:`level_key` but for walls and goals alone: two levels with the same key are
    near-duplicates, the same room and goals with another start."""
    return _canonical(level, with_start=False)


class KnownLevels:
    """Published levels to stay away from, by their keys, each with where it comes from."""

    def __init__(self) -> None:
        self.levels: dict[str, str] = {}
        self.layouts: dict[str, str] = {}
        self.count = 0  # levels added, the same ones counted again

    @classmethod
    def read(cls, paths: Iterable[Path]) -> KnownLevels:
        """Every level of the collection files ``paths``, each known by its file, number and
        title; LevelError if a file cannot be read."""
        known = cls()
        for path in paths:
            for number, level in enumerate(read_collection(path).levels, start=1):
                known.add(level, f"{path.name} #{number} {level.title}".rstrip())
        return known

    def add(self, level: Level, where: str) -> None:
        self.count += 1
        self.levels.setdefault(level_key(level), where)
        self.layouts.setdefault(layout_key(level), where)

    def copy_of(self, level: Level) -> str | None:
        """Where the known level that ``level`` repeats comes from (the same start, or the same
        walls and goals with another start), or None."""
        return self.levels.get(level_key(level)) or self.layouts.get(layout_key(level))
