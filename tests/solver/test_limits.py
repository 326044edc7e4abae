"""Limits hold in every phase: on big generated rooms the set-up (analysis, packing plan,
matchings) stops at the time limit, at a cancel and at the memory cap, not only the search.

Bounds are generous (limit + a few seconds) so a busy machine cannot make them flaky.
"""

from __future__ import annotations

import threading
import time

import pytest

from game.core.level import Level
from game.solver import SolveStatus, solve
from game.solver.memory import resident_bytes
from tests.test_tools import load_tool

SLACK = 4.0  # seconds a stop may take past its limit here (the promise is tens of ms)


def big_room(width: int, height: int, boxes: int) -> Level:
    room: Level = load_tool("solver_limits").big_room(width, height, boxes)
    return room


@pytest.mark.parametrize("method", ["fast", "fess", "greedy", "bfs", "astar"])
def test_a_400_box_room_stops_at_the_time_limit(method: str) -> None:
    began = time.monotonic()
    result = solve(big_room(100, 100, 400), method=method, time_limit=1.0)
    assert result.status is SolveStatus.TIMEOUT
    assert time.monotonic() - began < 1.0 + SLACK


def test_a_star_on_a_60_by_60_room_stops_at_its_limit() -> None:
    began = time.monotonic()
    result = solve(big_room(60, 60, 60), method="astar", time_limit=4.0)
    assert result.status is SolveStatus.TIMEOUT
    assert time.monotonic() - began < 4.0 + SLACK


def test_a_cancel_during_the_set_up_stops_it() -> None:
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    began = time.monotonic()
    result = solve(big_room(100, 100, 400), method="fess", time_limit=60, cancel=cancel)
    timer.join()
    assert result.status is SolveStatus.CANCELLED
    assert time.monotonic() - began < 0.3 + SLACK


def test_the_memory_cap_is_on_resident_memory_and_holds_in_the_set_up() -> None:
    # The process already holds more than this cap, so the first check stops the solve.
    result = solve(big_room(100, 100, 400), method="fess", time_limit=60,
                   memory_limit=resident_bytes() // 2)
    assert result.status is SolveStatus.MEMORY
    assert "MiB resident" in result.reason
