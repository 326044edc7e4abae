"""The meeting search (Festival's strategy B): every position of its backward search has a way
home that replays, the forward search finishes where it meets one, and a level it cannot solve
is still proved unsolvable (as by the HF search towards the goals, which orders as it does)."""

from __future__ import annotations

import random

import pytest

from game.core.notation import replay
from game.core.push import Push, lurd_of_pushes
from game.core.xsb import parse_level
from game.solver.analysis.board import bits_of, pull_distances
from game.solver.result import Limits, StopSearch
from game.solver.search import plans
from game.solver.search.cells import ADVISED, PLAIN
from game.solver.search.fess import FeatureSearch
from game.solver.search.meeting import MeetingPlan, Perimeter
from game.solver.search.portfolio import (
    LARGE_MEETING_SHARE,
    MEDIUM_LEVEL_BOXES,
    Factory,
    entries_of,
    feature_space,
    feature_space_hf,
    feature_space_meeting,
    feature_space_meeting_large,
    girl,
    take_turns,
)
from tests.solver.helpers import problem_of_level
from tests.solver.search.test_base_search import CLUSTER, UNSOLVABLE

# Five boxes in two rooms joined by a door: the backward search pulls them apart far enough
# that the forward search meets its positions before any box reaches a goal.
ROOMS = "\n".join(
    [
        "##########",
        "#  .  .  #",
        "# $  $   #",
        "#### #####",
        "#  $   $ #",
        "# ..  $ @#",
        "#   .    #",
        "##########",
    ]
)


def test_every_position_of_the_perimeter_goes_home_by_its_pulls_read_backwards() -> None:
    level = parse_level(ROOMS)
    problem = problem_of_level(level)
    perimeter = Perimeter(problem, Limits(None, 300, 1 << 30, None, None))
    with pytest.raises(StopSearch):
        perimeter.run()
    assert not perimeter.finished and len(perimeter.met) > 1000
    assert all(boxes.bit_count() == 5 for boxes, _ in perimeter.met)  # no box retired
    for key in random.Random(5).sample(sorted(perimeter.met), 200):
        boxes, stand = key
        position = level.with_position(frozenset(bits_of(boxes)), stand - 1)
        result = replay(position, lurd_of_pushes(position, perimeter.pushes_home(key)))
        assert result.solved, key


def test_the_imagined_position_is_the_best_ranked_the_first_of_equals() -> None:
    # Festival's best so far: of the best cell's positions, the farthest from the goals, where
    # the base search's plan is the first position of its best cell.
    problem = problem_of_level(parse_level(ROOMS))
    perimeter = Perimeter(problem, Limits(None, 300, 1 << 30, None, None))
    with pytest.raises(StopSearch):
        perimeter.run()
    ranks = perimeter.rank
    best = min(range(len(ranks)), key=lambda node: (ranks[node], node))
    first_of_cell = min(range(len(ranks)), key=lambda node: (ranks[node][:3], node))
    assert perimeter.best == best and perimeter.imagined() == perimeter.boxes[best]
    assert ranks[best][:3] == ranks[first_of_cell][:3] and best > first_of_cell


def test_the_plan_counts_boxes_on_the_imagined_squares_in_any_order() -> None:
    plan = MeetingPlan(0b101100, 0, 8, [])
    assert plan.progress(0b100101) == (2, 0b100100)
    assert plan.next_squares(0b100101) == [3]


# The imagined position's squares are '.' and '*' (a box on one), boxes 'o' and '*'.
HOTSPOTS = "\n".join(
    [
        "#########",
        "#o      #",  # off the plan, beside walls: a hotspot
        "#    o  #",  # off the plan, nothing beside it: none
        "#   *   #",  # on the plan: none
        "# oo   .#",  # side by side: two; the empty square is pushed into from the west
        "####.####",  # empty and shut: walls on three sides, the box on '*' two squares north
        "#########",
    ]
)


def test_the_plan_s_hotspots_are_festival_s_towards_an_imagined_position() -> None:
    rows = HOTSPOTS.splitlines()
    width = len(rows[0])

    def mask(marks: str) -> int:
        return sum(
            1 << y * width + x
            for y, row in enumerate(rows)
            for x, char in enumerate(row)
            if char in marks
        )

    plan = MeetingPlan(mask(".*"), mask("#"), width, [])
    boxes = mask("o*")
    assert plan.hotspots(boxes) == 3 + 1
    # The box on '*' taken away: the pocket below can be pushed into from the north, and the
    # square it left from above.
    assert plan.hotspots(boxes & ~mask("*")) == 3


def test_the_forward_search_finishes_where_it_meets_the_perimeter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    level = parse_level(ROOMS)
    met: list[int] = []
    pushes_home = Perimeter.pushes_home

    def counted(self: Perimeter, key: tuple[int, ...]) -> list[Push]:
        met.append(key[0])
        return pushes_home(self, key)

    monkeypatch.setattr(Perimeter, "pushes_home", counted)
    # A few hundredths of a second backwards: the start is far from its positions.
    monkeypatch.setattr(plans, "MEETING_SHARE", 1 / 1000)
    problem = problem_of_level(level)
    search = feature_space_meeting(problem, Limits(30, None, 1 << 30, None, None), True)
    assert isinstance(search, FeatureSearch) and search.name == "fess-meet"
    outcome = search.run()
    assert outcome.pushes is not None and len(met) == 1
    assert met[0] not in (problem.goals, problem.start_boxes)  # met halfway
    assert replay(level, lurd_of_pushes(level, outcome.pushes)).solved


