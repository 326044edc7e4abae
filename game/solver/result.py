"""What a solve returns: the outcome, the LURD solution and the search statistics.

Also the limits a search runs under (time, nodes, memory, cancel) and their checks.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from game.solver.memory import resident_bytes


class SolveStatus(Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"
    MEMORY = "memory"  # stopped at the memory cap, like a timeout


@dataclass(frozen=True)
class SolveResult:
    """The outcome of one solve; ``lurd`` is '' unless the status is SOLVED."""

    status: SolveStatus
    lurd: str = ""
    moves: int = 0
    pushes: int = 0
    nodes: int = 0
    seconds: float = 0.0
    method: str = ""
    reason: str = ""
    found_by: str = ""  # the search that found the solution (of a portfolio: one of its own)

    @property
    def solved(self) -> bool:
        return self.status is SolveStatus.SOLVED


class CancelEvent(Protocol):
    def is_set(self) -> bool: ...


# A function that says whether the work should stop now (a search, a level being made, a job).
CancelCheck = Callable[[], bool]
Cancel = CancelEvent | CancelCheck
Progress = Callable[[int, float], None]


class StopSearch(Exception):
    """Raised inside a search when it ends without a solution: a limit reached, or the level
    proved unsolvable; carries the status to report and why, caught where the solve answers."""

    def __init__(self, status: SolveStatus, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class PhaseOver(Exception):
    """Raised inside a search when its slice of time is used up (the solve goes on)."""


CHECK_SECONDS = 0.02  # the clock, cancel and memory are looked at this often at most
PROGRESS_EVERY = 0.2


class Limits:
    """Time, node, memory and cancel limits for one solve.

    Searches call ``tick`` once per expansion and every other piece of work calls ``poll``
    between small steps (a few milliseconds at most each, even on a 100x100 board), so a
    limit stops any phase within about ``CHECK_SECONDS`` of work. The memory cap is on the
    process's resident memory (:func:`resident_bytes`), so it counts everything kept.
    """

    def __init__(
        self,
        time_limit: float | None,
        node_limit: int | None,
        memory_limit: int,
        cancel: Cancel | None,
        progress: Progress | None,
    ) -> None:
        self.started = time.monotonic()
        self.deadline = self.started + time_limit if time_limit is not None else None
        self.phase_deadline: float | None = None
        self.node_limit = node_limit
        self.memory_limit = memory_limit
        self.cancelled: Callable[[], bool] | None = None
        if cancel is not None:
            is_set = getattr(cancel, "is_set", None)
            self.cancelled = is_set if callable(is_set) else cancel  # type: ignore[assignment]
        self.progress = progress
        self.next_progress = self.started + PROGRESS_EVERY
        self.nodes = 0
        self._next_check = self.started + CHECK_SECONDS

    def start_slice(self, seconds: float | None) -> None:
        """Let the next search run ``seconds`` (None: until done) before PhaseOver."""
        self.phase_deadline = None if seconds is None else time.monotonic() + seconds

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def tick(self) -> None:
        """Count one expansion; raise PhaseOver at the end of the slice and StopSearch when
        a limit is reached."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise StopSearch(SolveStatus.TIMEOUT, f"node limit {self.node_limit} reached")
        now = time.monotonic()
        if self.phase_deadline is not None and now >= self.phase_deadline:
            raise PhaseOver
        if now >= self._next_check:
            self._check(now)

    def poll(self) -> None:
        """Between small steps of any work: StopSearch when a limit is reached (never
        PhaseOver, so work that cannot be resumed is never cut off for a slice)."""
        now = time.monotonic()
        if now >= self._next_check:
            self._check(now)

    def check(self) -> None:
        """Look at every limit now (StopSearch when one is reached)."""
        self._check(time.monotonic())

    def _check(self, now: float) -> None:
        self._next_check = now + CHECK_SECONDS
        if self.cancelled is not None and self.cancelled():
            raise StopSearch(SolveStatus.CANCELLED, "cancelled")
        if self.deadline is not None and now >= self.deadline:
            raise StopSearch(SolveStatus.TIMEOUT, "time limit reached")
        memory = resident_bytes()
        if memory > self.memory_limit:
            raise StopSearch(
                SolveStatus.MEMORY, f"memory cap reached ({memory // 2**20} MiB resident)"
            )
        if self.progress is not None and now >= self.next_progress:
            self.next_progress = now + PROGRESS_EVERY
            self.progress(self.nodes, now - self.started)
