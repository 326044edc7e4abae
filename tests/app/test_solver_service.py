"""The solver service: answers arrive by polling, new requests and cancels drop old ones.

A crash or a failure in the worker process comes back as a message, never as a hang.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from game.app.solver_service import Job, SolverService, SolverUpdate, player_workers
from game.core import parse_level, replay
from game.core.play import PlayState
from game.solver import SolveStatus
from tests.conftest import SMALL_LEVEL
from tests.processes import HAS_PROC, alive, children_of, children_outliving_a_kill

# Many boxes in an open room: breadth-first search needs far longer than any test waits.
HARD = """\
###########
#@        #
#  $ $ $  #
#   $ $   #
#  $ $ $  #
#         #
#  .....  #
#   ...   #
#         #
###########"""
DEAD_END = "#######\n#@    #\n# $  .#\n#     #\n#######"


@pytest.fixture
def service() -> Iterator[SolverService]:
    solver = SolverService()
    yield solver
    solver.shutdown()


def wait_done(service: SolverService, seconds: float = 30.0) -> SolverUpdate:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for update in service.poll():
            if update.done:
                return update
        time.sleep(0.02)
    raise AssertionError("no answer from the solver service")


def test_solves_off_the_loop(service: SolverService) -> None:
    level = parse_level(SMALL_LEVEL)
    request = service.submit(level, time_limit=20)
    update = wait_done(service)
    assert update.request_id == request
    assert update.result is not None and update.result.status is SolveStatus.SOLVED
    assert replay(level, update.result.lurd).solved
    # The answer comes as a typed plan: its pushes with their walks make the same moves.
    state = PlayState(level)
    for planned in update.plan:
        for direction in (*planned.walk, planned.push.direction):
            assert state.step(direction).moved
    assert state.is_solved and len(update.plan) == update.result.pushes


def test_every_update_wakes_the_loop() -> None:
    wakes: list[int] = []
    service = SolverService(wake=lambda: wakes.append(len(wakes)))
    try:
        service.submit(parse_level(SMALL_LEVEL), time_limit=20)
        wait_done(service)
        assert wakes
    finally:
        service.shutdown()


def test_new_request_replaces_the_old_one(service: SolverService) -> None:
    service.submit(parse_level(HARD), method="bfs", time_limit=60)
    time.sleep(0.5)
    second = service.submit(parse_level(SMALL_LEVEL), time_limit=20)
    update = wait_done(service)
    assert update.request_id == second
    assert update.result is not None and update.result.solved


def test_cancel_drops_the_answer(service: SolverService) -> None:
    service.submit(parse_level(HARD), method="bfs", time_limit=60)
    time.sleep(0.5)
    service.cancel()
    time.sleep(0.5)
    assert all(not update.done for update in service.poll())
    again = service.submit(parse_level(SMALL_LEVEL), time_limit=20)
    assert wait_done(service).request_id == again


def test_progress_is_reported(service: SolverService) -> None:
    service.submit(parse_level(HARD), method="bfs", time_limit=1.5)
    deadline = time.monotonic() + 20
    seen_progress = False
    while time.monotonic() < deadline:
        updates = service.poll()
        seen_progress = seen_progress or any(not u.done and u.nodes > 0 for u in updates)
        if any(u.done for u in updates):
            break
        time.sleep(0.05)
    assert seen_progress


def test_failure_becomes_a_message(service: SolverService) -> None:
    service.submit(parse_level(SMALL_LEVEL), method="no-such-method", time_limit=5)
    update = wait_done(service)
    assert "solver failed" in update.error


def test_killed_worker_becomes_a_message(service: SolverService) -> None:
    service.submit(parse_level(HARD), method="bfs", time_limit=60)
    time.sleep(1.0)
    process = service._process
    assert process is not None
    process.kill()
    update = wait_done(service)
    assert "stopped unexpectedly" in update.error
    again = service.submit(parse_level(SMALL_LEVEL), time_limit=20)
    assert wait_done(service).request_id == again


def test_rescue_counts_undos(service: SolverService) -> None:
    level = parse_level(DEAD_END)
    # A good push right, then the box is pushed down against the bottom wall: dead.
    history = "dRurDl"
    assert not replay(level, history).solved
    service.submit(level, job=Job.RESCUE, history=history, time_limit=10)
    update = wait_done(service)
    assert update.rescue is not None
    assert update.rescue.undos == 2  # the last step and the fatal push
    assert update.rescue.certain


# A game-like parent: it starts the solver service, gives it work and then just lives on.
PARENT = """
import sys, time
from game.core import parse_level
from game.app.solver_service import SolverService

service = SolverService()
if sys.argv[1] == "busy":
    service.submit(parse_level(sys.argv[2]), method="bfs", time_limit=600)
    while not service.poll():  # the first progress report: the worker is searching
        time.sleep(0.05)
else:
    service.submit(parse_level(sys.argv[3]), time_limit=60)
    while not any(update.done for update in service.poll()):
        time.sleep(0.05)
print("ready", flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
@pytest.mark.parametrize("state", ["busy", "idle"])
def test_no_worker_outlives_a_killed_game(state: str) -> None:
    assert children_outliving_a_kill(PARENT, state, HARD, SMALL_LEVEL) == []


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
def test_a_search_with_two_workers_answers_and_leaves_no_process(service: SolverService) -> None:
    level = parse_level(SMALL_LEVEL)
    service.submit(level, time_limit=20, workers=2)
    update = wait_done(service)
    assert update.result is not None and update.result.status is SolveStatus.SOLVED
    assert replay(level, update.result.lurd).solved
    worker = service._process
    assert worker is not None
    assert not [pid for pid in children_of(worker.pid or 0) if alive(pid)]


@pytest.mark.parametrize(("cores", "workers"), [(8, 7), (2, 1), (1, 1), (None, 1)])
def test_the_player_gets_every_core_but_one(
    monkeypatch: pytest.MonkeyPatch, cores: int | None, workers: int
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert player_workers() == workers


@pytest.mark.skipif(not hasattr(os, "nice"), reason="priorities are POSIX")
def test_the_worker_runs_below_the_game(service: SolverService) -> None:
    # The game's keys come first while the solver thinks (a search's processes inherit it).
    service.submit(parse_level(SMALL_LEVEL), time_limit=20)
    wait_done(service)
    process = service._process
    assert process is not None and process.pid is not None
    worker = os.getpriority(os.PRIO_PROCESS, process.pid)
    assert worker >= min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10)
