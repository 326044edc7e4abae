"""The plan a forward feature search follows, and the backward searches' shares of the limit:
the base search's (a second one grouping the bases by a lone box when the first retires no box),
the meeting search's best position, or else the goals in the order of the packing plan.
"""

from __future__ import annotations

from enum import Enum

from game.solver.result import Limits
from game.solver.search.advisors import Plan
from game.solver.search.base_search import BaseSearch
from game.solver.search.meeting import meeting_plan
from game.solver.search.packing import PackingPlan
from game.solver.search.problem import Problem

# The base search's own share of the solve's time limit, in CPU seconds of its own (Festival
# gives it a third of a strategy's time; here the forward searches of the portfolio share the
# rest), and its time when the solve has none (its share of a minute, a hint's limit). The
# planned searches wait for it, so it is short: where it does not finish, its plan is the first
# node of the best cell it reached (see BaseSearch._make), which mostly comes early. Chosen on
# XSokoban (see docs/solver.md).
BASE_SHARE = 1 / 24
BASE_SECONDS_UNLIMITED = 60 * BASE_SHARE
# Its share at most, when it goes on to its least nodes (see base_search.LEAST_NODES).
BASE_MOST_SHARE = 1 / 8
# The meeting search's backward search's share (see meeting.py), in CPU seconds of its own,
# when the meeting search runs alone or on a medium level in `fast` (a third of its time
# there); on a large level `fast` gives it less (see portfolio.LARGE_MEETING_SHARE).
MEETING_SHARE = 1 / 8


class Aim(Enum):
    """What a forward search's plan is made from."""

    PACKING = "packing"  # the base search's plan when it has one, else the goal order
    MEETING = "meeting"  # the meeting search's best backward position (Festival's strategy B)
    GOALS = "goals"  # the goals, to fill in any order (Festival's HF search towards them)


def base_search(
    problem: Problem, limits: Limits, rooms: bool, lone_sinks: bool = False
) -> BaseSearch:
    """The solve's backward search with ``rooms`` or not (the second one, with ``lone_sinks``,
    made only when the first retires no box): the searches of ``fast`` that ask for the same
    one (and a search started again without macros) share it."""
    key = (rooms, lone_sinks)
    found = problem.base_search.get(key)
    if found is None:
        found = problem.base_search[key] = BaseSearch(problem, limits, lone_sinks, rooms)
    return found


def make_plan(
    problem: Problem,
    limits: Limits,
    base: BaseSearch | None,
    aim: Aim,
    meeting_share: float | None = None,
) -> Plan:
    """The plan of a forward search with ``aim``: the meeting search's best backward position
    (its backward search in ``meeting_share`` of the limit, MEETING_SHARE if None), the goals
    to fill in any order, or ``base``'s plan when it retires a box, else the goal order (the
    backward searches run here, in their shares of the limit; a base search may stop for a
    slice and go on at the next call)."""
    # The backward searches' budgets are shares of the limit (of a minute without one).
    seconds = BASE_SECONDS_UNLIMITED / BASE_SHARE
    if limits.deadline is not None:
        seconds = limits.deadline - limits.started
    if aim is Aim.MEETING:
        perimeter = problem.perimeter[0]
        share = MEETING_SHARE if meeting_share is None else meeting_share
        perimeter.run(seconds * share, seconds * share)
        return meeting_plan(problem, perimeter.imagined())
    if aim is Aim.GOALS:
        return meeting_plan(problem, problem.goals)
    if base is not None:
        budget, most = seconds * BASE_SHARE, seconds * BASE_MOST_SHARE
        base.run(budget, most)
        found = base.plan()
        if found is None:
            # No box retired: the bases grouped the other way, in a budget of its own
            # (XSokoban 18; see BaseSearch.sinks).
            lone = base_search(problem, limits, base.rooms is not None, lone_sinks=True)
            lone.run(budget, most)
            found = lone.plan()
        if found is not None:
            return found
    return PackingPlan(problem.analysis, problem.start_boxes, problem.start_player)
