"""Searches taking turns: slices, resuming where a search stopped, and proofs without macros."""

from __future__ import annotations

from game.core.direction import Direction
from game.core.xsb import parse_level
from game.solver.analysis import Analysis, mask_of
from game.solver.fess import FeatureSearch
from game.solver.portfolio import Resumable, take_turns
from game.solver.push import Push
from game.solver.result import Limits, PhaseOver
from game.solver.search import Outcome, Problem
from tests.conftest import SMALL_LEVEL


class Scripted:
    """A stand-in search: stops with PhaseOver ``slices`` times, then gives ``outcome``."""

    def __init__(self, slices: int, outcome: Outcome, log: list[str], name: str) -> None:
        self.slices = slices
        self.outcome = outcome
        self.used_macros = outcome.used_macros
        self.log = log
        self.name = name

    @property
    def size(self) -> int:
        return 0

    def run(self) -> Outcome:
        self.log.append(self.name)
        if self.slices:
            self.slices -= 1
            raise PhaseOver
        return self.outcome


def problem_and_limits() -> tuple[Problem, Limits]:
    level = parse_level(SMALL_LEVEL)
    analysis = Analysis(level.board, level.player)
    problem = Problem(analysis, mask_of(level.boxes), level.player)
    return problem, Limits(10, None, 1 << 30, None, None)


def test_searches_alternate_until_one_finishes() -> None:
    problem, limits = problem_and_limits()
    log: list[str] = []
    solution = Outcome([Push(1, Direction.LEFT)])
    slow = Scripted(5, Outcome(None), log, "slow")
    quick = Scripted(2, solution, log, "quick")
    made = iter([slow, quick])

    def factory(_problem: Problem, _limits: Limits, _macros: bool) -> Resumable:
        return next(made)

    outcome = take_turns(problem, limits, ((factory, 1), (factory, 1)))
    assert outcome is solution
    assert log == ["slow", "quick", "slow", "quick", "slow", "quick"]


def test_a_search_that_ran_dry_after_a_macro_starts_again_without_macros() -> None:
    problem, limits = problem_and_limits()
    log: list[str] = []
    asked: list[bool] = []

    def factory(_problem: Problem, _limits: Limits, macros: bool) -> Resumable:
        asked.append(macros)
        return Scripted(0, Outcome(None, used_macros=macros), log, f"macros={macros}")

    outcome = take_turns(problem, limits, ((factory, 1),))
    assert outcome.pushes is None and not outcome.used_macros
    assert asked == [True, False]


def test_feature_search_goes_on_where_it_stopped() -> None:
    problem, limits = problem_and_limits()
    whole = FeatureSearch(problem, Limits(10, None, 1 << 30, None, None)).run()
    search = FeatureSearch(problem, limits)
    limits.start_slice(0.0)  # the first check of the clock stops it
    stops = 0
    while True:
        try:
            outcome = search.run()
            break
        except PhaseOver:
            stops += 1
            limits.start_slice(None)
    assert stops == 1
    # Stopped and resumed, it makes exactly the moves it makes in one go.
    assert outcome.pushes == whole.pushes is not None
