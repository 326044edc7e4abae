"""Out-of-plan zones: the squares a parking plan is about to wall off from its later squares,
the boxes counted in them, and the advisor that moves a box out."""

from __future__ import annotations

import pytest

from game.solver.result import Limits
from game.solver.search import oop
from game.solver.search.advisors import Advisors
from game.solver.search.cells import NO_MOVE, PLAIN, Child
from game.solver.search.fess import FeatureSearch
from game.solver.search.oop import OutOfPlan
from game.solver.search.parking import ParkingPlan
from game.solver.search.problem import Problem
from tests.solver.helpers import problem_of

# Two rooms joined by a doorway with a goal in it (row 2, column 5); two goals in the right room.
TWO_ROOMS = "\n".join(
    [
        "###########",
        "#    #    #",
        "#  $ .  . #",
        "#  $ # $. #",
        "#  @ #    #",
        "###########",
    ]
)


def square(problem: Problem, row: int, column: int) -> int:
    return row * problem.width + column


def doorway_plan(problem: Problem) -> ParkingPlan:
    """Fill (2, 8), then the doorway, then (3, 8): the backward search's pulls, last first."""

    def at(row: int, column: int) -> int:
        return square(problem, row, column)

    pulls = [(at(3, 8), at(3, 7), True), (at(2, 5), at(2, 3), True), (at(2, 8), at(3, 3), True)]
    plan = ParkingPlan(0, pulls)
    assert plan.squares == [at(2, 8), at(2, 5), at(3, 8)]
    return plan


def test_the_left_room_is_out_of_plan_before_the_doorway_is_filled() -> None:
    problem = problem_of(TWO_ROOMS)
    out_of_plan = OutOfPlan(problem, doorway_plan(problem))
    left_box, other_left_box = square(problem, 2, 3), square(problem, 3, 3)
    right_box = square(problem, 3, 7)
    # Filling (2, 8) walls nothing off; filling the doorway walls off the left room. The zone
    # of step 0 is already the doorway's: the boxes must leave before the packing seals them.
    assert out_of_plan.zone(1) >> left_box & 1
    assert out_of_plan.zone(0) == out_of_plan.zone(1)
    assert not out_of_plan.zone(1) >> right_box & 1
    assert out_of_plan.count(problem.start_boxes, 0) == 2
    assert out_of_plan.count(1 << left_box | 1 << other_left_box | 1 << right_box, 1) == 2
    # After the last step there is nothing left to reach.
    assert out_of_plan.zone(2) == 0


def test_distances_grow_away_from_the_zone_and_moves_can_be_undone() -> None:
    problem = problem_of(TWO_ROOMS)
    out_of_plan = OutOfPlan(problem, doorway_plan(problem))
    distance = out_of_plan.distances(0)
    assert distance[square(problem, 2, 3)] == 0
    assert distance[square(problem, 2, 7)] == 1  # pushed right from (2, 6), in the zone
    assert out_of_plan.reversible(square(problem, 2, 3), square(problem, 2, 4))
    # Pushed down into the bottom row, a box can never come back up.
    assert not out_of_plan.reversible(square(problem, 3, 2), square(problem, 4, 2))


def child(rank: tuple[int, ...], boxes: int) -> Child[int]:
    return Child(PLAIN, rank, (boxes, 0), boxes, 0, NO_MOVE)


def test_the_out_of_plan_advisor_moves_a_box_out_of_the_zone_and_further_away() -> None:
    problem = problem_of(TWO_ROOMS)
    advisors = Advisors(problem, doorway_plan(problem), opener=True, zones=True)
    boxes = problem.start_boxes
    left_box = square(problem, 2, 3)
    stays = boxes & ~(1 << left_box)
    parent = (0, 2, 2, 0, 10)
    within = child((0, 2, 2, 0, 9), stays | 1 << square(problem, 2, 2))  # still in the zone
    out = child((0, 2, 1, 0, 11), stays | 1 << square(problem, 2, 7))  # out, one push away
    packs_less = child((1, 1, 0, 0, 3), stays | 1 << square(problem, 2, 8))
    children = [within, out, packs_less]
    assert advisors.clearing_child(children, parent, boxes) == 1


def test_the_base_planned_search_counts_the_boxes_in_the_zone() -> None:
    problem = problem_of(TWO_ROOMS)
    search = FeatureSearch(problem, Limits(10, None, 1 << 30, None, None), box_moves=True,
                           base_plan=True)
    advisors = search.ready()
    assert advisors.out_of_plan is not None
    region = problem.region(problem.start_boxes, problem.start_player)
    rank = search.rank_of(problem.start_boxes, region, 0)
    assert rank[2] == advisors.out_of_plan.count(problem.start_boxes, -rank[0])


def test_the_plain_twin_counts_no_zones() -> None:
    problem = problem_of(TWO_ROOMS)
    plain = FeatureSearch(problem, Limits(10, None, 1 << 30, None, None), box_moves=True,
                          base_plan=True, guided=False)
    assert plain.ready().out_of_plan is None
    assert not plain.new_cells_first


OPEN_ROOM = "\n".join(
    [
        "#########",
        "#.     .#",
        "#  $ $  #",
        "#   @   #",
        "#########",
    ]
)


def test_the_explorer_proposes_a_move_that_lets_the_player_push_another_box() -> None:
    problem = problem_of(OPEN_ROOM)
    at = problem.width
    plan = ParkingPlan(0, [(1 * at + 1, 2 * at + 3, True), (1 * at + 7, 2 * at + 5, True)])
    advisors = Advisors(problem, plan, opener=True, zones=True)
    boxes = problem.start_boxes
    moved = boxes & ~(1 << (2 * at + 5)) | 1 << (2 * at + 6)  # reversible: it can go back
    parent_region = 1 << (3 * at + 4)
    # The player now stands below the box at (2, 3), and (1, 3) above it is free: a new push.
    below = parent_region | 1 << (3 * at + 3)
    opening = Child(PLAIN, (0, 1, 0, 0, 9), (moved, 1), moved, below, NO_MOVE)
    nothing_new = Child(PLAIN, (0, 1, 0, 0, 5), (moved, 2), moved, parent_region, NO_MOVE)
    children = [nothing_new, opening]
    assert advisors.exploring_child(children, (0, 1, 0, 0, 7), boxes, parent_region) == 1


def test_on_a_board_too_large_to_work_out_there_are_no_zones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = problem_of(TWO_ROOMS)
    plan = doorway_plan(problem)
    assert Advisors(problem, plan, opener=True, zones=True).out_of_plan is not None
    monkeypatch.setattr(oop, "MOST_WORK", 0)
    assert Advisors(problem, plan, opener=True, zones=True).out_of_plan is None
