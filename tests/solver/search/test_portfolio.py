"""Searches taking turns: slices, resuming where a search stopped, and proofs without macros."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.core.direction import Direction
from game.core.push import Push
from game.core.xsb import parse_level
from game.solver.analysis.board import Analysis, mask_of
from game.solver.result import Limits, PhaseOver
from game.solver.search import portfolio
from game.solver.search.best_first import BestFirst
from game.solver.search.fess import FeatureSearch
from game.solver.search.portfolio import (
    MEDIUM_LEVEL_BOXES,
    SMALL_LEVEL_BOXES,
    Factory,
    Resumable,
    entries_of,
    is_open,
    take_turns,
)
from game.solver.search.problem import Outcome, Problem
from tests.conftest import SMALL_LEVEL
from tests.solver.helpers import problem_of
from tests.solver.search.test_base_search import UNSOLVABLE
from tests.solver.search.test_fess import ROOMY


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


class ShortSlices(Limits):
    """Limits whose every slice ends at the second expansion: the shortest slice that still
    gets on (the first expansion of a slice is the one the last slice stopped at). A search
    that wanders off stops at 10,000 expansions (the straight runs here need a few hundred)."""

    def __init__(self) -> None:
        super().__init__(None, 10_000, 1 << 30, None, None)
        self.left = 0
        self.slices = 0

    def start_slice(self, seconds: float | None) -> None:
        self.left = 2
        self.slices += 1

    def tick(self) -> None:
        self.left -= 1
        if self.left <= 0:
            raise PhaseOver
        super().tick()


def run_in_slices(search: Resumable, limits: ShortSlices) -> Outcome:
    """Run ``search`` in the shortest slices ``limits`` makes, until it finishes."""
    while True:
        limits.start_slice(0.0)
        try:
            return search.run()
        except PhaseOver:
            continue


@pytest.mark.parametrize("kind", [FeatureSearch, BestFirst])
def test_a_search_cut_at_every_step_makes_the_moves_of_one_straight_run(
    kind: Callable[[Problem, Limits], FeatureSearch | BestFirst],
) -> None:
    problem = problem_of(ROOMY)
    straight = kind(problem.apart(), Limits(None, None, 1 << 30, None, None))
    whole = straight.run()
    limits = ShortSlices()
    cut = kind(problem.apart(), limits)
    outcome = run_in_slices(cut, limits)
    assert limits.slices > 20
    # The same positions and the same solution: a slice's end neither moved the turn among
    # FESS's cells nor dropped the position greedy had taken off its queue (dropped, the
    # search drifts, and might run dry on a solvable level).
    assert cut.seen == straight.seen
    assert outcome.pushes == whole.pushes is not None


def test_each_search_of_a_portfolio_learns_into_a_table_of_its_own() -> None:
    problem, limits = problem_and_limits()
    seen: list[Problem] = []

    def factory(own: Problem, _limits: Limits, _macros: bool) -> Resumable:
        seen.append(own)
        return Scripted(0, Outcome([Push(1, Direction.LEFT)]), [], "quick")

    take_turns(problem, limits, ((factory, 1), (factory, 1)))
    first, second = seen
    assert first.learned is not second.learned
    assert problem.learned not in (first.learned, second.learned)
    assert first.analysis is second.analysis is problem.analysis


def test_a_problem_apart_keeps_its_patterns_to_itself() -> None:
    problem = problem_of(ROOMY)
    twin = problem.apart()
    twin.learned.add(problem.start_boxes, problem.floor)
    assert twin.learned.dead(problem.start_boxes, problem.start_player)
    assert not problem.learned.dead(problem.start_boxes, problem.start_player)


@pytest.mark.parametrize(
    ("boxes", "open_level"),
    [
        (SMALL_LEVEL_BOXES, False),
        (SMALL_LEVEL_BOXES + 1, False),
        (MEDIUM_LEVEL_BOXES + 1, False),
        (MEDIUM_LEVEL_BOXES + 1, True),
    ],
)
def test_each_portfolio_with_tables_apart_still_proves_a_level_unsolvable(
    boxes: int, open_level: bool
) -> None:
    # Every search of the portfolio, each with its own table and in slices: the one that runs
    # dry without macros proves it.
    problem = problem_of(UNSOLVABLE)  # three boxes that block each other's way
    assert problem.hotspots.count(problem.start_boxes)  # the hotspots advisor has work here
    limits = Limits(60, None, 1 << 30, None, None)
    # The guided search plans here, and its out-of-plan zones and advisors are at work.
    guided = portfolio.feature_space_base(problem.apart(), limits, True)
    assert isinstance(guided, FeatureSearch) and guided.ready().out_of_plan is not None
    outcome = take_turns(problem, limits, entries_of("fast", boxes, open_level))
    assert outcome.pushes is None and not outcome.used_macros
    assert outcome.found_by


# Eleven boxes in an open room: each can go almost anywhere (hundreds of box moves).
OPEN_ROOM = """
######################
#@                   #
#                    #
#  $  $  $  $  $  $  #
#                    #
#  $  $  $  $  $     #
#                    #
#  ...........       #
######################
"""
# Eleven boxes in a row in a corridor, the player at one end: none can be pushed.
ROW_ROOM = """
#########################
#@$$$$$$$$$$$...........#
#########################
"""


def test_an_open_large_level_gives_the_search_over_pushes_the_plain_twins_parts() -> None:
    assert is_open(problem_of(OPEN_ROOM)) and not is_open(problem_of(ROW_ROOM))
    closed = entries_of("fast", MEDIUM_LEVEL_BOXES + 1)
    opened = entries_of("fast", MEDIUM_LEVEL_BOXES + 1, True)
    # The same searches (so a solve on several cores deals them out alike), other weights.
    assert [factory for factory, _ in opened] == [factory for factory, _ in closed]
    assert sum(weight for _, weight in opened) == sum(weight for _, weight in closed)
    weights = dict(opened)
    assert weights[portfolio.feature_space] > weights[portfolio.feature_space_base_far]
    assert weights[portfolio.feature_space_base_plain] < dict(closed)[
        portfolio.feature_space_base_plain
    ]


def test_a_search_that_only_reads_patterns_reads_the_first_learners_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert portfolio.greedy in portfolio.READS_ONLY  # it learns nothing, FESS does
    problem, limits = problem_and_limits()
    seen: dict[str, Problem] = {}

    def maker(name: str) -> Factory:
        def factory(own: Problem, _limits: Limits, _macros: bool) -> Resumable:
            seen[name] = own
            return Scripted(1, Outcome([Push(1, Direction.LEFT)]), [], name)

        return factory

    reader, first, second = maker("reader"), maker("first"), maker("second")
    monkeypatch.setattr(portfolio, "READS_ONLY", frozenset({reader}))
    take_turns(problem, limits, ((reader, 1), (first, 1), (second, 1)))
    assert seen["reader"].learned is seen["first"].learned
    assert seen["second"].learned is not seen["first"].learned
