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
from game.core.wording import counted

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
_RUN_MARK = re.compile(r"[0-9|]")

# Rows are first rewritten into standard characters, one for one, so columns keep their place.
_STANDARD = {
    _WALL: "#", _FLOOR: " ", _GOAL: ".", _BOX: "$", _BOX_ON_GOAL: "*",
    _PLAYER: "@", _PLAYER_ON_GOAL: "+",
}
_TO_STANDARD = {
    dialect: str.maketrans({ch: _STANDARD[square] for ch, square in charset.items()})
    for dialect, charset in CHARSETS.items()
}
_UNKNOWN = {
    dialect: re.compile("[^\n" + re.escape("".join(charset)) + "]")
    for dialect, charset in CHARSETS.items()
}
_PLAYER_MARK = re.compile(r"[@+]")
_BOX_MARK = re.compile(r"[$*]")
_PAST_ROW = "~"  # the squares right of a row shorter than the board
_REACHED = "f"  # floor the player can reach
_OUTSIDE_MARKS = " " + _PAST_ROW  # what is left of these after the flood fill is outside
# For the flood fill: every character to \x00 except walls (or the squares past a row's end).
_WALLS = {ord(ch): "\x01" if ch == "#" else "\x00" for ch in "#$*@+. ~"}
_PAST_ROWS = {ord(ch): "\x01" if ch == _PAST_ROW else "\x00" for ch in "#$*@+. ~"}
_TILE_OF = {
    "#": Tile.WALL, _REACHED: Tile.FLOOR, "$": Tile.FLOOR, "@": Tile.FLOOR,
    ".": Tile.GOAL, "*": Tile.GOAL, "+": Tile.GOAL, " ": Tile.OUTSIDE, _PAST_ROW: Tile.OUTSIDE,
}


def detect_dialect(rows: Sequence[str]) -> Dialect:
    """Guess the dialect from the characters used: X or G mean seeds/001, O or Q seeds/000.

    >>> detect_dialect(["#@$.#"]), detect_dialect(["#@OX#"]), detect_dialect(["#@O.#"])
    (<Dialect.STANDARD: 'standard'>, <Dialect.XG: 'xg'>, <Dialect.OQ: 'oq'>)
    """
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
    if not _RUN_MARK.search(line):
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
    """Read, validate and normalise one level; raise :class:`LevelError` on any fault.

    Floor the player cannot reach is outside, and rows and columns of nothing but the outside
    are cut away:

    >>> level = parse_level("   #####\\n   #@$.#\\n   #####", title="Tiny")
    >>> level.width, level.height, level.rows()
    (5, 3, ['#####', '#@$.#', '#####'])
    >>> parse_level("#####\\n#@$.#\\n#@$.#\\n#####")
    Traceback (most recent call last):
    ...
    game.core.errors.LevelError: the level has 2 players (line 2 column 2, line 3 column 2)
    """
    lines = text.splitlines() if isinstance(text, str) else list(text)
    if _RUN_MARK.search("".join(lines)) is None:  # the usual case, without the per-line work
        numbered = [(first_line + offset, line.rstrip()) for offset, line in enumerate(lines)]
    else:
        numbered = [
            (first_line + offset, row.rstrip())
            for offset, line in enumerate(lines)
            for row in expand_runs(line.rstrip("\r\n"), first_line + offset)
        ]
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
    # String operations on whole rows do the per-square work: a file of 100,000 small levels
    # is read in seconds rather than minutes.
    if not numbered:
        raise LevelError("the level is empty", first_line)
    rows = [row for _, row in numbered]
    height = len(rows)
    width = max(map(len, rows))
    if width > MAX_SIDE or height > MAX_SIDE:
        raise LevelError(f"the board is {width}x{height}; at most {MAX_SIDE}x{MAX_SIDE} is allowed")
    if dialect is Dialect.AUTO:
        dialect = detect_dialect(rows)
    text = "\n".join(rows)
    unknown = _UNKNOWN[dialect].search(text)
    if unknown:
        y = text.count("\n", 0, unknown.start())
        raise LevelError(
            f"unknown character {unknown.group()!r} for the {dialect.value} dialect",
            numbered[y][0],
            unknown.start() - text.rfind("\n", 0, unknown.start()),
        )
    standard = text.translate(_TO_STANDARD[dialect]).split("\n")
    grid = "".join(row.ljust(width, _PAST_ROW) for row in standard)

    players = [found.start() for found in _PLAYER_MARK.finditer(grid)]
    if not players:
        raise LevelError("the level has no player")
    if len(players) > 1:
        where = ", ".join(
            f"line {numbered[square // width][0]} column {square % width + 1}" for square in players
        )
        raise LevelError(f"the level has {counted(len(players), 'player')} ({where})")
    boxes = grid.count("$") + grid.count("*")
    goals = grid.count(".") + grid.count("*") + grid.count("+")
    if not boxes:
        raise LevelError("the level has no boxes")
    if boxes != goals:
        raise LevelError(
            f"the level has {counted(boxes, 'box', 'boxes')} but {counted(goals, 'goal')}"
        )
    reached = _flood(grid, players[0], width, numbered)
    if "$" not in grid:
        raise LevelError("the level is already solved: every goal holds a box")
    return _trimmed(reached, width, players[0], title, author, comment, extra)


def _flood(grid: str, player: int, width: int, numbered: list[tuple[int, str]]) -> str:
    """The grid with the floor the player can reach marked; error if he can leave the board.

    Squares he cannot reach stay outside, except walls, boxes and goals: those are real
    content, kept for the solver to judge.
    """
    height = len(grid) // width
    cells = list(grid)
    # 1 where the flood may not go (walls) or may not reach (the edge, past a row's end).
    seen = bytearray(grid.translate(_WALLS).encode("latin-1"))
    exits = bytearray(grid.translate(_PAST_ROWS).encode("latin-1"))
    exits[:width] = exits[-width:] = b"\x01" * width
    exits[::width] = exits[width - 1 :: width] = b"\x01" * height
    seen[player] = 1
    stack = [player]
    while stack:
        square = stack.pop()
        if exits[square]:
            y, x = divmod(square, width)
            raise LevelError(
                "the level is not closed: the player can walk off the board here",
                numbered[y][0],
                x + 1,
            )
        if cells[square] == " ":
            cells[square] = _REACHED
        for nxt in (square - 1, square + 1, square - width, square + width):
            if not seen[nxt]:
                seen[nxt] = 1
                stack.append(nxt)
    return "".join(cells)


def _trimmed(
    grid: str,
    width: int,
    player: int,
    title: str,
    author: str,
    comment: str,
    extra: tuple[tuple[str, str], ...],
) -> Level:
    """Cut away rows and columns that hold nothing but the outside, and make the level."""
    rows = [grid[start : start + width] for start in range(0, len(grid), width)]
    used = [index for index, row in enumerate(rows) if row.strip(_OUTSIDE_MARKS)]
    kept = rows[used[0] : used[-1] + 1]
    left = min(len(row) - len(row.lstrip(_OUTSIDE_MARKS)) for row in kept)
    right = max(len(row.rstrip(_OUTSIDE_MARKS)) for row in kept)
    cut = "".join(row[left:right] for row in kept)
    board = Board(right - left, len(kept), tuple(map(_TILE_OF.__getitem__, cut)))
    boxes = frozenset(found.start() for found in _BOX_MARK.finditer(cut))
    y, x = divmod(player, width)
    moved = (y - used[0]) * board.width + x - left
    return Level(board, boxes, moved, title=title, author=author, comment=comment, extra=extra)
