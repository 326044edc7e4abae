"""PI-corral pruning: on random rooms a brute-force search agrees that the pushes the rule
keeps lose no solution, and that a corral it calls dead is."""

from __future__ import annotations

from game.core.level import Level
from game.solver.analysis.board import bits_of, mask_of
from game.solver.deadlock.corral import CorralPruner
from game.solver.search.problem import Problem
from tests.solver.helpers import corrals_of, problem_of_level, random_rooms, solvable


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
    for level in random_rooms(800, 5, ((8, 8), (5, 5)), (3, 4), 2 / 7):
        boxes = mask_of(level.boxes)
        pushes = kept_pushes(problem_of_level(level), boxes, level.player)
        if pushes is not None:
            restricted += 1
            assert loses_no_solution(level, boxes, pushes), level.to_xsb()
    assert restricted >= 300
