"""Festival's HF search towards the goals (``fess-hf``): the meeting search's order with the
goals as the squares to fill, no backward search (that it solves, and proves a level
unsolvable, is tested with the meeting search's: test_meeting.py)."""

from __future__ import annotations

from game.core.xsb import parse_level
from game.solver.result import Limits
from game.solver.search.cells import ADVISED
from game.solver.search.fess import FeatureSearch
from game.solver.search.meeting import MeetingPlan
from game.solver.search.portfolio import feature_space_hf
from tests.solver.helpers import problem_of_level
from tests.solver.search.test_meeting import ROOMS


def test_the_hf_search_fills_the_goals_in_any_order_in_the_meeting_search_s_order() -> None:
    problem = problem_of_level(parse_level(ROOMS))
    search = feature_space_hf(problem, Limits(30, None, 1 << 30, None, None), True)
    assert isinstance(search, FeatureSearch) and search.name == "fess-hf"
    search.start()
    plan = search.ready().plan
    assert isinstance(plan, MeetingPlan) and plan.watched == problem.goals
    assert not problem.perimeter  # no backward search was made: it starts at once
    # Its features: the goals filled in any order, the hotspots towards them, the pushes to
    # the nearest goal; every move weighs 0, so a cell gives its best child first.
    assert search.hotspots == plan.hotspots
    assert plan.nearest == problem.analysis.nearest
    children = search.children_of(0)
    assert len(children) > 1 and {child.weight for child in children} == {ADVISED}
    for child in children:
        packed, placed = plan.progress(child.boxes)
        assert child.rank[0] == -packed and placed == child.boxes & problem.goals
        assert child.rank[3] == plan.hotspots(child.boxes)

