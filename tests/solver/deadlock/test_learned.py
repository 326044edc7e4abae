"""Learned deadlocks: patterns proven dead by small searches, found again in larger positions
only where the player's side condition holds, and solutions that stay valid."""

from __future__ import annotations

import pytest

from game.core.xsb import parse_level
from game.solver import SolveStatus, solve
from game.solver.deadlock import learned
from game.solver.deadlock.corral_deadlock import CorralDeadlocks
from game.solver.deadlock.learned import positions_after
from game.solver.result import Limits
from game.solver.search.best_first import BestFirst
from game.solver.search.fess import FeatureSearch
from game.solver.search.problem import Problem
from tests.solver.helpers import corrals_of, problem_of

# Two boxes stand in the two doors of a one-row room: each door could be opened from inside
# through the other, but with both shut the player can only push them into the room, where
# they die. No square is dead, nothing is frozen and the matching holds.
DOORS = "\n".join(
    [
        "#########",
        "#@  ..  #",
        "#       #",
        "###$#$###",
        "  #   #",
        "  #####",
    ]
)
WIDTH = 9
LEFT_DOOR, RIGHT_DOOR = 3 + 3 * WIDTH, 5 + 3 * WIDTH
ABOVE, IN_ROOM, SPARE = 1 + 1 * WIDTH, 4 + 4 * WIDTH, 2 + 2 * WIDTH

# A small solvable level on which feature space search proves corrals dead and greedy search
# then meets the patterns.
SMALL = "\n".join(
    [
        "########",
        "##  .$ #",
        "#.$  . #",
        "#  #$  #",
        "## #@  #",
        "##  # ##",
        "########",
    ]
)


def test_a_corral_proof_learns_the_smallest_dead_pattern() -> None:
    problem = problem_of(DOORS)
    region = problem.region(problem.start_boxes, problem.start_player)
    more = problem.start_boxes | 1 << SPARE
    above = problem.region(more, ABOVE)
    assert CorralDeadlocks(problem).is_deadlock(more, above, corrals_of(problem, more, above))
    # The spare box is dropped; both door boxes are needed (one door alone can be opened
    # through the other), and the proof holds with the player above the doors.
    assert problem.learned.areas == {problem.start_boxes: region}
    assert not region >> IN_ROOM & 1


def learned_doors() -> tuple[Problem, int]:
    """The doors level after its corral was proved dead, and its boxes plus the spare one."""
    problem = problem_of(DOORS)
    region = problem.region(problem.start_boxes, problem.start_player)
    boxes = problem.start_boxes
    assert CorralDeadlocks(problem).is_deadlock(boxes, region, corrals_of(problem, boxes, region))
    return problem, problem.start_boxes | 1 << SPARE


def test_a_pattern_is_found_in_a_position_holding_more_boxes() -> None:
    problem, more = learned_doors()
    table = problem.learned
    assert table.dead(more, ABOVE)
    assert table.dead_after(more, RIGHT_DOOR, ABOVE)
    # A fresh checker on the same problem finds it in the table without a search.
    again = CorralDeadlocks(problem)
    above = problem.region(more, ABOVE)
    assert again.is_deadlock(more, above, corrals_of(problem, more, above))
    assert again.proofs == 0


def test_a_pattern_is_not_found_where_its_side_condition_fails() -> None:
    problem, more = learned_doors()
    table = problem.learned
    assert not table.dead(more, IN_ROOM)  # the player inside can push the boxes out
    assert not table.dead(more & ~(1 << LEFT_DOOR), ABOVE)  # one box is missing
    assert not table.dead_after(more, SPARE + 1, ABOVE)  # no pattern holds that square


def test_greedy_search_meets_the_patterns_and_solutions_stay_valid() -> None:
    problem = problem_of(SMALL)
    limits = Limits(None, 10_000, 1 << 31, None, None)
    # Feature space search proves corrals dead; greedy search on the same problem uses them.
    assert FeatureSearch(problem, limits).run().pushes is not None
    assert len(problem.learned) > 0
    matches = problem.learned.matches
    assert BestFirst(problem, limits).run().pushes is not None
    assert problem.learned.matches > matches
    for method in ("greedy", "fess", "fast"):
        result = solve(parse_level(SMALL), method=method)
        assert result.status is SolveStatus.SOLVED  # solve replays every solution it returns


def test_the_move_generator_leaves_out_pushes_that_complete_a_pattern() -> None:
    problem = problem_of(DOORS)
    region = problem.region(problem.start_boxes, problem.start_player)
    boxes = problem.start_boxes
    assert CorralDeadlocks(problem).is_deadlock(boxes, region, corrals_of(problem, boxes, region))
    lifted = problem.start_boxes & ~(1 << LEFT_DOOR) | 1 << (LEFT_DOOR - WIDTH)
    around = problem.region(lifted, problem.start_player)
    into_door = (LEFT_DOOR - WIDTH, 3, problem.start_boxes)
    assert into_door not in problem.pushes(lifted, around)
    assert into_door in problem_of(DOORS).pushes(lifted, around)  # nothing learned there


def test_the_pushes_kept_per_position_meet_the_patterns_learned_since(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = problem_of(DOORS)
    lifted = problem.start_boxes & ~(1 << LEFT_DOOR) | 1 << (LEFT_DOOR - WIDTH)
    around = problem.region(lifted, problem.start_player)
    before = list(positions_after(problem, lifted, around))  # nothing learned yet
    assert problem.start_boxes in [boxes for boxes, _ in before]  # back into the door
    twin = problem.apart()  # another search of the solve, with its own patterns
    region = problem.region(problem.start_boxes, problem.start_player)
    boxes = problem.start_boxes
    assert CorralDeadlocks(problem).is_deadlock(boxes, region, corrals_of(problem, boxes, region))

    def no_pushes(*_: object, **__: object) -> list[tuple[int, int, int]]:
        raise AssertionError("the position's pushes were worked out again")

    monkeypatch.setattr(Problem, "pushes", no_pushes)
    after = list(positions_after(problem, lifted, around))
    assert after == [move for move in before if move[0] != problem.start_boxes]
    assert list(positions_after(twin, lifted, around)) == before  # its table has no pattern
    monkeypatch.undo()
    learned_afresh = problem_of(DOORS)
    assert CorralDeadlocks(learned_afresh).is_deadlock(
        boxes, region, corrals_of(learned_afresh, boxes, region)
    )
    assert list(positions_after(learned_afresh, lifted, around)) == after
    monkeypatch.setattr(learned, "SUCCESSORS_KEPT", 1)
    more = boxes | 1 << SPARE  # a position not met before: the others are forgotten
    spare_region = problem.region(more, problem.start_player)
    list(positions_after(problem, more, spare_region))
    assert list(problem.successors) == [(more, (spare_region & -spare_region).bit_length())]
