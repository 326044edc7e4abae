"""Random closed rooms for generated levels, stitched together from small wall templates.

A room is a grid of 3x3 blocks, each a template turned and mirrored at random, walled around;
dead ends are filled in and rooms that are split, too small or too open are rejected.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from game.core.board import Board, Tile
from game.core.paths import grid_region

BLOCK = 3
# Each template is one 3x3 block: '#' wall, '.' floor. Every turn and mirror image is used too.
TEMPLATES: tuple[tuple[str, str, str], ...] = (
    ("...", "...", "..."),
    ("#..", "...", "..."),
    ("##.", "...", "..."),
    ("###", "...", "..."),
    ("#..", "#..", "..."),
    ("...", ".#.", "..."),
    ("##.", "#..", "..."),
    ("#..", "...", "..#"),
    (".#.", "...", "..."),
    ("###", "###", "..."),
    ("#.#", "...", "..."),
    ("...", "##.", "..."),
    ("###", "#..", "#.."),
    (".#.", ".#.", "..."),
    ("#.#", "...", "#.#"),
)
# A floor area this large with no wall in it makes a level look empty and play loosely.
OPEN_AREAS = ((3, 4), (4, 3))


def _variants(template: tuple[str, str, str]) -> list[tuple[str, ...]]:
    """The eight turns and mirror images of a square template, without repeats."""
    found: list[tuple[str, ...]] = []
    rows: tuple[str, ...] = template
    for _ in range(4):
        rows = tuple("".join(rows[BLOCK - 1 - y][x] for y in range(BLOCK)) for x in range(BLOCK))
        for candidate in (rows, tuple(row[::-1] for row in rows)):
            if candidate not in found:
                found.append(candidate)
    return found


VARIANTS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(_variants(template)) for template in TEMPLATES
)


@dataclass(frozen=True)
class Room:
    """A walled room: a grid whose border is wall, and the set of its floor squares."""

    width: int
    height: int
    floor: frozenset[int]

    @classmethod
    def of_board(cls, board: Board) -> Room:
        return cls(board.width, board.height, frozenset(board.walkable_squares()))

    def components(self, squares: Collection[int]) -> list[set[int]]:
        """The parts of ``squares`` that touch each other side by side."""
        left = set(squares)
        parts = []
        while left:
            start = min(left)
            part = {start}
            stack = [start]
            left.discard(start)
            while stack:
                square = stack.pop()
                for nxt in self.neighbours(square):
                    if nxt in left:
                        left.discard(nxt)
                        part.add(nxt)
                        stack.append(nxt)
            parts.append(part)
        return parts

    def without_pockets(self, used: Collection[int], largest_kept: int) -> Room:
        """The room less the unused areas bigger than ``largest_kept`` squares and dead ends.

        Floor that a solution never touches only makes a level look empty; a few loose
        squares are kept because they give the room its shape.
        """
        unused = self.floor - set(used)
        floor = set(self.floor)
        for part in self.components(unused):
            if len(part) > largest_kept:
                floor -= part
        fill_dead_ends(self.width, floor, keep=used)
        return Room(self.width, self.height, frozenset(floor))

    def neighbours(self, square: int) -> tuple[int, int, int, int]:
        return (square - 1, square - self.width, square + 1, square + self.width)

    def board(self, goals: frozenset[int]) -> Board:
        """The room as a board with ``goals``.

        Rock open to the edge of the grid and away from any floor is the outside; rock shut
        in by the floor stays wall, so no hole shows in the middle of a level.
        """
        outer = self._outer_rock()
        tiles = []
        for square in range(self.width * self.height):
            if square in goals:
                tiles.append(Tile.GOAL)
            elif square in self.floor:
                tiles.append(Tile.FLOOR)
            elif square in outer and not self._touches_floor(square):
                tiles.append(Tile.OUTSIDE)
            else:
                tiles.append(Tile.WALL)
        return Board(self.width, self.height, tuple(tiles))

    def _outer_rock(self) -> set[int]:
        """Squares that are not floor and join the edge of the grid through squares like them."""
        width, height = self.width, self.height
        edge = [
            y * width + x
            for y in range(height)
            for x in range(width)
            if x in (0, width - 1) or y in (0, height - 1)
        ]
        floor = self.floor
        rock = [square for square in edge if square not in floor]
        return grid_region(width, height, rock, lambda square: square not in floor)

    def _touches_floor(self, square: int) -> bool:
        x, y = square % self.width, square // self.width
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                inside = 0 <= nx < self.width and 0 <= ny < self.height
                if inside and ny * self.width + nx in self.floor:
                    return True
        return False

    def is_connected(self) -> bool:
        return len(self.components(self.floor)) == 1

    def has_open_area(self) -> bool:
        """True if some 3x4 or 4x3 rectangle is all floor."""
        for area_w, area_h in OPEN_AREAS:
            for top in range(1, self.height - area_h):
                for left in range(1, self.width - area_w):
                    if all(
                        (top + y) * self.width + left + x in self.floor
                        for y in range(area_h)
                        for x in range(area_w)
                    ):
                        return True
        return False


def fill_dead_ends(width: int, floor: set[int], keep: Collection[int] = ()) -> None:
    """Turn floor squares with three or four wall sides into wall until none is left.

    A dead end is a square a box can never usefully reach; it only makes a room look untidy.
    Squares in ``keep`` stay floor.
    """
    stack = sorted(floor)
    while stack:
        square = stack.pop()
        if square not in floor or square in keep:
            continue
        around = [n for n in (square - 1, square + 1, square - width, square + width) if n in floor]
        if len(around) <= 1:
            floor.discard(square)
            stack.extend(around)


def stitch(rng: random.Random, blocks_wide: int, blocks_high: int) -> set[int]:
    """Floor squares of a grid of random template blocks, with a one-square wall border.

    On larger grids a corner block may be left solid, so outlines are not plain rectangles.
    """
    width = blocks_wide * BLOCK + 2
    solid: set[tuple[int, int]] = set()
    if blocks_wide >= 3 and blocks_high >= 2:
        corners = [(0, 0), (blocks_wide - 1, 0), (0, blocks_high - 1)]
        corners.append((blocks_wide - 1, blocks_high - 1))
        for corner in rng.sample(corners, rng.choice((0, 1, 1, 2))):
            solid.add(corner)
    floor: set[int] = set()
    for block_y in range(blocks_high):
        for block_x in range(blocks_wide):
            if (block_x, block_y) in solid:
                continue
            variant = rng.choice(rng.choice(VARIANTS))
            for y, row in enumerate(variant):
                for x, char in enumerate(row):
                    if char == ".":
                        square_y = 1 + block_y * BLOCK + y
                        floor.add(square_y * width + 1 + block_x * BLOCK + x)
    return floor


def random_room(
    rng: random.Random, blocks_wide: int, blocks_high: int, min_floor: int, attempts: int = 200
) -> Room | None:
    """A connected, tidy room of at least ``min_floor`` squares, or None after ``attempts``."""
    width = blocks_wide * BLOCK + 2
    height = blocks_high * BLOCK + 2
    for _ in range(attempts):
        floor = stitch(rng, blocks_wide, blocks_high)
        fill_dead_ends(width, floor)
        if len(floor) < min_floor:
            continue
        room = Room(width, height, frozenset(floor))
        if room.is_connected() and not room.has_open_area():
            return room
    return None
