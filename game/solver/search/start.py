"""From a level to a search: the checks that prove some levels unsolvable at once, then the
search method on the bitboard problem, all under the solve's limits."""

from __future__ import annotations

from collections.abc import Callable

from game.core.level import Level
from game.solver.analysis.board import Analysis, mask_of
from game.solver.collector import collector_paused
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.search.problem import Outcome, Problem

Method = Callable[[Problem, Limits], Outcome]


def search_level(level: Level, method: Method, limits: Limits) -> Outcome:
    """A solution's outcome; StopSearch at a limit, or UNSOLVABLE with why the level cannot be
    solved. Every phase, from the analysis of the board on, runs under ``limits`` (and
    without the cyclic collector)."""
    stopped: Exception
    with collector_paused():
        try:
            return _search(level, method, limits)
        except StopSearch as stop:
            # Raised again without the search's frames, so that they and the search's heap
            # are freed here: the collector's first pass afterwards would walk all of it.
            stopped = StopSearch(stop.status, stop.reason)
        except MemoryError:
            stopped = MemoryError()
    raise stopped


def _search(level: Level, method: Method, limits: Limits) -> Outcome:
    analysis = Analysis(level.board, level.player, limits.poll)
    stuck = _stuck_outside(level, analysis)
    if stuck:
        raise _unsolvable(stuck)
    boxes = mask_of(b for b in level.boxes if analysis.floor >> b & 1)
    if boxes & analysis.dead:
        raise _unsolvable("a box stands on a dead square")
    problem = Problem(analysis, boxes, level.player)
    for box in level.boxes:
        limits.poll()
        if analysis.floor >> box & 1 and problem.freeze.is_deadlock(box, boxes):
            raise _unsolvable("a box is frozen off its goal")
    if not problem.matching.matched(boxes):
        raise _unsolvable("the boxes cannot each reach a goal of their own")
    outcome = method(problem, limits)
    if outcome.pushes is None:
        raise _unsolvable("every position reachable was searched")
    return outcome


def _unsolvable(reason: str) -> StopSearch:
    return StopSearch(SolveStatus.UNSOLVABLE, reason)


def _stuck_outside(level: Level, analysis: Analysis) -> str:
    """Why boxes or goals out of the player's reach make the level unsolvable, or ''."""
    for box in level.boxes:
        if not analysis.floor >> box & 1 and not level.board.is_goal(box):
            return "a box the player can never reach stands off a goal"
    for goal in level.board.goals:
        if not analysis.floor >> goal & 1 and goal not in level.boxes:
            return "a goal the player can never reach is empty"
    return ""
