"""Hotspots: boxes in another box's way, counted per position, and the advisor that lowers them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.solver.analysis.board import bits_of
from game.solver.result import Limits
from game.solver.search import hotspots
from game.solver.search.advisors import Advisors
from game.solver.search.cells import NO_MOVE, PLAIN, Child
from game.solver.search.fess import FeatureSearch
from game.solver.search.packing import PackingPlan
from tests.solver.helpers import problem_of

CORRIDOR = "\n".join(["#######", "#..$$@#", "#######"])
ROOM = "\n".join(
    [
        "#########",
        "#.     .#",
        "#  $ $  #",
        "#   @   #",
        "#########",
    ]
)
ONE_HOME = "\n".join(["#######", "#.*$ @#", "#######"])
# Corridors and a room, goals in both: squares that block others, and squares that do not.
MAZE = "\n".join(
    [
        "##########",
        "#..  #   #",
        "#.$  $ $ #",
        "## ##  # #",
        "#. $   $.#",
        "# ## ##  #",
        "#.$ $ @ .#",
        "##########",
    ]
)


def test_two_boxes_in_one_corridor_are_each_in_the_others_way() -> None:
    problem = problem_of(CORRIDOR)
    assert problem.hotspots.count(problem.start_boxes) == 2


def test_boxes_in_an_open_room_are_in_nobodys_way() -> None:
    problem = problem_of(ROOM)
    assert problem.hotspots.count(problem.start_boxes) == 0


def test_a_box_on_a_goal_is_never_a_hotspot_nor_blocked() -> None:
    problem = problem_of(ONE_HOME)
    home = 1 * 7 + 2  # row 1, column 2: the box on a goal
    assert problem.start_boxes >> home & 1 and problem.goals >> home & 1
    assert problem.hotspots.blocks(home) == 0
    assert problem.hotspots.count(problem.start_boxes) == 0


def test_on_a_board_too_large_to_work_out_no_box_is_a_hotspot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hotspots, "MOST_SQUARES", 0)
    problem = problem_of(CORRIDOR)
    assert problem.hotspots.count(problem.start_boxes) == 0


# An open room of 19 x 12 squares and a corridor of 4 into it, two boxes in each other's way
# there (as in CORRIDOR): 232 squares and 20 goals.
WIDE_ROOM = "\n".join(
    [
        "#########################",
        "#####     .........     #",
        "#####     .........     #",
        "#####                   #",
        "#####  $ $ $ $ $ $ $ $ $#",
        "#..$$                   #",
        "#####  $ $ $ $ $ $ $ $ $#",
        "#####                   #",
        "#####        @          #",
        "#####                   #",
        "#####                   #",
        "#####                   #",
        "#####                   #",
        "#########################",
    ]
)


def test_a_board_of_many_goals_counts_hotspots_while_its_squares_are_few() -> None:
    problem = problem_of(WIDE_ROOM)
    squares, goals = len(problem.analysis.squares), len(problem.analysis.goal_list)
    # Cheap to work out (few squares), once left out for squares * squares * goals.
    assert squares <= hotspots.MOST_SQUARES and squares * squares * goals > 1_000_000
    assert problem.hotspots.count(problem.start_boxes) == 2


def child(rank: tuple[int, ...]) -> Child[int]:
    return Child(PLAIN, rank, (len(rank), 0), 0, 0, NO_MOVE)


def test_the_hotspots_advisor_proposes_the_best_child_with_fewer_hotspots() -> None:
    problem = problem_of(ROOM)
    plan = PackingPlan(problem.analysis, problem.start_boxes, problem.start_player)
    advisors = Advisors(problem, plan, opener=False)
    parent = (0, 2, 0, 2, 10)
    same = child((0, 2, 0, 2, 5))  # better, but no fewer hotspots
    cooler = child((0, 3, 0, 1, 9))  # one hotspot fewer, packing no less
    coolest_but_unpacking = child((1, 1, 0, 0, 3))  # packs less: never advised here
    children = [same, cooler, coolest_but_unpacking]
    assert 1 in advisors.advised(children, parent, problem.start_boxes, 0)
    assert 2 not in advisors.advised(children, parent, problem.start_boxes, 0)


def test_only_the_base_planned_feature_search_counts_hotspots() -> None:
    problem = problem_of(CORRIDOR)
    limits = Limits(10, None, 1 << 30, None, None)
    region = problem.region(problem.start_boxes, problem.start_player)
    planned = FeatureSearch(problem, limits, box_moves=True, base_plan=True)
    plain = FeatureSearch(problem, limits, box_moves=True)
    assert planned.rank_of(problem.start_boxes, region, 0)[3] == 2
    assert plain.rank_of(problem.start_boxes, region, 0)[3] == 0


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 999), st.integers(0, 999)), min_size=1, max_size=40))
def test_a_count_from_the_parent_is_the_count_from_nothing(
    moves: list[tuple[int, int]],
) -> None:
    """Boxes moved one at a time (from a box to a free live square), each position counted
    from the one before and from nothing, and now and then from an older parent."""
    problem = problem_of(MAZE)
    counted = problem.hotspots
    live = list(bits_of(problem.live))
    boxes = problem.start_boxes
    older = boxes
    for index, (pick, to) in enumerate(moves):
        squares = list(bits_of(boxes))
        free = [square for square in live if not boxes >> square & 1]
        child = boxes ^ 1 << squares[pick % len(squares)] ^ 1 << free[to % len(free)]
        parent = older if index % 7 == 6 else boxes
        assert counted.count(child, parent) == counted.count(child)
        older, boxes = boxes, child
