"""PI-corral pruning: on random rooms a brute-force search agrees that the pushes the rule
keeps lose no solution, and that a corral it calls dead is."""

from __future__ import annotations

import random

from game.core.errors import LevelError
from game.core.level import Level
from game.core.xsb import parse_level
from game.solver.analysis.board import bits_of, mask_of
from game.solver.deadlock.corral import CorralPruner
from game.solver.search.problem import Problem
from tests.solver.helpers import corrals_of, problem_of_level, solvable


def kept_pushes(problem: Problem, boxes: int, player: int) -> list[tuple[int, int]] | None:
    """The pushes (box, target) the corral rule keeps at this position; None when it keeps
    every push."""
    region = problem.region(boxes, player)
    rule = CorralPruner(problem.floor, problem.live, problem.goals, problem.width, problem.offsets)
    masks = rule.restrict(boxes, region, corrals_of(problem, boxes, region))
    if masks is None:
        return None
    return [
        (box, box + offset)
        for mask, offset in zip(masks, problem.offsets, strict=True)
        for box in bits_of(mask)
        if region >> (box - offset) & 1 and not (boxes | ~problem.floor) >> (box + offset) & 1
    ]


def random_rooms(count: int, seed: int, size: tuple[int, int], most: int) -> list[Level]:
    """Rooms of ``size`` with random walls, ``most - 1`` or ``most`` boxes and their goals
    (``most`` at least 2), the player anywhere."""
    rng = random.Random(seed)
    width, height = size
    found: list[Level] = []
    while len(found) < count:
        cells = [[rng.choice("##     ") for _ in range(width)] for _ in range(height)]
        free = [(x, y) for y in range(height) for x in range(width) if cells[y][x] == " "]
        boxes = rng.randint(most - 1, most)
        if len(free) < 2 * boxes + 1:
            continue
        chosen = rng.sample(free, 2 * boxes + 1)
        for index, (x, y) in enumerate(chosen):
            cells[y][x] = "@" if index == 0 else "$" if index <= boxes else "."
        rows = ["#" * (width + 2), *("#" + "".join(r) + "#" for r in cells), "#" * (width + 2)]
        try:
            found.append(parse_level("\n".join(rows)))
        except LevelError:
            continue
    return found


def loses_no_solution(level: Level, boxes: int, pushes: list[tuple[int, int]]) -> bool:
    """Whether some kept push leaves the position solvable, if it was (no push kept claims
    that it was not)."""
    if not solvable(level, boxes, level.player):
        return True
    return any(solvable(level, boxes ^ (1 << box | 1 << target), box) for box, target in pushes)


def test_the_pushes_the_rule_keeps_lose_no_solution() -> None:
    restricted = 0
    # Crowded enough that a rule letting a barrier box be pushed out of its corral keeps no
    # push that solves one of them (checked by leaving that test out).
    for level in random_rooms(800, seed=5, size=(8, 5), most=4):
        boxes = mask_of(level.boxes)
        pushes = kept_pushes(problem_of_level(level), boxes, level.player)
        if pushes is not None:
            restricted += 1
            assert loses_no_solution(level, boxes, pushes), level.to_xsb()
    assert restricted >= 300
