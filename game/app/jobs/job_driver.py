"""The one driver of background work: every screen model's jobs are started (after a settling
delay if asked), followed, judged stale, cancelled and handed back here.

A model owns its jobs by purpose: starting one replaces the job it had for that purpose. The
engine ticks the driver with the logic; a job that ended is given to its owner in that tick as
an :class:`Ended` event, unless the owner's subject for that purpose moved on meanwhile (the
one rule of staleness), or the owner cancelled it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.app.jobs.jobs import Job, JobState, Progress, Purpose, Work, run_in_thread
from game.core.problems import Problem, ProblemKind


class JobOwner(Protocol):
    """A model with background work: it says what each purpose's work is for now, and takes
    the answers."""

    def subject_now(self, purpose: Purpose) -> Hashable:
        """What work for ``purpose`` would be about now (the boxes of the position shown, the
        level being edited); an answer for another subject is stale and never delivered."""

    def job_ended(self, ended: Ended) -> None:
        """A job of this owner ended with an answer, a problem, or by another's hand."""


@dataclass(frozen=True)
class Ended:
    """How a job ended (``state``: DONE, FAILED or CANCELLED by another's hand, such as the
    solver taken by another screen): ``answer`` when it was done (its type is the work's: a
    solver's answer, a level made...), ``problem`` when it failed."""

    purpose: Purpose
    subject: Hashable
    state: JobState
    answer: Any = None
    problem: Problem | None = None


@dataclass
class _Slot:
    """A job of one owner for one purpose: waiting to start, or running."""

    owner: JobOwner
    purpose: Purpose
    subject: Hashable
    start: Callable[[], Job[Any]]
    settle: int
    job: Job[Any] | None = field(default=None)


class JobDriver:
    """Starts, settles, follows and ends the background work of every model."""

    def __init__(self) -> None:
        self._slots: dict[tuple[int, Purpose], _Slot] = {}

    # -- starting and stopping -----------------------------------------------------------------
    def start(
        self,
        owner: JobOwner,
        purpose: Purpose,
        subject: Hashable,
        start: Callable[[], Job[Any]],
        settle: int = 0,
    ) -> None:
        """Run the job ``start`` makes for ``owner``'s ``purpose``, in place of the one it had
        for it; with ``settle``, only after that many ticks in which no newer one was asked (a
        burst of moves costs one search)."""
        self.cancel(owner, purpose)
        slot = _Slot(owner, purpose, subject, start, settle)
        self._slots[(id(owner), purpose)] = slot
        if settle <= 0:
            slot.job = start()

    def run_in_thread(
        self,
        owner: JobOwner,
        purpose: Purpose,
        subject: Hashable,
        work: Work[Any],
        wake: Callable[[], None],
    ) -> None:
        """Run ``work(cancelled, progress_line)`` in a thread of this process for ``owner``."""
        self.start(owner, purpose, subject, lambda: run_in_thread(purpose, subject, work, wake))

    def cancel(self, owner: JobOwner, purpose: Purpose | None = None, wait: float = 0.0) -> None:
        """Stop ``owner``'s job for ``purpose`` (every one of its jobs: None); nothing of it is
        delivered. With ``wait``, give each work up to that many seconds to let go (at
        shutdown, so that no process of it outlives the game; never in the loop)."""
        for key, slot in list(self._slots.items()):
            if slot.owner is owner and purpose in (None, slot.purpose):
                del self._slots[key]
                if slot.job is not None:
                    slot.job.cancel()
                    if wait > 0:
                        slot.job.wait(wait)

    # -- what a model reads --------------------------------------------------------------------
    def busy(self, owner: JobOwner, purpose: Purpose | None = None) -> bool:
        """Whether ``owner`` has a job (waiting or running) for ``purpose`` (any: None)."""
        return any(
            slot.owner is owner and purpose in (None, slot.purpose)
            for slot in self._slots.values()
        )

    def progress(self, owner: JobOwner, purpose: Purpose) -> Progress | None:
        """How far ``owner``'s running job for ``purpose`` has come (None: none runs)."""
        slot = self._slots.get((id(owner), purpose))
        if slot is None or slot.job is None:
            return None
        return slot.job.progress

    def subject(self, owner: JobOwner, purpose: Purpose) -> Hashable | None:
        """What ``owner``'s job for ``purpose`` is about (None: it has none)."""
        slot = self._slots.get((id(owner), purpose))
        return None if slot is None else slot.subject

    # -- each logic tick -----------------------------------------------------------------------
    def tick(self) -> None:
        """Start the jobs whose settling is over; hand each ended job to its owner."""
        for key, slot in list(self._slots.items()):
            if slot.job is None:
                slot.settle -= 1
                if slot.settle <= 0:
                    slot.job = slot.start()
                continue
            job = slot.job
            if job.running:
                continue
            if self._slots.get(key) is slot:
                del self._slots[key]
            if slot.owner.subject_now(slot.purpose) != slot.subject:
                continue  # the owner moved on: the one rule of staleness
            slot.owner.job_ended(_ended(slot, job))


def _ended(slot: _Slot, job: Job[Any]) -> Ended:
    state = job.state
    if state is JobState.FAILED:
        problem = Problem(ProblemKind.WORK_FAILED, job.error)
        return Ended(slot.purpose, slot.subject, state, problem=problem)
    return Ended(slot.purpose, slot.subject, state, answer=job.result)
