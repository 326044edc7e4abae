"""The board being edited: a grid of XSB characters, painted, resized, shifted, flipped, pasted.

Every operation returns a new grid, so undo keeps old ones as they are; nothing here validates.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

from game.core.direction import Direction
from game.core.paths import grid_region
from game.core.problems import Problem, ProblemKind

MIN_SIDE = 3
MAX_SIDE = 64
WALL, FLOOR, GOAL, BOX, BOX_ON_GOAL, PLAYER, PLAYER_ON_GOAL = "#", " ", ".", "$", "*", "@", "+"
CELLS = frozenset((WALL, FLOOR, GOAL, BOX, BOX_ON_GOAL, PLAYER, PLAYER_ON_GOAL))
# What a typed character paints: the standard XSB set, with - and _ for floor.
TYPED = {**{cell: cell for cell in CELLS}, "-": FLOOR, "_": FLOOR}
_GOALED = {FLOOR: GOAL, BOX: BOX_ON_GOAL, PLAYER: PLAYER_ON_GOAL}
_UNGOALED = {value: key for key, value in _GOALED.items()}


def parse_size(text: str) -> tuple[int, int]:
    """``10x8`` to (10, 8); ValueError with a one-line reason unless both are 3 to 64."""
    width, sep, height = text.strip().lower().partition("x")
    if (
        not sep
        or not all(part.strip().isascii() and part.strip().isdigit() for part in (width, height))
        or len(text) > 12
    ):
        raise ValueError("give the size as WIDTHxHEIGHT, for example 10x8")
    size = int(width), int(height)
    if not all(MIN_SIDE <= side <= MAX_SIDE for side in size):
        raise ValueError(f"each side is {MIN_SIDE} to {MAX_SIDE} squares")
    return size


def too_large(width: int, height: int) -> Problem | None:
    """Why the editor cannot take a board of ``width`` x ``height`` (levels in files may be
    larger than it edits); None if it can."""
    if max(width, height) <= MAX_SIDE:
        return None
    size, most = f"{width}x{height}", f"{MAX_SIDE}x{MAX_SIDE}"
    return Problem(
        ProblemKind.CANNOT_EDIT, f"the board is {size}; the editor takes boards of up to {most}"
    )


class Piece(Enum):
    """A palette entry: what a click paints (``ERASER`` takes things away)."""

    WALL = "wall"
    FLOOR = "floor"
    GOAL = "goal"
    BOX = "box"
    PLAYER = "player"
    BOX_ON_GOAL = "box on goal"
    PLAYER_ON_GOAL = "player on goal"
    ERASER = "eraser"


class Mirror(Enum):
    """Mirror painting: each stroke is also painted reflected across these axes."""

    OFF = "off"
    LEFT_RIGHT = "left-right"
    UP_DOWN = "up-down"
    BOTH = "both"


def is_goal(cell: str) -> bool:
    return cell in (GOAL, BOX_ON_GOAL, PLAYER_ON_GOAL)


def has_box(cell: str) -> bool:
    return cell in (BOX, BOX_ON_GOAL)


def has_player(cell: str) -> bool:
    return cell in (PLAYER, PLAYER_ON_GOAL)


def painted(cell: str, piece: Piece) -> str:
    """What ``cell`` becomes when ``piece`` is painted on it with the mouse.

    A box or the player put on a goal makes the combined square, a goal put under them too;
    erasing a box or the player on a goal leaves the goal, erasing anything else leaves floor.
    """
    goal = is_goal(cell)
    if piece is Piece.WALL:
        return WALL
    if piece is Piece.FLOOR:
        return FLOOR
    if piece is Piece.GOAL:
        return GOAL if cell == WALL else _GOALED[_UNGOALED.get(cell, cell)]
    if piece is Piece.BOX:
        return BOX_ON_GOAL if goal else BOX
    if piece is Piece.PLAYER:
        return PLAYER_ON_GOAL if goal else PLAYER
    if piece is Piece.BOX_ON_GOAL:
        return BOX_ON_GOAL
    if piece is Piece.PLAYER_ON_GOAL:
        return PLAYER_ON_GOAL
    if cell in (BOX_ON_GOAL, PLAYER_ON_GOAL):
        return GOAL
    return FLOOR


@dataclass(frozen=True)
class Rect:
    """A rectangle of squares, both corners included."""

    left: int
    top: int
    right: int
    bottom: int

    @classmethod
    def spanning(cls, a: tuple[int, int], b: tuple[int, int]) -> Rect:
        return cls(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))

    @property
    def width(self) -> int:
        return self.right - self.left + 1

    @property
    def height(self) -> int:
        return self.bottom - self.top + 1

    def squares(self) -> Iterator[tuple[int, int]]:
        for y in range(self.top, self.bottom + 1):
            for x in range(self.left, self.right + 1):
                yield x, y


@dataclass(frozen=True)
class Grid:
    """A ``width`` x ``height`` grid of XSB characters, row by row."""

    width: int
    height: int
    cells: tuple[str, ...]

    @classmethod
    def empty(cls, width: int, height: int, fill: str = FLOOR) -> Grid:
        if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
            raise ValueError(f"a board is {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}")
        return cls(width, height, (fill,) * (width * height))

    @classmethod
    def from_rows(cls, rows: Iterable[str]) -> Grid:
        """A grid from standard XSB rows (short rows padded with floor), at least 3x3."""
        lines = [row.rstrip("\r\n") for row in rows]
        width = max(MIN_SIDE, max((len(row) for row in lines), default=0))
        height = max(MIN_SIDE, len(lines))
        problem = too_large(width, height)
        if problem is not None:
            raise ValueError(problem.text)
        cells = [FLOOR] * (width * height)
        for y, row in enumerate(lines):
            for x, char in enumerate(row):
                cell = TYPED.get(char)
                if cell is None:
                    raise ValueError(f"{char!r} is not a square of a level")
                cells[y * width + x] = cell
        return cls(width, height, tuple(cells))

    def rows(self) -> list[str]:
        """Standard XSB rows, trailing floor cut."""
        w = self.width
        return ["".join(self.cells[y * w : (y + 1) * w]).rstrip() for y in range(self.height)]

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def at(self, x: int, y: int) -> str:
        return self.cells[y * self.width + x]

    def player(self) -> tuple[int, int] | None:
        for index, cell in enumerate(self.cells):
            if has_player(cell):
                return index % self.width, index // self.width
        return None

    # -- painting --------------------------------------------------------------------------
    def with_cells(self, changes: Iterable[tuple[int, int, str]]) -> Grid:
        """The grid with these squares set; a new player moves the one there was."""
        cells = list(self.cells)
        for x, y, cell in changes:
            if not self.inside(x, y):
                continue
            if has_player(cell):
                for index, old in enumerate(cells):
                    if has_player(old):
                        cells[index] = painted(old, Piece.ERASER)
            cells[y * self.width + x] = cell
        return Grid(self.width, self.height, tuple(cells))

    def paint(self, squares: Iterable[tuple[int, int]], piece: Piece) -> Grid:
        """``piece`` painted on each square, as a mouse stroke paints it."""
        grid = self
        for x, y in squares:
            if grid.inside(x, y):
                grid = grid.with_cells([(x, y, painted(grid.at(x, y), piece))])
        return grid

    def mirrored(self, x: int, y: int, mirror: Mirror) -> list[tuple[int, int]]:
        """The square and its reflections under ``mirror``, each once."""
        xs = {x, self.width - 1 - x} if mirror in (Mirror.LEFT_RIGHT, Mirror.BOTH) else {x}
        ys = {y, self.height - 1 - y} if mirror in (Mirror.UP_DOWN, Mirror.BOTH) else {y}
        return sorted((mx, my) for mx in xs for my in ys)

    # -- whole-board commands --------------------------------------------------------------
    def filled(self, cell: str) -> Grid:
        return Grid(self.width, self.height, (cell,) * len(self.cells))

    def resized(self, side: Direction, amount: int) -> Grid | None:
        """Rows or columns added (``amount`` > 0, floor) or cut (< 0) on one side; None if
        the board would leave 3x3..64x64."""
        horizontal = side in (Direction.LEFT, Direction.RIGHT)
        width = self.width + (amount if horizontal else 0)
        height = self.height + (0 if horizontal else amount)
        if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
            return None
        dx = amount if side is Direction.LEFT else 0
        dy = amount if side is Direction.UP else 0
        return self._moved_into(width, height, dx, dy)

    def _moved_into(self, width: int, height: int, dx: int, dy: int) -> Grid:
        cells = [FLOOR] * (width * height)
        for y in range(self.height):
            for x in range(self.width):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height:
                    cells[ny * width + nx] = self.cells[y * self.width + x]
        return Grid(width, height, tuple(cells))

    def shifted(self, direction: Direction) -> Grid:
        """Everything moved one square, what leaves one side coming back on the other."""
        w, h = self.width, self.height
        cells = [FLOOR] * (w * h)
        for y in range(h):
            for x in range(w):
                nx, ny = (x + direction.dx) % w, (y + direction.dy) % h
                cells[ny * w + nx] = self.cells[y * w + x]
        return Grid(w, h, tuple(cells))

    def flipped(self, left_right: bool) -> Grid:
        w, h = self.width, self.height
        if left_right:
            order = [y * w + (w - 1 - x) for y in range(h) for x in range(w)]
        else:
            order = [(h - 1 - y) * w + x for y in range(h) for x in range(w)]
        return Grid(w, h, tuple(self.cells[i] for i in order))

    def rotated(self) -> Grid:
        """A quarter turn clockwise."""
        w, h = self.width, self.height
        # New row y, column x holds old column y, row h-1-x.
        cells = tuple(self.cells[(h - 1 - x) * w + y] for y in range(w) for x in range(h))
        return Grid(h, w, cells)

    def trimmed(self) -> Grid:
        """Walls nobody can touch cleared, then empty rows and columns cut from the edges
        (never below 3x3)."""
        touchable = self._touchable()
        w = self.width
        cells = list(self.cells)
        for index, cell in enumerate(cells):
            if cell == WALL and not _near(index, w, self.height, touchable):
                cells[index] = FLOOR
        grid = Grid(w, self.height, tuple(cells))
        used = [i for i, cell in enumerate(cells) if cell != FLOOR]
        if not used:
            return grid
        xs, ys = [i % w for i in used], [i // w for i in used]
        left, top = min(xs), min(ys)
        width = max(MIN_SIDE, max(xs) - left + 1)
        height = max(MIN_SIDE, max(ys) - top + 1)
        left, top = min(left, w - width), min(top, self.height - height)
        return grid._moved_into(width, height, -left, -top)

    def _touchable(self) -> set[int]:
        """Squares with something on them, and the floor the player can walk to."""
        squares = {i for i, cell in enumerate(self.cells) if cell not in (WALL, FLOOR)}
        return squares | self.player_region()

    def player_region(self) -> set[int]:
        """The squares (as indices) the player can walk to, boxes not stopping him; none
        without a player."""
        start = self.player()
        if start is None:
            return set()
        cells = self.cells
        first = start[1] * self.width + start[0]
        return grid_region(self.width, self.height, [first], lambda near: cells[near] != WALL)

    # -- rectangles ------------------------------------------------------------------------
    def block(self, rect: Rect) -> Grid:
        """The squares of ``rect`` as a grid of their own (a copied block, any size)."""
        cells = tuple(self.at(x, y) for x, y in rect.squares())
        return Grid(rect.width, rect.height, cells)

    def pasted(self, block: Grid, x: int, y: int) -> Grid | None:
        """``block`` laid with its top left on (x, y); None if any of it would cross the border."""
        if x < 0 or y < 0 or x + block.width > self.width or y + block.height > self.height:
            return None
        changes = [
            (x + bx, y + by, block.at(bx, by))
            for by in range(block.height)
            for bx in range(block.width)
        ]
        # The block's player goes in last, so it is the one that stays.
        changes.sort(key=lambda change: has_player(change[2]))
        return self.with_cells(changes)

    def cleared(self, rect: Rect) -> Grid:
        return self.with_cells((x, y, FLOOR) for x, y in rect.squares())


def _near(square: int, width: int, height: int, squares: set[int]) -> bool:
    """Whether any of the 8 squares around ``square`` (or itself) is in ``squares``."""
    x, y = square % width, square // width
    for ny in range(max(0, y - 1), min(height, y + 2)):
        for nx in range(max(0, x - 1), min(width, x + 2)):
            if ny * width + nx in squares:
                return True
    return False


def squares_between(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares from ``start`` (left out) to ``end``, so a fast drag leaves no gaps."""
    steps = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
    if steps == 0:
        return [end]
    return [
        (
            start[0] + round((end[0] - start[0]) * i / steps),
            start[1] + round((end[1] - start[1]) * i / steps),
        )
        for i in range(1, steps + 1)
    ]
