"""The cyclic collector is off while a search runs and on again after, however pauses
overlap."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from game.core.xsb import parse_level
from game.solver.collector import collector_paused
from game.solver.optimize import optimizer
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.search.problem import Outcome, Problem
from game.solver.search.start import search_level
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

LEVEL = "\n".join(["#####", "#@$.#", "#####"])


@pytest.fixture(autouse=True)
def _collector_on() -> Iterator[None]:
    gc.enable()
    yield
    gc.enable()


def test_a_search_runs_without_the_collector_and_turns_it_on_again() -> None:
    seen: list[bool] = []

    def method(_problem: Problem, _limits: Limits) -> Outcome:
        seen.append(gc.isenabled())
        return Outcome(None)

    with pytest.raises(StopSearch) as stopped:
        search_level(parse_level(LEVEL), method, Limits(None, None, 1 << 40, None, None))
    assert stopped.value.status is SolveStatus.UNSOLVABLE
    assert seen == [False]
    assert gc.isenabled()


class _Heap:
    """Stands for a search's heap."""


def test_a_stopped_search_leaves_its_heap_behind() -> None:
    # Its frames are not carried up with the stop, so its heap is freed before the collector
    # runs again (else the collector's first pass walks all of it).
    made: list[weakref.ref[_Heap]] = []

    def method(_problem: Problem, _limits: Limits) -> Outcome:
        heap = _Heap()
        made.append(weakref.ref(heap))
        raise StopSearch(SolveStatus.TIMEOUT, "time limit reached")

    with pytest.raises(StopSearch) as stopped:
        search_level(parse_level(LEVEL), method, Limits(None, None, 1 << 40, None, None))
    assert stopped.value.status is SolveStatus.TIMEOUT
    assert made[0]() is None
    assert gc.isenabled()


def test_overlapping_pauses_end_with_the_last() -> None:
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()  # the second search still runs
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_a_collector_off_before_stays_off() -> None:
    gc.disable()
    with collector_paused(), collector_paused():
        pass
    assert not gc.isenabled()


def test_the_optimizer_runs_without_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    def step(*_args: object) -> None:
        seen.append(gc.isenabled())

    monkeypatch.setattr(optimizer, "run_step", step)
    optimizer.optimize(parse_level(SMALL_LEVEL), SMALL_SOLUTION)
    assert seen and not any(seen)
    assert gc.isenabled()
