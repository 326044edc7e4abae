"""Background work, one way: a typed job saying what it is for and the position or level it
belongs to, with its progress, its result or failure, a cancel, and the one rule of staleness.

A job is made by a runner and handed to its model by the job driver (game.app.jobs.job_driver):
- :func:`run_in_thread` runs a function in a thread of this process (a random level the player
  waits for, a level made ahead: game.app.jobs.ready_levels);
- :class:`game.app.jobs.solver_service.SolverService` runs it in the solver's worker process (hints,
  whole solutions, rescues, the editor's check, optimizing), one at a time: a new job cancels
  the one before.

A new kind of work takes a small addition: a :class:`Purpose` member here (its wording, and
whether the screen shows it, so input scripts wait for it); for work in the solver's process a
request class in game.app.jobs.solver_works (its fields, and a ``run(cancelled, progress)`` that
imports what it needs and returns the answer's own type), then
``SolverService.start(Purpose.X, subject, XRequest(...))``, whose job is typed by that answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

from game.solver.result import CancelCheck

ResultT = TypeVar("ResultT")
ProgressLine = Callable[[str], None]
Work = Callable[[CancelCheck, ProgressLine], ResultT]


class Purpose(Enum):
    """What a job is for: its wording, and whether the screen shows it as work in progress."""

    HINT = ("a hint", True)
    PULL_HINT = ("a hint in reverse play", True)
    SOLUTION = ("a whole solution", True)
    THINK_AHEAD = ("a solution thought ahead", False)
    RESCUE = ("the undos that save the game", False)
    CHECK = ("the editor's check", True)
    LEVEL = ("a random level", True)
    LEVEL_AHEAD = ("a random level made ahead", False)
    OPTIMIZE = ("a shorter solution", True)
    IMPORT = ("imported solutions replayed", True)
    EXPORT = ("solutions written to a .sok file", True)
    READ = ("a level's solutions read from the store", True)

    def __init__(self, wording: str, shown: bool) -> None:
        self.wording = wording
        # Shown work is what the player (or an input script) waits for before the next action.
        self.shown = shown


class JobState(Enum):
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"  # asked to stop, or replaced by a newer job of the same runner


@dataclass(frozen=True)
class Progress:
    """How far a job has come: search nodes and seconds, and a line for the screen."""

    nodes: int = 0
    seconds: float = 0.0
    line: str = ""


def _nothing() -> None:
    """No runner to stop."""


class Job(Generic[ResultT]):
    """One piece of background work for ``subject`` (the boxes of a position, a level's rows,
    a random level's cell). Thread-safe: the runner writes, the screen reads."""

    def __init__(
        self,
        purpose: Purpose,
        subject: Hashable,
        stop: Callable[[], None] = _nothing,
        wake: Callable[[], None] = _nothing,
    ) -> None:
        self.purpose = purpose
        self.subject = subject
        # The runner's way to stop the work (an event, the solver's cancel counter).
        self._stop = stop
        # Called (from the runner's thread) at each progress and at the end, so a resting game
        # loop shows them at once.
        self._wake = wake
        self._lock = threading.Lock()
        self._over = threading.Event()
        self._state = JobState.RUNNING
        self._progress = Progress()
        self._result: ResultT | None = None
        self._error = ""

    def __repr__(self) -> str:
        return f"Job({self.purpose.name}, {self._state.value})"

    # -- the screen's side ------------------------------------------------------------------
    @property
    def state(self) -> JobState:
        with self._lock:
            return self._state

    @property
    def running(self) -> bool:
        return self.state is JobState.RUNNING

    @property
    def progress(self) -> Progress:
        with self._lock:
            return self._progress

    @property
    def result(self) -> ResultT | None:
        """The answer once DONE (None before, and after a failure or a cancel)."""
        with self._lock:
            return self._result if self._state is JobState.DONE else None

    @property
    def error(self) -> str:
        """The one-line reason of a FAILED job ("" otherwise)."""
        with self._lock:
            return self._error if self._state is JobState.FAILED else ""

    def stale(self, subject: Hashable) -> bool:
        """The one place that decides whether this job's answer may still be used: only for
        the subject it was asked for, and only if it was not cancelled."""
        return self.state is JobState.CANCELLED or subject != self.subject

    def cancel(self) -> None:
        """Ask the work to stop; whatever it still reports is dropped."""
        with self._lock:
            if self._state is not JobState.RUNNING:
                return
            self._state = JobState.CANCELLED
        self._stop()

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the job to be over: answered, failed, or its work let go
        of after a cancel (tests and tools; never the loop)."""
        return self._over.wait(seconds)

    # -- the runner's side ------------------------------------------------------------------
    def report(self, progress: Progress) -> None:
        with self._lock:
            if self._state is not JobState.RUNNING:
                return
            self._progress = progress
        self._wake()

    def finish(self, result: ResultT) -> None:
        self._end(JobState.DONE, result, "")

    def fail(self, error: str) -> None:
        self._end(JobState.FAILED, None, " ".join(error.split()) or "the work failed")

    def dropped(self) -> None:
        """The runner let go of this job (cancelled, or replaced by a newer one): nothing of
        it will come any more."""
        with self._lock:
            if self._state is JobState.RUNNING:
                self._state = JobState.CANCELLED
        self._over.set()

    def _end(self, state: JobState, result: ResultT | None, error: str) -> None:
        with self._lock:
            running = self._state is JobState.RUNNING
            if running:
                self._state, self._result, self._error = state, result, error
        self._over.set()
        if running:
            self._wake()


def run_in_thread(
    purpose: Purpose,
    subject: Hashable,
    work: Work[ResultT],
    wake: Callable[[], None] = _nothing,
) -> Job[ResultT]:
    """Run ``work(cancelled, progress_line)`` in a daemon thread from now on, as a job."""
    stopped = threading.Event()
    job: Job[ResultT] = Job(purpose, subject, stopped.set, wake)

    def run() -> None:
        try:
            result = work(stopped.is_set, lambda line: job.report(Progress(line=line)))
        except Exception as error:  # the job's own failure, told to the player in one line
            job.fail(str(error) or type(error).__name__)
        else:
            job.finish(result)

    threading.Thread(target=run, name=purpose.wording, daemon=True).start()
    return job
