"""The solver service: each request a job that gets its answer; new jobs and cancels drop old ones.

A crash or a failure in the worker process comes back as a message, never as a hang.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from multiprocessing.process import BaseProcess
from typing import TypeVar

import pytest

from game.app.jobs.jobs import Job, JobState, Purpose
from game.app.jobs.solver_service import (
    RescueRequest,
    Solved,
    SolveRequest,
    SolverService,
    player_workers,
)
from game.core import parse_level, replay
from game.core.push import lurd_of_pushes
from game.solver import SolveStatus
from tests.conftest import SMALL_LEVEL
from tests.processes import (
    HAS_PROC,
    alive,
    children_of,
    children_outliving_a_kill,
    thread_niceness,
)

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
HARD_SEARCH = SolveRequest(parse_level(HARD), "bfs", time_limit=60)
SMALL_SEARCH = SolveRequest(parse_level(SMALL_LEVEL), time_limit=20)
AnswerT = TypeVar("AnswerT")


@pytest.fixture
def service() -> Iterator[SolverService]:
    solver = SolverService()
    yield solver
    solver.shutdown()


def answer(job: Job[AnswerT], seconds: float = 30.0) -> AnswerT:
    assert job.wait(seconds), "no answer from the solver service"
    assert job.result is not None, job.state
    return job.result


def searching(job: Job[Solved], seconds: float = 30.0) -> None:
    """Wait until the worker reports its first nodes for ``job``: it is searching."""
    deadline = time.monotonic() + seconds
    while not job.progress.nodes:
        assert time.monotonic() < deadline and job.running, "the worker never searched"
        time.sleep(0.01)


def solver_worker() -> BaseProcess:
    """The service's worker process, among this process's children."""
    children = multiprocessing.active_children()
    workers = [child for child in children if child.name == "solver-worker"]
    assert len(workers) == 1, workers
    return workers[0]


def test_solves_off_the_loop(service: SolverService) -> None:
    level = parse_level(SMALL_LEVEL)
    job = service.start(Purpose.HINT, "small", SolveRequest(level, time_limit=20))
    update = answer(job)
    assert job.purpose is Purpose.HINT and not job.stale("small")
    assert update.result.status is SolveStatus.SOLVED
    assert replay(level, update.result.lurd).solved
    # The answer comes as a typed plan: its pushes, each after the shortest walk, solve it.
    assert replay(level, lurd_of_pushes(level, update.plan)).solved
    assert len(update.plan) == update.result.pushes


def test_the_answer_wakes_the_loop() -> None:
    states: list[JobState] = []
    jobs: list[Job[Solved]] = []
    service = SolverService(wake=lambda: states.append(jobs[0].state))
    try:
        jobs.append(service.start(Purpose.HINT, "small", SMALL_SEARCH))
        answer(jobs[0])
        # The last wake comes with the answer there to read, not before it.
        assert states and states[-1] is JobState.DONE
        assert all(state is JobState.RUNNING for state in states[:-1])
    finally:
        service.shutdown()


def test_a_new_job_replaces_the_old_one(service: SolverService) -> None:
    first = service.start(Purpose.THINK_AHEAD, "hard", HARD_SEARCH)
    searching(first)
    second = service.start(Purpose.CHECK, "small", SMALL_SEARCH)
    assert first.state is JobState.CANCELLED and first.stale("hard")
    assert answer(second).result.solved
    assert first.result is None


def test_cancel_drops_the_answer(service: SolverService) -> None:
    job = service.start(Purpose.HINT, "hard", HARD_SEARCH)
    searching(job)
    job.cancel()
    again = service.start(Purpose.HINT, "small", SMALL_SEARCH)
    # The worker takes one request at a time: the cancelled search has ended when this answers.
    assert answer(again).result.solved
    assert job.state is JobState.CANCELLED and job.result is None


def test_progress_is_reported(service: SolverService) -> None:
    job = service.start(
        Purpose.HINT, "hard", SolveRequest(parse_level(HARD), "bfs", time_limit=1.5)
    )
    deadline = time.monotonic() + 20
    seen_progress = False
    while job.running and time.monotonic() < deadline:
        seen_progress = seen_progress or job.progress.nodes > 0
        time.sleep(0.05)
    assert seen_progress


def test_failure_becomes_a_message(service: SolverService) -> None:
    job = service.start(
        Purpose.HINT, "small", SolveRequest(parse_level(SMALL_LEVEL), "no-such-method", 5)
    )
    assert job.wait(30)
    assert job.state is JobState.FAILED and "solver failed" in job.error


def test_killed_worker_becomes_a_message(service: SolverService) -> None:
    job = service.start(Purpose.HINT, "hard", HARD_SEARCH)
    searching(job)
    solver_worker().kill()
    assert job.wait(30)
    assert job.state is JobState.FAILED and "stopped unexpectedly" in job.error
    again = service.start(Purpose.HINT, "small", SMALL_SEARCH)
    assert answer(again).result.solved


def test_rescue_counts_undos(service: SolverService) -> None:
    level = parse_level(DEAD_END)
    # A good push right, then the box is pushed down against the bottom wall: dead.
    history = "dRurDl"
    assert not replay(level, history).solved
    rescue = answer(service.start(Purpose.RESCUE, "dead", RescueRequest(level, history, 10)))
    assert rescue.kept == len(history) - 2  # all but the last step and the fatal push
    assert rescue.certain


# A game-like parent: it starts the solver service, gives it work and then just lives on.
PARENT = """
import sys, time
from game.core import parse_level
from game.app.jobs.jobs import Purpose
from game.app.jobs.solver_service import SolverService, SolveRequest

