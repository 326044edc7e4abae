"""What a grid being edited lacks to be a level, and the level it makes once it lacks nothing.

The status line and the save rules read the same problems, in the order a player fixes them.
"""

from __future__ import annotations

from game.core.edit_grid import Grid, has_box, has_player, is_goal
from game.core.errors import LevelError
from game.core.level import Level
from game.core.problems import Problem, ProblemKind
from game.core.wording import counted
from game.core.xsb import parse_level

SOLUTION_KEY = "Solution"


def problems(grid: Grid) -> list[str]:
    """Why ``grid`` is not a playable level yet, each in a few words; empty when it is one."""
    found: list[str] = []
    players = sum(1 for cell in grid.cells if has_player(cell))
    boxes = sum(1 for cell in grid.cells if has_box(cell))
    goals = sum(1 for cell in grid.cells if is_goal(cell))
    if players == 0:
        found.append("no player")
    elif players > 1:
        found.append(counted(players, "player"))
    if boxes == 0:
        found.append("no box")
    if boxes != goals:
        found.append(f"{counted(boxes, 'box', 'boxes')} and {counted(goals, 'goal')}")
    if players == 1 and walks_off(grid):
        found.append("the player can walk off the board")
    if boxes and not found and all(has_box(cell) for cell in grid.cells if is_goal(cell)):
        found.append("already solved: every goal holds a box")
    return found


def walks_off(grid: Grid) -> bool:
    """Whether the player can reach the edge of the board (boxes do not stop him)."""
    w, h = grid.width, grid.height
    return any(i % w in (0, w - 1) or i // w in (0, h - 1) for i in grid.player_region())


def to_level(
    grid: Grid, title: str = "", author: str = "", comment: str = "", solution: str = ""
) -> Level:
    """The level ``grid`` draws, with its metadata and solution; LevelError if it is none."""
    extra = ((SOLUTION_KEY, solution),) if solution else ()
    return parse_level(grid.rows(), title=title, author=author, comment=comment, extra=extra)


def level_origin(grid: Grid) -> tuple[int, int]:
    """Where the level made from ``grid`` starts on it: reading a level cuts the empty rows
    and columns around it, so square (x, y) of the level is (x + left, y + top) here."""
    used = [i for i, cell in enumerate(grid.cells) if cell != " "]
    if not used:
        return 0, 0
    return min(i % grid.width for i in used), min(i // grid.width for i in used)


def grid_of(level: Level) -> Grid:
    """The editor's grid for a level, grown to at least 3x3."""
    return Grid.from_rows(level.rows())


def solution_of(level: Level) -> str:
    return dict(level.extra).get(SOLUTION_KEY, "")


def level_or_problem(grid: Grid, **metadata: str) -> Level | Problem:
    """The level, or the problem (NOT_A_LEVEL) of the first reason there is none (a check
    above, or the reader's own)."""
    found = problems(grid)
    if found:
        return Problem(ProblemKind.NOT_A_LEVEL, found[0])
    try:
        return to_level(grid, **metadata)
    except LevelError as error:
        return Problem(ProblemKind.NOT_A_LEVEL, error.reason)


def one_line_rle(grid: Grid) -> str:
    """The board as one line of run-length rows joined by ``|`` (``4#|#@$.#|4#``)."""
    return "|".join(_runs(row.replace(" ", "-")) for row in grid.rows())


def _runs(row: str) -> str:
    out: list[str] = []
    index = 0
    while index < len(row):
        end = index
        while end < len(row) and row[end] == row[index]:
            end += 1
        count = end - index
        out.append(f"{count}{row[index]}" if count > 1 else row[index])
        index = end
    return "".join(out)
