"""Several processes on one level: the first answer wins, verified, and no process is left.

Workers start with spawn here, as on Windows and macOS, so the test covers that start method.
"""

from __future__ import annotations

import multiprocessing

import pytest

from game.core.notation import replay
from game.core.xsb import parse_level
from game.solver import SolveStatus, solve, workers
from game.solver.search.parallel import worker_count
from tests.conftest import SMALL_LEVEL

# Three boxes, three goals: a few dozen pushes for either search of the portfolio.
ROOMY = "#######\n#.  . #\n# $$  #\n#  $ .#\n#  @  #\n#######"
STUCK = "########\n#     ##\n# #$ $ #\n# # .###\n#@    .#\n#      #\n########"


@pytest.fixture(autouse=True)
def spawned(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "START_METHOD", "spawn")


def test_two_workers_return_a_verified_solution_and_leave_no_process() -> None:
    level = parse_level(ROOMY)
    result = solve(level, "fast", time_limit=60, workers=2)
    assert result.status is SolveStatus.SOLVED
    assert replay(level, result.lurd).solved
    assert result.found_by in ("fess-base", "fess", "greedy")  # the small-level searches
    assert multiprocessing.active_children() == []


def test_two_workers_prove_a_level_unsolvable() -> None:
    result = solve(parse_level(STUCK), "fast", time_limit=60, workers=2)
    assert result.status is SolveStatus.UNSOLVABLE
    assert multiprocessing.active_children() == []


def test_cancel_stops_every_worker() -> None:
    result = solve(parse_level(SMALL_LEVEL), "fast", cancel=lambda: True, workers=2)
    assert result.status is SolveStatus.CANCELLED
    assert multiprocessing.active_children() == []


def test_workers_are_capped_by_the_searches_the_method_runs_on_the_level() -> None:
    assert worker_count("fast", 2, 4) == 2
    assert worker_count("fast", 16, 4) == 3  # small levels: the guided, fess and greedy
    assert worker_count("fast", 16, 10) == 4  # up to 10 boxes: three, and the meeting search
    assert worker_count("fast", 16, 20) == 6  # beyond: four, the meeting and HF searches
    assert worker_count("bfs", 4, 20) == 1
    assert worker_count("fast", 1, 20) == 1


def test_fewer_than_one_worker_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        solve(parse_level(SMALL_LEVEL), workers=0)
