"""PI-corral pruning: on random rooms a brute-force search agrees that the pushes the rule
keeps lose no solution, and that a corral it calls dead is."""

from __future__ import annotations

import pytest

from game.core.level import Level
from game.core.xsb import parse_level
from game.solver.analysis.board import bits_of, mask_of
from game.solver.deadlock.corral import CorralPruner
from game.solver.result import Limits
from game.solver.search.portfolio import PORTFOLIOS, feature_space_base_plain_far, take_turns
from game.solver.search.problem import Problem
from tests.solver.helpers import corrals_of, problem_of_level, random_rooms, solvable


def kept_pushes(
    problem: Problem, boxes: int, player: int, pockets: bool = False
) -> list[tuple[int, int]] | None:
    """The pushes (box, target) the corral rule keeps at this position (``pockets``: corrals
    grown by their pockets too); None when it keeps every push."""
    region = problem.region(boxes, player)
    rule = CorralPruner(
        problem.floor, problem.live, problem.goals, problem.width, problem.offsets, pockets
    )
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
    return not solvable(level, boxes, level.player) or keeps_a_solution(level, boxes, pushes)


def keeps_a_solution(level: Level, boxes: int, pushes: list[tuple[int, int]]) -> bool:
    """Whether some of ``pushes`` leaves the position solvable."""
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


# The two areas at the left, above and below the box (2, 3), are a PI-corral together, with two
# pushes into it ((3, 2) and (3, 4) to the left): each alone has a push into it from the other,
# where the player is not, and all three areas together (with the square (3, 3)) a push out of
# them. Festival's corral expansion grows either by the other, as the box between them could
# be pushed from one into the other.
POCKET = """\
###########
#   ## #  #
#  $.  ## #
##$ $ .   #
#  $@.  ###
#   #   . #
###########"""


def test_a_corral_grown_by_its_pocket_keeps_two_pushes_and_loses_no_solution() -> None:
    level = parse_level(POCKET)
    problem, boxes = problem_of_level(level), mask_of(level.boxes)
    assert kept_pushes(problem, boxes, level.player) is None
    pushes = kept_pushes(problem, boxes, level.player, pockets=True)
    row = problem.width  # a square (x, y) is x + y * row
    left = [(3 + 2 * row, 2 + 2 * row), (3 + 4 * row, 2 + 4 * row)]
    assert pushes is not None and sorted(pushes) == left
    assert solvable(level, boxes, level.player)
    assert keeps_a_solution(level, boxes, pushes)


def test_corrals_grown_by_their_pockets_lose_no_solution() -> None:
    grown = 0
    # Rooms open enough for several corrals at once, so that pockets happen (one room in some
    # thousand): wherever the pockets change what the rule keeps, a brute force agrees.
    for level in random_rooms(4000, 7, ((7, 9), (5, 6)), (4, 6), 1 / 5):
        problem, boxes = problem_of_level(level), mask_of(level.boxes)
        pushes = kept_pushes(problem, boxes, level.player, pockets=True)
        if pushes is not None and pushes != kept_pushes(problem, boxes, level.player):
            grown += 1
            assert loses_no_solution(level, boxes, pushes), level.to_xsb()
    assert grown >= 3


# Pockets alone find this position dead: the areas one at a time and all together are no
# PI-corral, and an area grown by its pockets is one with no push into it.
SHUT_POCKETS = """\
###########
## #    @ #
# #  .  $.#
# #$   $ ##
#$ $..    #
#.#.#  # $#
###########"""


@pytest.mark.parametrize(
    ("text", "solved"), [(POCKET, True), (SHUT_POCKETS, False)], ids=["pocket", "shut"]
)
def test_the_plain_far_twin_asking_pockets_solves_or_proves_unsolvable(
    text: str, solved: bool
) -> None:
    level = parse_level(text)
    problem, boxes = problem_of_level(level), mask_of(level.boxes)
    assert kept_pushes(problem, boxes, level.player, pockets=True) != kept_pushes(
        problem, boxes, level.player
    )
    assert solvable(level, boxes, level.player) is solved
    # The search that asks pockets in `fast`, alone (on a level this small `fast` runs it not).
    outcome = take_turns(
        problem, Limits(20, None, 1 << 30, None, None), [(feature_space_base_plain_far, 1)]
    )
    assert (outcome.pushes is not None) is solved


def test_in_fast_only_the_plain_far_twin_asks_pockets() -> None:
    # Pockets in the other searches over box moves lost Sasquatch 16 and 40 (docs/solver.md).
    problem = problem_of_level(parse_level(POCKET))
    limits = Limits(20, None, 1 << 30, None, None)
    asking = [
        factory
        for factory in PORTFOLIOS["fast"][0]
        if getattr(getattr(factory(problem, limits, True), "corrals", None), "pockets", False)
    ]
    assert asking == [feature_space_base_plain_far]