def _meeting_and(
    monkeypatch: pytest.MonkeyPatch, other: Factory
) -> tuple[FeatureSearch, FeatureSearch]:
    """The forward meeting search on ROOMS (its backward search a few hundredths of a second)
    and the search ``other`` makes there."""
    monkeypatch.setattr(plans, "MEETING_SHARE", 1 / 1000)
    limits = Limits(30, None, 1 << 30, None, None)
    meeting = feature_space_meeting(problem_of_level(parse_level(ROOMS)), limits, True)
    search = other(problem_of_level(parse_level(ROOMS)), limits, True)
    assert isinstance(meeting, FeatureSearch) and isinstance(search, FeatureSearch)
    return meeting, search


def test_the_forward_meeting_search_counts_the_plan_s_hotspots_and_the_girl_mode_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    meeting, girl_mode = _meeting_and(monkeypatch, girl)
    plan = meeting.ready().plan
    assert isinstance(plan, MeetingPlan) and meeting.hotspots == plan.hotspots
    girl_mode.ready()
    assert girl_mode.hotspots(girl_mode.problem.start_boxes, None) == 0


def test_the_meeting_search_s_last_tie_break_is_the_pushes_to_the_nearest_imagined_squares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    meeting, guided = _meeting_and(monkeypatch, feature_space)
    meeting.start()
    guided.start()
    plan = meeting.ready().plan
    assert isinstance(plan, MeetingPlan) and plan.watched != meeting.problem.goals
    analysis = meeting.problem.analysis
    size = len(analysis.nearest)
    rows = [  # one pull search per plan square; each square's nearest is the least of them
        pull_distances(goal, analysis.floor, analysis.side_groups, analysis.offsets, size)
        for goal in bits_of(plan.watched)
    ]
    for square in analysis.squares:
        assert plan.nearest[square] == min(row[square] for row in rows)
    assert any(  # the two tie-breaks differ here
        sum(plan.nearest[square] - analysis.nearest[square] for square in bits_of(child.boxes))
        for child in meeting.children_of(0)
    )
    for search, nearest in ((meeting, plan.nearest), (guided, analysis.nearest)):
        children = search.children_of(0)
        assert children and all(
            child.rank[4] == sum(nearest[square] for square in bits_of(child.boxes))
            for child in children
        )


def test_the_forward_meeting_search_weighs_every_move_0_where_fess_weighs_the_advised_less(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    meeting, guided = _meeting_and(monkeypatch, feature_space)
    meeting.start()
    guided.start()
    weights = {child.weight for child in meeting.children_of(0)}
    assert weights == {ADVISED} and len(meeting.children_of(0)) > 1
    assert {child.weight for child in guided.children_of(0)} == {ADVISED, PLAIN}


@pytest.mark.parametrize("text", [UNSOLVABLE, CLUSTER, ROOMS])
@pytest.mark.parametrize("search", [feature_space_meeting, feature_space_hf])
def test_the_meeting_and_hf_searches_alone_prove_or_solve_as_the_forward_search_does(
    search: Factory, text: str
) -> None:
    level = parse_level(text)
    limits = Limits(60, None, 1 << 30, None, None)
    outcome = take_turns(problem_of_level(level), limits, [(search, 1)])
    if text == UNSOLVABLE:
        assert outcome.pushes is None and not outcome.used_macros
    else:
        assert outcome.pushes is not None
        assert replay(level, lurd_of_pushes(level, outcome.pushes)).solved


@pytest.mark.parametrize(
    ("boxes", "share"),
    [(MEDIUM_LEVEL_BOXES, plans.MEETING_SHARE), (MEDIUM_LEVEL_BOXES + 1, LARGE_MEETING_SHARE)],
)
def test_fast_gives_the_meeting_search_s_backward_search_a_third_of_its_own_time(
    monkeypatch: pytest.MonkeyPatch, boxes: int, share: float
) -> None:
    # On a large level the meeting search has 2 of 13 parts of `fast`'s time: its backward
    # search takes about a third of them (Festival's B), not MEETING_SHARE, which would leave
    # its forward search a fifth; on a medium level (a third of the time) MEETING_SHARE is so.
    budgets: list[float] = []
    monkeypatch.setattr(Perimeter, "run", lambda _, budget, most: budgets.append(budget))
    entries = entries_of("fast", boxes)
    factory, weight = next(
        (factory, weight)
        for factory, weight in entries
        if factory in (feature_space_meeting, feature_space_meeting_large)
    )
    assert share * 2.5 <= weight / sum(weight for _, weight in entries) <= share * 3.5
    limits = Limits(30, None, 1 << 30, None, None)
    search = factory(problem_of_level(parse_level(ROOMS)), limits, True)
    assert isinstance(search, FeatureSearch)
    search.ready()
    assert budgets == [pytest.approx(30 * share)]
