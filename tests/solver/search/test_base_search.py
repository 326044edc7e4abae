"""The backward base search: pulls, sinks, retiring boxes, its plan, and why a level it plans for
is still proved unsolvable by the forward search that follows the plan."""

from __future__ import annotations

import contextlib
import random
import time

import pytest

from game.core.collection import read_collection
from game.core.resources import campaign_path
from game.core.xsb import parse_level
from game.solver import SolveStatus, solve
from game.solver.analysis.board import Analysis, bits_of, mask_of, no_stop
from game.solver.result import Limits, StopSearch
from game.solver.search import base_search
from game.solver.search.base_search import FINISH_NODES, LEAST_NODES, BaseSearch
from game.solver.search.cells import NO_MOVE, Child, unpack_squares
from game.solver.search.fess import FeatureSearch
from game.solver.search.meeting import Perimeter
from game.solver.search.parking import OUTSIDE, ParkingPlan
from game.solver.search.portfolio import (
    MEDIUM_LEVEL_BOXES,
    Factory,
    entries_of,
    feature_space,
    feature_space_base,
    feature_space_base_far,
    feature_space_base_plain,
    feature_space_base_plain_far,
    feature_space_hf,
    feature_space_meeting,
    feature_space_meeting_large,
    greedy,
    take_turns,
)
from game.solver.search.problem import Problem
from game.solver.search.pulls import can_pull, loose_reach, pull_moves, push_reach
from tests.solver.helpers import problem_of, problem_of_level

# Four goals on the left; three boxes stand together in the open, a fourth on the top row,
# which can be pushed along it to the goals but never down again to the others.
CLUSTER = "\n".join(
    [
        "############",
        "#..      $ #",
        "#.    $$   #",
        "#.    $    #",
        "#   @      #",
        "############",
    ]
)
# The base search retires all three boxes, yet the level cannot be solved: the boxes block
# each other's way in ways a lone box never meets.
UNSOLVABLE = "\n".join(
    [
        "############",
        "#   . #    #",
        "#     $$ $ #",
        "#. .  #@ # #",
        "#    #  #  #",
        "############",
    ]
)

# The same boxes with a goal in the top left corner, planned after the one at (4, 1): a box
# pushed into the corner before then stands frozen on a goal the plan does not count on yet.
CORNER_UNSOLVABLE = "\n".join(
    [
        "############",
        "#.  . #    #",
        "#     $$ $ #",
        "#  .  #@ # #",
        "#    #  #  #",
        "############",
    ]
)


def search_of(text: str) -> tuple[BaseSearch, Problem]:
    problem = problem_of(text)
    return BaseSearch(problem, Limits(10, None, 1 << 30, None, None)), problem


def squares(problem: Problem, *points: tuple[int, int]) -> int:
    return mask_of(y * problem.width + x for x, y in points)


def test_a_box_is_pushed_and_pulled_over_the_squares_it_can_reach() -> None:
    problem = problem_of(CLUSTER)
    top = problem.width + 9  # the box on the top row
    row = squares(problem, *((x, 1) for x in range(1, 11)))
    assert push_reach(problem.analysis, top) == row
    free = problem.floor & ~problem.goals
    assert loose_reach(1 << top, free, problem.offsets) & ~row == 0
    # Pulled from its goal at the bottom of the left wall, a box goes wherever the player
    # keeps a free square behind him: not onto the bottom row nor the top one.
    goal = 3 * problem.width + 1
    region = problem.region(problem.goals, problem.start_player)
    ends = pull_moves(problem.analysis, problem.goals, region, goal, problem.floor, problem.poll)
    middle = squares(problem, (2, 3), *((x, y) for x in range(3, 10) for y in (2, 3)))
    assert mask_of(target for target, _, _ in ends) == middle


def test_sinks_are_the_largest_group_of_start_squares_boxes_move_among() -> None:
    search, problem = search_of(CLUSTER)
    sinks = search.sinks(problem.goals, problem.start_boxes)
    assert sinks == squares(problem, (6, 2), (7, 2), (6, 3))


def test_boxes_standing_round_a_base_cut_it_off_unless_grouped_by_a_lone_box() -> None:
    problem = problem_of(CLUSTER)
    limits = Limits(10, None, 1 << 30, None, None)
    bases = squares(problem, (6, 2), (7, 2), (6, 3))
    fenced = squares(problem, (5, 3), (7, 3), (6, 4))  # round (6, 3), which moves no more
    standing = BaseSearch(problem, limits)
    lone = BaseSearch(problem, limits, lone_sinks=True)
    assert standing.sinks(fenced, bases) == squares(problem, (6, 2), (7, 2))
    assert lone.sinks(fenced, bases) == bases