service = SolverService()
if sys.argv[1] == "busy":
    job = service.start(Purpose.HINT, 1, SolveRequest(parse_level(sys.argv[2]), "bfs", 600))
    while not job.progress.nodes:  # the first progress report: the worker is searching
        time.sleep(0.05)
else:
    job = service.start(Purpose.HINT, 2, SolveRequest(parse_level(sys.argv[3]), time_limit=60))
    job.wait(60)
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
    update = answer(service.start(Purpose.HINT, "small", SolveRequest(level, "fast", 20, 2)))
    assert update.result.status is SolveStatus.SOLVED
    assert replay(level, update.result.lurd).solved
    assert not [pid for pid in children_of(solver_worker().pid or 0) if alive(pid)]


@pytest.mark.parametrize(("cores", "workers"), [(8, 7), (2, 1), (1, 1), (None, 1)])
def test_the_player_gets_every_core_but_one(
    monkeypatch: pytest.MonkeyPatch, cores: int | None, workers: int
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert player_workers() == workers


@pytest.mark.skipif(
    not HAS_PROC or not sys.platform.startswith("linux"), reason="threads' priorities: Linux"
)
@pytest.mark.parametrize(("purpose", "below_game"), [(Purpose.HINT, 1), (Purpose.THINK_AHEAD, 19)])
def test_work_runs_at_a_priority_by_whether_the_player_waits(
    service: SolverService, purpose: Purpose, below_game: int
) -> None:
    """A hint the player asked for runs one step below the game, the think-ahead lowest."""
    game = os.getpriority(os.PRIO_PROCESS, 0)
    job = service.start(purpose, "hard", SolveRequest(parse_level(HARD), "bfs", 20))
    deadline = time.monotonic() + 20
    seen: list[int] = []
    while time.monotonic() < deadline and min(19, game + below_game) not in seen:
        for child in children_of(os.getpid()):
            seen = thread_niceness(child)
        time.sleep(0.05)
    job.cancel()
    assert min(19, game + below_game) in seen
    assert min(seen) == min(19, game + 1)  # the worker itself, one step below the game
