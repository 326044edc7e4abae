"""The solver service: searches run in a worker process that a manager thread looks after.

Each request is a job (game.app.jobs) the screen reads each tick; a new job cancels the one
before it, and a crash or a hang in the worker becomes a message. What the worker can do is the
``WORKS`` table: a new kind of work is one more :class:`Work` member and its function there.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import queue
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import Enum
from multiprocessing.context import SpawnProcess
from typing import Any, Protocol

from game.app.jobs import Job, Progress, Purpose
from game.core.level import Level
from game.solver.plan import PlannedPush, planned_pushes
from game.solver.rescue import RescueResult
from game.solver.result import SolveResult, SolveStatus

# A worker that has not answered a cancel this long after its deadline is killed.
GRACE_SECONDS = 2.0
POLL_SECONDS = 0.05
# How often an idle worker looks whether the game that started it is still there.
PARENT_CHECK_SECONDS = 0.25


class Work(Enum):
    """What the worker is asked to do (its function is in ``WORKS``)."""

    SOLVE = "solve"  # a whole solution from a position
    RESCUE = "rescue"  # how many undos bring an unsolvable game back


@dataclass(frozen=True)
class SolverRequest:
    request_id: int
    work: Work
    level: Level
    history: str  # the LURD from the level's start, for RESCUE
    method: str
    time_limit: float
    workers: int = 1  # processes that share the search (see game.solver.parallel)


@dataclass(frozen=True)
class SolverUpdate:
    """Progress or the final answer for one request; ``done`` marks the last update.

    A solution comes as a typed ``plan`` (its pushes, each with its walk, from the position
    asked about), so the game never reads LURD text back.
    """

    request_id: int
    work: Work
    nodes: int = 0
    seconds: float = 0.0
    result: SolveResult | None = None
    rescue: RescueResult | None = None
    error: str = ""
    plan: tuple[PlannedPush, ...] = ()

    @property
    def done(self) -> bool:
        return self.result is not None or self.rescue is not None or bool(self.error)


def solve_answer(request: SolverRequest, result: SolveResult) -> SolverUpdate:
    """The final update of a solve: the result, and its plan when it solved the level."""
    plan = planned_pushes(request.level, result.lurd) if result.solved else ()
    return SolverUpdate(
        request.request_id, request.work, result.nodes, result.seconds, result, plan=plan
    )


def _nothing() -> None:
    """Nobody to wake."""


def player_workers() -> int:
    """Processes for a search the player waits for: every core but the one the game keeps
    (at least one)."""
    return max(1, (os.cpu_count() or 1) - 1)


NodeProgress = Callable[[int, float], None]
CancelCheck = Callable[[], bool]


def _solve(request: SolverRequest, cancelled: CancelCheck, progress: NodeProgress) -> SolverUpdate:
    from game.solver import solve

    result = solve(
        request.level,
        method=request.method,
        time_limit=request.time_limit,
        cancel=cancelled,
        progress=progress,
        workers=request.workers,
    )
    return solve_answer(request, result)


def _rescue(
    request: SolverRequest, cancelled: CancelCheck, _progress: NodeProgress
) -> SolverUpdate:
    from game.solver.rescue import undos_to_solvable

    rescue = undos_to_solvable(
        request.level, request.history, request.time_limit, cancelled, request.workers
    )
    return SolverUpdate(request.request_id, request.work, rescue=rescue)


# What the worker process does for each kind of work (imports inside: the game's process never
# loads the solver for them).
WORKS: dict[Work, Callable[[SolverRequest, CancelCheck, NodeProgress], SolverUpdate]] = {
    Work.SOLVE: _solve,
    Work.RESCUE: _rescue,
}


def _worker_main(requests: Any, updates: Any, cancelled_through: Any) -> None:
    """Worker process loop: one request at a time, cancelled through a shared counter.

    The worker holds both ends of its queues, so it never sees them close when the game dies:
    it watches the game's process instead, while it waits and while it searches, and leaves
    within a second once the game is gone.
    """
    parent = multiprocessing.parent_process()
    # A daemonic process may not start processes, and a search with several workers does. The
    # game still sees this worker as daemonic and ends it at exit; its searches end at once
    # when it goes, since their pipes close.
    multiprocessing.current_process().daemon = False

    def orphaned() -> bool:
        return parent is not None and not parent.is_alive()

    # Updates nobody will read must not hold the worker's exit up.
    updates.cancel_join_thread()
    while not orphaned():
        try:
            request: SolverRequest | None = requests.get(timeout=PARENT_CHECK_SECONDS)
        except queue.Empty:
            continue
        if request is None:
            return
        rid = request.request_id

        def is_cancelled(rid: int = rid) -> bool:
            return bool(cancelled_through.value >= rid) or orphaned()

        def progress(nodes: int, seconds: float, rid: int = rid, work: Work = request.work) -> None:
            updates.put(SolverUpdate(rid, work, nodes, seconds))

        try:
            updates.put(WORKS[request.work](request, is_cancelled, progress))
        except Exception as error:  # the game must hear of any failure, never hang on it
            updates.put(SolverUpdate(rid, request.work, error=f"the solver failed: {error}"))


class SolverPort(Protocol):
    """What the game needs of the solver service (a fake stands in for it in tests)."""

    think_ahead: bool  # solve in the background after each change, before anyone asks

    def start(
        self,
        purpose: Purpose,
        subject: Hashable,
        level: Level,
        work: Work = ...,
        method: str = ...,
        time_limit: float = ...,
        history: str = ...,
        workers: int = ...,
    ) -> Job[SolverUpdate]: ...


class SolverService:
    """Runs one search at a time off the game loop; poll() hands back what it produced."""

    def __init__(self, think_ahead: bool = True, wake: Callable[[], None] | None = None) -> None:
        self.think_ahead = think_ahead
        # Called (from the manager thread) whenever a job has news, so a resting game loop
        # draws it at once.
        self._wake = wake or _nothing
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._next_id = 0
        self._current: SolverRequest | None = None
        self._deadline = 0.0
        # The job of the latest request, and its id: only its updates reach a screen.
        self._job: Job[SolverUpdate] | None = None
        self._job_id = 0
        self._commands: queue.Queue[SolverRequest | None] = queue.Queue()
        self._process: SpawnProcess | None = None
        self._requests: Any = None
        self._updates: Any = None
        self._cancelled_through: Any = None
        self._thread: threading.Thread | None = None
        self._stopping = False

    # -- the game's side -------------------------------------------------------------------
    def start(
        self,
        purpose: Purpose,
        subject: Hashable,
        level: Level,
        work: Work = Work.SOLVE,
        method: str = "fast",
        time_limit: float = 30.0,
        history: str = "",
        workers: int = 1,
    ) -> Job[SolverUpdate]:
        """Start ``work`` on ``level`` for ``purpose`` with ``workers`` processes (see
        :func:`player_workers`); the job running before is cancelled. The job's result is the
        final update; its progress the nodes and seconds searched so far."""
        self._ensure_thread()
        with self._lock:
            self._next_id += 1
            request = SolverRequest(
                self._next_id, work, level, history, method, time_limit, workers
            )
            job: Job[SolverUpdate] = Job(
                purpose, subject, functools.partial(self._stop, request.request_id), self._wake
            )
            if self._job is not None:
                self._job.dropped()
            self._job, self._job_id = job, request.request_id
        self._commands.put(request)
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
    def _tell(self, update: SolverUpdate) -> None:
        """Hand ``update`` to its job (which wakes the loop), if that job is still wanted."""
        with self._lock:
            job = self._job if update.request_id == self._job_id else None
            if job is not None and update.done:
                self._job = None
        if job is None:
            return
        if not update.done:
            job.report(Progress(update.nodes, update.seconds))
        elif update.error and update.result is None:
            job.fail(update.error)
        else:
            job.finish(update)

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._manage, name="solver", daemon=True)
            self._thread.start()

    def _start_worker(self) -> None:
        self._requests = self._context.Queue()
        self._updates = self._context.Queue()
        self._cancelled_through = self._context.Value("q", 0)
        self._process = self._context.Process(
            target=_worker_main,
            args=(self._requests, self._updates, self._cancelled_through),
            name="solver-worker",
            daemon=True,
        )
        self._process.start()

    def _stop_worker(self) -> None:
        process = self._process
        if process is None:
            return
        if process.is_alive():
            self._requests.put(None)
            process.join(timeout=0.5)
            if process.is_alive():
                process.kill()
                process.join(timeout=2)
        self._process = None

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
                        self._tell(SolverUpdate(
                            command.request_id, command.work,
                            error=f"the solver could not start: {error}".splitlines()[0],
                        ))
            self._forward_updates()
            self._watch_worker()

    def _cancel_running(self) -> None:
        if self._cancelled_through is not None and self._current is not None:
            with self._cancelled_through.get_lock():
                self._cancelled_through.value = self._current.request_id
        self._current = None

    def _dispatch(self, request: SolverRequest) -> None:
        if self._process is None or not self._process.is_alive():
            self._start_worker()
        self._current = request
        self._deadline = time.monotonic() + request.time_limit + GRACE_SECONDS
        self._requests.put(request)

    def _forward_updates(self) -> None:
        if self._updates is None:
            return
        while True:
            try:
                update: SolverUpdate = self._updates.get_nowait()
            except queue.Empty:
                return
            self._tell(update)
            current = self._current
            if current is not None and update.done and update.request_id == current.request_id:
                self._current = None

    def _watch_worker(self) -> None:
        request = self._current
        if request is None or self._process is None:
            return
        crashed = not self._process.is_alive()
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
        self._process.kill()
        self._process.join(timeout=2)
        self._process = None
        self._current = None
        timeout = SolveResult(SolveStatus.TIMEOUT, reason=message)
        self._tell(
            SolverUpdate(
                request.request_id, request.work, result=timeout, error=message if crashed else ""
            )
        )