def test_when_a_box_can_retire_only_retiring_pulls_are_made_one_a_box() -> None:
    search, _ = search_of(CLUSTER)
    search.start()
    (children,) = [kids for node in range(len(search.cell)) if (kids := search.children_of(node))]
    assert all(child.key[1].bit_count() == 3 for child in children)  # one base fewer each
    sources = [unpack_squares(child.move)[0] for child in children]
    assert len(set(sources)) == len(sources)
    assert min(child.weight for child in children) == 0


def test_the_plan_brings_a_box_from_outside_onto_every_goal() -> None:
    search, problem = search_of(CLUSTER)
    search.run()
    assert search.finished
    plan = search.plan()
    assert plan is not None
    assert plan.sources == [OUTSIDE] * 4
    assert sorted(plan.squares) == list(bits_of(problem.goals))
    # The corner goal is filled before the two beside it, which would shut it.
    order = plan.squares.index
    corner = problem.width + 1
    assert order(corner) < order(corner + 1) and order(corner) < order(corner + problem.width)


@pytest.mark.parametrize("method", ["fess-base", "fast"])
def test_a_level_the_base_search_plans_for_is_still_proved_unsolvable(method: str) -> None:
    search, _ = search_of(UNSOLVABLE)
    search.run()
    plan = search.plan()
    assert plan is not None and plan.retired == 3
    result = solve(parse_level(UNSOLVABLE), method=method, time_limit=20)
    assert result.status is SolveStatus.UNSOLVABLE
    assert result.nodes > 0


@pytest.mark.parametrize("search", [feature_space_base_plain, feature_space_base_plain_far])
def test_the_plain_twins_with_the_rooms_plan_still_prove_a_level_unsolvable(
    search: Factory,
) -> None:
    # On a small level `fast` runs no plain twin, so each is asked alone here.
    problem = problem_of_level(parse_level(UNSOLVABLE))
    outcome = take_turns(problem, Limits(20, None, 1 << 30, None, None), [(search, 1)])
    assert outcome.pushes is None  # the space exhausted: no solution
    rooms_plan = problem.base_search[(True, False)]
    assert rooms_plan.rooms is not None and rooms_plan.plan() is not None


def test_the_fast_method_gives_the_planned_searches_the_first_shares() -> None:
    entries = entries_of("fast", MEDIUM_LEVEL_BOXES)
    planned = [feature_space_base, feature_space_base_plain]
    assert [factory for factory, _ in entries] == [*planned, feature_space, feature_space_meeting]
    # The guided search and the meeting search (Festival's strategy B) a third of the time each.
    assert [weight for _, weight in entries] == [2, 1, 1, 2]
    assert greedy not in [factory for factory, _ in entries]  # it solved nothing there
    # Beyond, both tie-breaks of the base-planned searches, the guided one's far only.
    large = entries_of("fast", MEDIUM_LEVEL_BOXES + 1)
    planned = [feature_space_base_far, feature_space_base_plain, feature_space_base_plain_far]
    assert [factory for factory, _ in large] == [
        *planned, feature_space, feature_space_meeting_large, feature_space_hf
    ]
    assert [weight for _, weight in large] == [3, 2, 2, 2, 2, 2]  # the guided far wins most there
    # Small levels: the guided one only, with fess and greedy in equal shares.
    small = entries_of("fast", 4)
    assert [factory for factory, _ in small] == [feature_space_base, feature_space, greedy]
    assert {weight for _, weight in small} == {1}


def test_the_base_planned_searches_of_one_solve_share_a_backward_search_a_rule() -> None:
    problem = problem_of(UNSOLVABLE)
    limits = Limits(10, None, 1 << 30, None, None)
    guided = [
        factory(problem.apart(), limits, True)
        for factory in (feature_space_base, feature_space_base_far)
    ]
    plain = [
        factory(problem.apart(), limits, True)
        for factory in (feature_space_base_plain, feature_space_base_plain_far)
    ]
    searches = [search for search in guided + plain if isinstance(search, FeatureSearch)]
    assert len(searches) == 4
    hot, far, cold, cold_far = (search.base for search in searches)
    assert hot is not None and cold is not None
    assert far is hot and cold_far is cold  # each one's time spent once
    assert hot.rooms is None and cold.rooms is not None  # the plain twins retire by rooms
    other_solve = feature_space_base(problem_of(UNSOLVABLE), limits, True)
    assert isinstance(other_solve, FeatureSearch) and other_solve.base is not hot


