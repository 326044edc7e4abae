"""The solver service: searches run in a worker process that a manager thread looks after.

Each request is a job (jobs.py) typed by its kind of work (solver_works.py): a new job cancels
the one before it, and a crash or a hang in the worker fails it with a message.
"""

from __future__ import annotations

import functools
import os
import queue
import threading
import time
from collections.abc import Callable, Hashable
from typing import Any, Protocol, TypeVar

from game.app.jobs.jobs import Job, Progress, Purpose
from game.app.jobs.solver_works import (
    Assignment,
    Cancel,
    Failed,
    News,
    OptimizeRequest,
    Progressed,
    Request,
    RescueRequest,
    Solved,
    SolveRequest,
    solve_answer,
    worker_main,
)
from game.solver.workers import Worker, end_workers, send_quietly, start_worker

__all__ = [
    "OptimizeRequest",
    "RescueRequest",
    "SolveRequest",
    "Solved",
    "SolverPort",
    "SolverService",
    "player_workers",
    "solve_answer",
]

AnswerT = TypeVar("AnswerT")

# A worker that has not answered a cancel this long after its deadline is killed.
GRACE_SECONDS = 2.0
POLL_SECONDS = 0.05
IDLE_EXIT_SECONDS = 0.1


def _nothing() -> None:
    """Nobody to wake."""


def player_workers() -> int:
    """Processes for a search the player waits for: every core but the one the game keeps
    (at least one)."""
    return max(1, (os.cpu_count() or 1) - 1)


class SolverPort(Protocol):
    """What the game needs of the solver service (a fake stands in for it in tests)."""

    think_ahead: bool  # solve in the background after each change, before anyone asks

    def start(
        self, purpose: Purpose, subject: Hashable, request: Request[AnswerT]
    ) -> Job[AnswerT]: ...

    def shutdown(self) -> None: ...


class SolverService:
    """Runs one search at a time off the game loop; poll() hands back what it produced."""

    def __init__(self, think_ahead: bool = True, wake: Callable[[], None] | None = None) -> None:
        self.think_ahead = think_ahead
        # Called (from the manager thread) whenever a job has news, so a resting game loop
        # draws it at once.
        self._wake = wake or _nothing
        self._lock = threading.Lock()
        self._next_id = 0
        self._current: Assignment | None = None
        self._deadline = 0.0
        # The job of the latest request, and its id: only its news reaches a screen.
        self._job: Job[Any] | None = None
        self._job_id = 0
        self._commands: queue.Queue[Assignment | None] = queue.Queue()
        self._worker: Worker | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False

    # -- the game's side -------------------------------------------------------------------
    def start(
        self, purpose: Purpose, subject: Hashable, request: Request[AnswerT]
    ) -> Job[AnswerT]:
        """Start ``request`` for ``purpose``; the job running before is cancelled. The job's
        result is the request's answer; its progress the nodes and seconds searched so far."""
        self._ensure_thread()
        with self._lock:
            self._next_id += 1
            assignment = Assignment(self._next_id, request, purpose.shown)
            job: Job[AnswerT] = Job(
                purpose, subject, functools.partial(self._stop, self._next_id), self._wake
            )
            if self._job is not None:
                self._job.dropped()
            self._job, self._job_id = job, self._next_id
        self._commands.put(assignment)
        return job

    def cancel(self) -> None:
        """Stop whatever runs; its answer, if one still comes, is dropped."""
        with self._lock:
            job = self._job
        if job is not None:
            job.cancel()

    def _stop(self, request_id: int) -> None:
        """A job was cancelled: stop its search if it is still the one running."""
        with self._lock:
            job = self._job
            if job is None or request_id != self._job_id:
                return
            self._next_id += 1  # ids below this are stale from now on
            self._job = None
        job.dropped()
        if self._thread is not None:
            self._commands.put(None)

    def shutdown(self) -> None:
        """Stop the worker and the thread; safe to call twice."""
        self._stopping = True
        if self._thread is not None:
            self._commands.put(None)
            self._thread.join(timeout=3)
            self._thread = None
        self._stop_worker()
        self._stopping = False

    # -- the manager thread ----------------------------------------------------------------
    def _tell(self, news: News) -> None:
        """Hand ``news`` to its job (which wakes the loop), if that job is still wanted."""
        with self._lock:
            job = self._job if news.request_id == self._job_id else None
            if job is not None and not isinstance(news, Progressed):
                self._job = None
        if job is None:
            return
        if isinstance(news, Progressed):
            job.report(Progress(news.nodes, news.seconds, news.line))
        elif isinstance(news, Failed):
            job.fail(news.message)
        else:
            job.finish(news.answer)

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._manage, name="solver", daemon=True)
            self._thread.start()

    def _stop_worker(self) -> None:
        worker = self._worker
        if worker is None:
            return
        self._worker = None
        if worker.process.is_alive():
            # An idle worker reads the None and leaves at once; one in a search is killed
            # rather than waited for (it holds nothing to save), so the game quits at once.
            send_quietly(worker.pipe, None)
            worker.process.join(timeout=IDLE_EXIT_SECONDS)
        end_workers([worker])

    def _manage(self) -> None:
        while not self._stopping:
            # With no search running there is nothing to forward or watch: wait for a command.
            timeout = POLL_SECONDS if self._current is not None else None
            try:
                command = self._commands.get(timeout=timeout)
            except queue.Empty:
                command = None
            else:
                self._cancel_running()
                if command is not None:
                    try:
                        self._dispatch(command)
                    except (OSError, RuntimeError, ValueError) as error:
                        # The worker could not start: say so, the game goes on without it.
                        self._current = None
                        message = f"the solver could not start: {error}".splitlines()[0]
                        self._tell(Failed(command.request_id, message))
            self._forward_updates()
            self._watch_worker()

    def _cancel_running(self) -> None:
        if self._worker is not None and self._current is not None:
            send_quietly(self._worker.pipe, Cancel(self._current.request_id))
        self._current = None

    def _dispatch(self, assignment: Assignment) -> None:
        if self._worker is None or not self._worker.process.is_alive():
            self._stop_worker()
            # Spawned: a fork of the game would copy its threads and window.
            self._worker = start_worker(worker_main, name="solver-worker", spawn=True)
        self._current = assignment
        self._deadline = time.monotonic() + assignment.request.time_limit + GRACE_SECONDS
        self._worker.pipe.send(assignment)

    def _forward_updates(self) -> None:
        worker = self._worker
        if worker is None:
            return
        while True:
            try:
                if not worker.pipe.poll():
                    return
                news: News = worker.pipe.recv()
            except (EOFError, OSError):  # the worker died: _watch_worker tells the job
                return
            self._tell(news)
            current = self._current
            if (
                current is not None
                and not isinstance(news, Progressed)
                and news.request_id == current.request_id
            ):
                self._current = None

    def _watch_worker(self) -> None:
        assignment = self._current
        if assignment is None or self._worker is None:
            return
        crashed = not self._worker.process.is_alive()
        overdue = time.monotonic() > self._deadline
        if not (crashed or overdue):
            return
        self._forward_updates()  # an answer may have arrived just before the end
        if self._current is None:
            return
        if crashed:
            message = "the solver stopped unexpectedly; try again"
        else:
            message = "the solver did not stop in time and was restarted"
        end_workers([self._worker])
        self._worker = None
        self._current = None
        self._tell(Failed(assignment.request_id, message))
