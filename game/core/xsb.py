"""Reading one level from text: standard XSB, run-length rows and the two seed dialects.

Validation and normalisation happen here, so every :class:`Level` in the program is sound.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

from game.core.board import Board, Tile
from game.core.digits import count_of, shortened
from game.core.errors import LevelError
from game.core.level import Level

MAX_SIDE = 100


class Dialect(Enum):
    """The character sets a level may be written in."""

    AUTO = "auto"
    STANDARD = "standard"  # # @ + $ * . and space, - or _ for floor
    OQ = "oq"  # seeds/000: O box, Q box on goal, . goal
    XG = "xg"  # seeds/001: O box, X goal, G box on goal, . floor


# Each character means (tile, box, player).
_Square = tuple[Tile, bool, bool]
_WALL: _Square = (Tile.WALL, False, False)
_FLOOR: _Square = (Tile.FLOOR, False, False)
_GOAL: _Square = (Tile.GOAL, False, False)
_BOX: _Square = (Tile.FLOOR, True, False)
_BOX_ON_GOAL: _Square = (Tile.GOAL, True, False)
_PLAYER: _Square = (Tile.FLOOR, False, True)
_PLAYER_ON_GOAL: _Square = (Tile.GOAL, False, True)

CHARSETS: dict[Dialect, dict[str, _Square]] = {
    Dialect.STANDARD: {
        "#": _WALL, " ": _FLOOR, "-": _FLOOR, "_": _FLOOR, ".": _GOAL,
        "$": _BOX, "*": _BOX_ON_GOAL, "@": _PLAYER, "+": _PLAYER_ON_GOAL,
        "b": _BOX, "B": _BOX_ON_GOAL, "p": _PLAYER, "P": _PLAYER_ON_GOAL,
    },
    Dialect.OQ: {
        "#": _WALL, " ": _FLOOR, "-": _FLOOR, "_": _FLOOR, ".": _GOAL,
        "O": _BOX, "Q": _BOX_ON_GOAL, "@": _PLAYER, "+": _PLAYER_ON_GOAL,
    },
    Dialect.XG: {
        "#": _WALL, " ": _FLOOR, ".": _FLOOR, "X": _GOAL,
        "O": _BOX, "G": _BOX_ON_GOAL, "@": _PLAYER, "+": _PLAYER_ON_GOAL,
    },
}
_DIGITS = "0123456789"
BOARD_CHARACTERS = frozenset("".join("".join(c) for c in CHARSETS.values()) + _DIGITS + "|")
# ASCII digits only: a "²" or "٣" in a row is an unknown character, not a run length.
_RUN = re.compile(r"([0-9]+)([^0-9])")


def detect_dialect(rows: Sequence[str]) -> Dialect:
    """Guess the dialect from the characters used: X or G mean seeds/001, O or Q seeds/000."""
    used = set("".join(rows))
    if used & {"$", "*"}:
        return Dialect.STANDARD
    if used & {"X", "G"}:
        return Dialect.XG
    if used & {"O", "Q"}:
        return Dialect.OQ
    return Dialect.STANDARD


def expand_runs(line: str, line_number: int) -> list[str]:
    """Expand run-length rows (``4#`` is ``####``) and split rows joined with ``|``.

    >>> expand_runs("4#|#@$.#|4#", 1)
    ['####', '#@$.#', '####']
    >>> expand_runs("#3$#", 1)
    ['#$$$#']
    """
    if not any(ch in _DIGITS or ch == "|" for ch in line):
        return [line]
    if line.rstrip() and line.rstrip()[-1] in _DIGITS:
        raise LevelError("a run length at the end of a row repeats nothing", line_number, len(line))
    for match in _RUN.finditer(line):
        if count_of(match.group(1), MAX_SIDE) > MAX_SIDE:
            # Checked before expanding, so a hostile "99999999#" cannot eat the memory.
            raise LevelError(
                f"a run of {shortened(match.group(1))} is longer than a row may be ({MAX_SIDE})",
                line_number,
                match.start() + 1,
            )
    expanded = _RUN.sub(lambda m: m.group(2) * int(m.group(1)), line)
    return expanded.split("|")


def parse_level(
    text: str | Sequence[str],
    dialect: Dialect = Dialect.AUTO,
    first_line: int = 1,
    title: str = "",
    author: str = "",
    comment: str = "",
    extra: tuple[tuple[str, str], ...] = (),
) -> Level:
    """Read, validate and normalise one level; raise :class:`LevelError` on any fault."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    numbered: list[tuple[int, str]] = []
    for offset, line in enumerate(lines):
        number = first_line + offset
        for row in expand_runs(line.rstrip("\r\n"), number):
            numbered.append((number, row.rstrip()))
    while numbered and not numbered[0][1].strip():
        numbered.pop(0)
    while numbered and not numbered[-1][1].strip():
        numbered.pop()
    try:
        return _build(numbered, dialect, first_line, title, author, comment, extra)
    except LevelError as error:
        if title and error.title is None:
            raise LevelError(error.reason, error.line, error.column, title) from None
        raise


def _build(
    numbered: list[tuple[int, str]],
    dialect: Dialect,
    first_line: int,
    title: str,
    author: str,
    comment: str,
    extra: tuple[tuple[str, str], ...],
) -> Level:
    if not numbered:
        raise LevelError("the level is empty", first_line)
    height = len(numbered)
    width = max(len(row) for _, row in numbered)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise LevelError(f"the board is {width}x{height}; at most {MAX_SIDE}x{MAX_SIDE} is allowed")
    if dialect is Dialect.AUTO:
        dialect = detect_dialect([row for _, row in numbered])
    charset = CHARSETS[dialect]

    tiles = [Tile.FLOOR] * (width * height)
    boxes: set[int] = set()
    players: list[tuple[int, int, int]] = []
    for y, (number, row) in enumerate(numbered):
        for x, ch in enumerate(row):
            meaning = charset.get(ch)
            if meaning is None:
                raise LevelError(
                    f"unknown character {ch!r} for the {dialect.value} dialect", number, x + 1
                )
            square = y * width + x
            tile, has_box, has_player = meaning
            tiles[square] = tile
            if has_box:
                boxes.add(square)
            if has_player:
                players.append((square, number, x + 1))

    if not players:
        raise LevelError("the level has no player")
    if len(players) > 1:
        where = ", ".join(f"line {n} column {c}" for _, n, c in players)
        raise LevelError(f"the level has {len(players)} players ({where})")
    player = players[0][0]
    goals = {i for i, tile in enumerate(tiles) if tile is Tile.GOAL}
    if not boxes:
        raise LevelError("the level has no boxes")
    if len(boxes) != len(goals):
        raise LevelError(f"the level has {len(boxes)} boxes but {len(goals)} goals")

    inside = _area_of(player, tiles, width, height, numbered)
    if boxes == goals:
        raise LevelError("the level is already solved: every goal holds a box")

    for square in range(width * height):
        if tiles[square] is Tile.WALL or square in inside:
            continue
        if square in boxes or tiles[square] is Tile.GOAL:
            continue  # unreachable, but real content: keep it and let the solver judge
        tiles[square] = Tile.OUTSIDE
    return _trimmed(tiles, width, height, boxes, player, title, author, comment, extra)


def _area_of(
    player: int, tiles: list[Tile], width: int, height: int, numbered: list[tuple[int, str]]
) -> set[int]:
    """Squares the player could reach if no box were in the way; error if he can leave the board."""
    seen = {player}
    stack = [player]
    while stack:
        square = stack.pop()
        x, y = square % width, square // width
        row = numbered[y][1]
        if x == 0 or y == 0 or x == width - 1 or y == height - 1 or x >= len(row):
            raise LevelError(
                "the level is not closed: the player can walk off the board here",
                numbered[y][0],
                x + 1,
            )
        for nxt in (square - 1, square + 1, square - width, square + width):
            if nxt not in seen and tiles[nxt] is not Tile.WALL:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def _trimmed(
    tiles: list[Tile],
    width: int,
    height: int,
    boxes: set[int],
    player: int,
    title: str,
    author: str,
    comment: str,
    extra: tuple[tuple[str, str], ...],
) -> Level:
    """Cut away rows and columns that hold nothing but the outside."""
    used = [i for i, tile in enumerate(tiles) if tile is not Tile.OUTSIDE]
    xs = [i % width for i in used]
    ys = [i // width for i in used]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    new_width = right - left + 1
    new_height = bottom - top + 1

    def moved(square: int) -> int:
        return (square // width - top) * new_width + (square % width - left)

    new_tiles = tuple(
        tiles[(top + y) * width + left + x] for y in range(new_height) for x in range(new_width)
    )
    board = Board(new_width, new_height, new_tiles)
    return Level(
        board,
        frozenset(moved(b) for b in boxes),
        moved(player),
        title=title,
        author=author,
        comment=comment,
        extra=extra,
    )