def test_a_pulled_box_leaves_the_player_the_area_a_full_fill_finds() -> None:
    # Pulls worked out from the player's area before, along random walks of pulls from the
    # solved position of every campaign level.
    chooser = random.Random(11)
    checked = 0
    for level in read_collection(campaign_path()).levels:
        problem = Problem(Analysis(level.board, level.player), mask_of(level.boxes), level.player)
        boxes = problem.goals
        region = problem.region(boxes, problem.start_player)
        for _ in range(20):
            box = chooser.choice(list(bits_of(boxes)))
            pulls = pull_moves(problem.analysis, boxes, region, box, problem.floor, no_stop)
            for target, player, area in pulls:
                assert area == problem.region(boxes & ~(1 << box) | 1 << target, player)
                checked += 1
            if pulls:
                target, _, region = chooser.choice(pulls)
                boxes = boxes & ~(1 << box) | 1 << target
    assert checked > 1000


@pytest.mark.parametrize("search_class", [BaseSearch, Perimeter])
def test_each_node_s_rank_worked_out_from_its_parent_s_is_the_rank_counted_afresh(
    search_class: type[BaseSearch],
) -> None:
    """The backward searches rank a child from its parent's rank and areas; on the campaign's
    larger levels every node made (boxes retiring on the bases or not) has the rank worked out
    from nothing."""
    checked = retired = 0
    levels = [level for level in read_collection(campaign_path()).levels if len(level.boxes) >= 5]
    for level in levels:
        problem = problem_of_level(level)
        search = search_class(problem, Limits(None, 200, 1 << 30, None, None))
        with contextlib.suppress(StopSearch):
            search.run()
        for node, via in enumerate(search.via):
            if via == NO_MOVE:
                continue
            _, _, stand, was_retired = unpack_squares(via)
            boxes = search.boxes[node]
            region = problem.region(boxes, stand)
            assert search.rank[node] == search._rank(boxes, search.bases[node], region)
            checked += 1
            retired += was_retired
    assert checked > 1000 and (retired > 10 or search_class is Perimeter)


def test_the_budget_is_the_search_s_own_work_not_the_wall_clock_s() -> None:
    """A base search whose thread waits (here at every poll, as on a machine busy elsewhere)
    still does its budget's work: the plan must not depend on what else the machine runs."""
    problem = problem_of(CLUSTER)
    waits = [0]

    def waiting_poll() -> None:
        waits[0] += 1
        time.sleep(0.002)

    problem.poll = waiting_poll
    search = BaseSearch(problem, Limits(None, None, 1 << 30, None, None))
    started = time.monotonic()
    search.run(budget=0.05)
    assert time.monotonic() - started > 0.05  # the wall clock's budget was long gone
    assert search.finished and waits[0] > 25


def test_a_search_past_its_budget_goes_on_to_its_least_nodes_within_its_most() -> None:
    """The budget is CPU seconds, fewer nodes on a slow core: the search still makes
    LEAST_NODES (unless it finishes first), but never past ``most`` seconds."""
    level = read_collection(campaign_path()).levels[36]  # runs dry after some 730 nodes
    made = []
    for most in (None, 0.0, 60.0):
        search = BaseSearch(problem_of_level(level), Limits(None, None, 1 << 30, None, None))
        search.run(budget=0.0, most=most)
        assert not search.finished
        made.append(len(search.parent))
    assert made[0] == made[1] < LEAST_NODES < FINISH_NODES == made[2]


def _plan_squares(index: int, most: float) -> tuple[bool, int, list[int] | None]:
    level = read_collection(campaign_path()).levels[index]
    search = BaseSearch(problem_of_level(level), Limits(None, None, 1 << 30, None, None))
    search.run(budget=0.0, most=most)
    plan = search.plan()
    return search.finished, len(search.parent), None if plan is None else plan.squares


