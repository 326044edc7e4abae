"""Helpers shared by the solver tests.

Builds the solver's view of a hand-made level, as the methods do.
"""

from __future__ import annotations

import random

from game.core.errors import LevelError
from game.core.level import Level
from game.core.xsb import parse_level
from game.solver.analysis.areas import area_parts
from game.solver.analysis.board import Analysis, bits_of, flood, mask_of, no_stop
from game.solver.search.problem import Problem


def problem_of(text: str) -> Problem:
    """The search problem of the level in ``text`` (XSB), from its start position."""
    return problem_of_level(parse_level(text))


def problem_of_level(level: Level) -> Problem:
    """The search problem of ``level``, from its start position."""
    analysis = Analysis(level.board, level.player)
    return Problem(analysis, mask_of(level.boxes), level.player)


def corrals_of(problem: Problem, boxes: int, region: int) -> list[int]:
    """The areas the player in ``region`` cannot reach, as the searches give the corral rules."""
    return area_parts(problem.floor & ~boxes, region, problem.width, no_stop)[1:]


def solvable(level: Level, boxes: int, player: int) -> bool:
    """Brute force over pushes, the player's area standing for his square: whether the boxes
    can all reach goals from this position."""
    problem = problem_of_level(level)
    floor, width, goals = problem.floor, problem.width, problem.goals
    offsets = (1, -1, width, -width)
    start = (boxes, min(bits_of(flood(1 << player, floor & ~boxes, width))))
    seen = {start}
    frontier = [start]
    while frontier:
        following = []
        for boxes, stand in frontier:
            if boxes == goals:
                return True
            region = flood(1 << stand, floor & ~boxes, width)
            for box in bits_of(boxes):
                for offset in offsets:
                    ahead = box + offset
                    if not region >> (box - offset) & 1 or not floor >> ahead & 1:
                        continue
                    if boxes >> ahead & 1:
                        continue
                    after = boxes ^ (1 << box | 1 << ahead)
                    area = flood(1 << box, floor & ~after, width)
                    state = (after, min(bits_of(area)))
                    if state not in seen:
                        seen.add(state)
                        following.append(state)
        frontier = following
    return False


def random_rooms(
    count: int,
    seed: int,
    sizes: tuple[tuple[int, int], tuple[int, int]],
    boxes: tuple[int, int],
    walls: float,
) -> list[Level]:
    """Closed rooms of random walls (each square a wall at odds ``walls``), widths and heights
    drawn from the ranges of ``sizes``, boxes from the range ``boxes`` with as many goals, the
    player anywhere (rooms that do not parse are skipped)."""
    rng = random.Random(seed)
    (narrow, wide), (low, high) = sizes
    levels: list[Level] = []
    while len(levels) < count:
        width, height = rng.randint(narrow, wide), rng.randint(low, high)
        cells = [
            ["#" if rng.random() < walls else " " for _ in range(width)] for _ in range(height)
        ]
        free = [(x, y) for y in range(height) for x in range(width) if cells[y][x] == " "]
        placed = rng.randint(*boxes)
        if len(free) < 2 * placed + 1:
            continue
        chosen = rng.sample(free, 2 * placed + 1)
        for index, (x, y) in enumerate(chosen):
            cells[y][x] = "@" if index == 0 else "$" if index <= placed else "."
        rows = ["#" * (width + 2), *("#" + "".join(r) + "#" for r in cells), "#" * (width + 2)]
        try:
            levels.append(parse_level("\n".join(rows)))
        except LevelError:
            continue
    return levels
