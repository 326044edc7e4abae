"""Long work off the main loop: a job in a thread with a cancel check and a progress line.

The screen polls the job each tick; a cancelled job stops at its next check and reports nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

ResultT = TypeVar("ResultT")
CancelCheck = Callable[[], bool]
ProgressLine = Callable[[str], None]
Work = Callable[[CancelCheck, ProgressLine], ResultT]


@dataclass(frozen=True)
class JobOutcome(Generic[ResultT]):
    """How a finished job ended: its result, or the one-line reason it failed."""

    result: ResultT | None
    error: str | None = None


class BackgroundJob(Generic[ResultT]):
    """Runs ``work(cancelled, progress)`` in a daemon thread from the moment it is made."""

    def __init__(self, work: Work[ResultT], wake: Callable[[], None] | None = None) -> None:
        self._work = work
        # Called (from the job's thread) at each progress line and at the end, so a resting
        # game loop shows them at once.
        self._wake = wake or (lambda: None)
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._progress = ""
        self._outcome: JobOutcome[ResultT] | None = None
        self._thread = threading.Thread(target=self._run, name="background job", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            outcome = JobOutcome(self._work(self._cancel.is_set, self._report))
        except Exception as error:  # the job's own failure, told to the player in one line
            outcome = JobOutcome(None, " ".join(str(error).split()) or type(error).__name__)
        with self._lock:
            self._outcome = outcome
        self._wake()

    def _report(self, line: str) -> None:
        with self._lock:
            self._progress = line
        self._wake()

    @property
    def progress(self) -> str:
        with self._lock:
            return self._progress

    def outcome(self) -> JobOutcome[ResultT] | None:
        """The outcome once the job is over (None while it runs or after a cancel)."""
        with self._lock:
            return None if self._cancel.is_set() else self._outcome

    def cancel(self) -> None:
        """Ask the job to stop; it does at its next cancel check, and its outcome is dropped."""
        self._cancel.set()

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the thread to end; True if it has."""
        self._thread.join(seconds)
        return not self._thread.is_alive()
