"""What a solve returns: the outcome, the LURD solution and the search statistics.

Also the limits a search runs under (time, nodes, memory, cancel) and their checks.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol


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

    @property
    def solved(self) -> bool:
        return self.status is SolveStatus.SOLVED


class CancelEvent(Protocol):
    def is_set(self) -> bool: ...


Cancel = CancelEvent | Callable[[], bool]
Progress = Callable[[int, float], None]


class StopSearch(Exception):
    """Raised inside a search when a limit is reached; carries the status to report."""

    def __init__(self, status: SolveStatus, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class PhaseOver(Exception):
    """Raised inside a search when its slice of time is used up (the solve goes on)."""


# A rough size of one stored state (dict entry, key, parent record, queue entry), used to
# keep a search under its memory cap without measuring the heap.
BYTES_PER_STATE = 600  # measured about 470 on XSokoban levels; rounded up for margin
CHECK_EVERY = 64  # expansions between clock checks: well under 100 ms even on slow nodes
PROGRESS_EVERY = 0.2


class Limits:
    """Time, node, memory and cancel limits, checked every few expansions."""

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
        self.state_limit = max(1, memory_limit // BYTES_PER_STATE)
        self.cancelled: Callable[[], bool] | None = None
        if cancel is not None:
            is_set = getattr(cancel, "is_set", None)
            self.cancelled = is_set if callable(is_set) else cancel  # type: ignore[assignment]
        self.progress = progress
        self.next_progress = self.started + PROGRESS_EVERY
        self.nodes = 0
        self.reserved = 0  # states other searches keep stored meanwhile
        self._countdown = 0

    def start_slice(self, seconds: float | None, reserved: int = 0) -> None:
        """Let the next search run ``seconds`` (None: until done) while ``reserved`` states
        stay stored by searches that wait for their turn."""
        self.phase_deadline = None if seconds is None else time.monotonic() + seconds
        self.reserved = reserved

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def tick(self, stored: int) -> None:
        """Count one expansion; raise StopSearch when a limit is reached."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise StopSearch(SolveStatus.TIMEOUT, f"node limit {self.node_limit} reached")
        self._countdown -= 1
        if self._countdown > 0:
            return
        self._countdown = CHECK_EVERY
        self.check(stored)

    def check(self, stored: int) -> None:
        if stored + self.reserved > self.state_limit:
            raise StopSearch(SolveStatus.MEMORY, f"memory cap reached ({stored} states stored)")
        if self.cancelled is not None and self.cancelled():
            raise StopSearch(SolveStatus.CANCELLED, "cancelled")
        now = time.monotonic()
        if self.deadline is not None and now >= self.deadline:
            raise StopSearch(SolveStatus.TIMEOUT, "time limit reached")
        if self.phase_deadline is not None and now >= self.phase_deadline:
            raise PhaseOver
        if self.progress is not None and now >= self.next_progress:
            self.next_progress = now + PROGRESS_EVERY
            self.progress(self.nodes, now - self.started)
