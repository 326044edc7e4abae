"""Limits hold in every phase: on big generated rooms the set-up (analysis, packing plan,
matchings) stops at the time limit, at a cancel and at the memory cap, not only the search.

How promptly each stops is measured by tools/solver_limits.py, not asserted here: a busy
machine would make any bound flaky.
"""

from __future__ import annotations

import threading

import pytest

from game.core.level import Level
from game.solver import SolveStatus, solve
from game.solver.memory import resident_bytes
from tests.test_tools import load_tool


def big_room(width: int, height: int, boxes: int) -> Level:
    room: Level = load_tool("solver_limits").big_room(width, height, boxes)
    return room


@pytest.mark.parametrize("method", ["fast", "fess", "greedy", "bfs", "astar"])
def test_a_400_box_room_stops_at_the_time_limit(method: str) -> None:
    result = solve(big_room(100, 100, 400), method=method, time_limit=1.0)
    assert result.status is SolveStatus.TIMEOUT


def test_a_star_on_a_60_by_60_room_stops_at_its_limit() -> None:
    result = solve(big_room(60, 60, 60), method="astar", time_limit=4.0)
    assert result.status is SolveStatus.TIMEOUT


def test_a_cancel_during_the_set_up_stops_it() -> None:
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    result = solve(big_room(100, 100, 400), method="fess", time_limit=60, cancel=cancel)
    timer.join()
    assert result.status is SolveStatus.CANCELLED


def test_the_memory_cap_is_on_resident_memory_and_holds_in_the_set_up() -> None:
    # The process already holds more than this cap, so the first check stops the solve.
    result = solve(big_room(100, 100, 400), method="fess", time_limit=60,
                   memory_limit=resident_bytes() // 2)
    assert result.status is SolveStatus.MEMORY
    assert "MiB resident" in result.reason