def test_past_its_least_nodes_a_search_goes_on_only_to_finish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Within FINISH_NODES, a search that finishes plans from its end; one that does not
    plans from its best node at LEAST_NODES, as if it had stopped there."""
    finished, made, squares = _plan_squares(57, 60.0)  # finishes after some 200 nodes
    assert finished and LEAST_NODES < made < FINISH_NODES and squares
    assert _plan_squares(57, 0.0)[2] is None  # at LEAST_NODES no box had retired
    unfinished = _plan_squares(36, 60.0)
    monkeypatch.setattr(base_search, "FINISH_NODES", LEAST_NODES)
    stopped = _plan_squares(36, 60.0)
    assert unfinished[:2] == (False, FINISH_NODES) and stopped[:2] == (False, LEAST_NODES)
    assert unfinished[2] is not None and unfinished[2] == stopped[2]


def test_the_plan_is_the_first_node_of_the_best_cell_however_long_the_search_ran() -> None:
    # Cut at a node count, each campaign level's unfinished search has planned from the first
    # node it found in its best cell, not from a later one whose boxes were pulled further.
    later_pulled_further = 0
    for level in read_collection(campaign_path()).levels:
        problem = problem_of_level(level)
        search = BaseSearch(problem, Limits(None, 300, 1 << 30, None, None))
        with contextlib.suppress(StopSearch):
            search.run()
        if search.finished or search.best < 0:
            continue
        best_cell = min(rank[:3] for rank in search.rank)
        in_best = [node for node, rank in enumerate(search.rank) if rank[:3] == best_cell]
        assert search.best == in_best[0]
        later_pulled_further += any(search.rank[n] < search.rank[in_best[0]] for n in in_best)
    assert later_pulled_further  # the rule decided somewhere


def test_a_box_frozen_on_a_goal_before_its_turn_counts_as_more_areas_than_the_floor_holds() -> None:
    problem = problem_of(CORNER_UNSOLVABLE)
    search = FeatureSearch(
        problem, Limits(10, None, 1 << 30, None, None), box_moves=True, base_plan=True
    )
    plan = search.ready().plan
    assert isinstance(plan, ParkingPlan)
    assert plan.squares[:2] == [squares(problem, (4, 1)).bit_length() - 1, problem.width + 1]
    left_box = squares(problem, (6, 2))

    def rank(*box: tuple[int, int]) -> tuple[int, ...]:
        boxes = problem.start_boxes & ~left_box | squares(problem, *box)
        return search.rank_of(boxes, problem.region(boxes, problem.start_player), 0)

    # Beside the corner the box can still move; in the corner it can never move again, and the
    # position comes after every one that packs as much without such a box.
    beside, corner = rank((2, 1)), rank((1, 1))
    assert beside[0] == corner[0] == 0
    assert beside[1] < problem.floor.bit_count() < corner[1]


@pytest.mark.parametrize("method", ["fess-base", "fast"])
def test_a_level_where_boxes_freeze_before_their_turn_is_still_proved_unsolvable(
    method: str,
) -> None:
    result = solve(parse_level(CORNER_UNSOLVABLE), method=method, time_limit=20)
    assert result.status is SolveStatus.UNSOLVABLE
    assert result.nodes > 0


def test_a_pull_is_kept_only_when_some_box_can_be_pulled_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The backward searches keep a pull (not onto a base) when the boxes stay matched and
    some box can be pulled after it, mostly told by the pulled box alone: on the campaign's
    larger levels the children are those that asking every box keeps."""
    checked = stuck = 0
    original = BaseSearch._plain

    def compared(
        search: BaseSearch, parent: base_search.Scored, boxes: int, bases: int,
        pulls: list[tuple[int, int, int, int]], sinks: int,
    ) -> list[Child[base_search.Pull]]:
        nonlocal checked, stuck
        expected = set()
        for source, target, _, area in pulls:
            after = boxes & ~(1 << source) | 1 << target
            key = (after, bases, (area & -area).bit_length())
            if sinks >> target & 1 or key in search.seen:
                continue
            if not bases >> target & 1:
                free = search.floor & ~after
                if not can_pull(after, area, free, search.offsets):
                    stuck += 1
                    continue
                if not search.matching.still_matched(after, source, target, bases):
                    continue
            expected.add(key)
        children = original(search, parent, boxes, bases, pulls, sinks)
        assert {child.key for child in children} == expected
        checked += len(children)
        return children

    monkeypatch.setattr(BaseSearch, "_plain", compared)
    levels = [level for level in read_collection(campaign_path()).levels if len(level.boxes) >= 5]
    for level in levels[::3]:
        search = Perimeter(problem_of_level(level), Limits(None, 100, 1 << 30, None, None))
        with contextlib.suppress(StopSearch):
            search.run()
    assert checked > 1000 and stuck > 10


def test_a_box_too_near_its_base_to_retire_goes_home_and_the_search_finishes() -> None:
    # Two squares from goal to base: no retiring pull (it takes a box FAR steps), and a pull
    # onto a sink is made only when it leaves every box home with the player at his start
    # (Festival's pull mode ends so); the plan is that pull, forwards.
    text = "\n".join(["#######", "#@ $ .#", "#######"])
    problem = problem_of(text)
    search = BaseSearch(problem, Limits(None, 100, 1 << 30, None, None))
    search.run()
    plan = search.plan()
    assert search.finished and plan is not None
    assert plan.squares[-1] == problem.analysis.goal_list[0]
    beside = "\n".join(["#######", "# $@ .#", "#######"])  # the player cut off from his start
    search = BaseSearch(problem_of(beside), Limits(None, 100, 1 << 30, None, None))
    search.run()
    assert not search.finished
