"""One SQLite connection with the store's rules for writing and reading.

Every write is one transaction, retried when another copy of the game holds the store and kept
for later when the reason may pass; a failed read is noted; what a store in memory took in place
of the player's file is reported lost when it closes.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from game.core.problems import Problem, ProblemKind, not_written
from game.storage.jsondata import one_line

T = TypeVar("T")
Action = Callable[[sqlite3.Connection], T]

WRITE_ATTEMPTS = 2  # a write blocked for the whole busy timeout is tried once more
KEPT = "it is kept and will be saved at the next save"
_BUSY = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED: another connection holds the store
_PASSING = (5, 6, 10, 13, 14)  # and I/O errors, a full disk, a file not openable just now


class StoreConnection:
    """The doors every read and write of the store goes through.

    Writes return ``None`` when saved, or a one-line reason when nothing was written (a store
    from a newer version is read-only; a full disk is reported, not raised). A play result that
    could not be written (another program held the store, the disk was full) is kept in memory
    and written before the next write, or by :meth:`flush_pending`; ``pending_writes`` counts
    them. A read that fails returns no rows and sets ``read_error``, so that a caller never
    reports an empty store that is not empty.
    """

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path | None,
        read_only_reason: str | None = None,
        fallback_reason: str | None = None,
    ) -> None:
        self._connection = connection
        self.path = path
        self.read_only_reason = read_only_reason
        # Why a store meant for the disk lives in memory: what it takes is lost on closing.
        self.fallback_reason = fallback_reason
        self.last_error: str | None = None
        # What is wrong with the last session when load_session could not read it.
        self.session_problem: str | None = None
        self.read_error: str | None = None  # the last read that failed: its rows are missing
        self.writes = 0  # transactions that went through (to memory, for a store in memory)
        self.unsaved: str | None = None  # why the last write that was neither done nor kept failed
        self.clock: Callable[[], float] = time.time
        self._pending: list[Action[Any]] = []

    @property
    def read_only(self) -> bool:
        return self.read_only_reason is not None

    @property
    def persistent(self) -> bool:
        """False for a store in memory, whose contents end with the program."""
        return self.path is not None

    @property
    def pending_writes(self) -> int:
        """Play results kept in memory because they could not be written yet."""
        return len(self._pending)

    def close(self) -> Problem | None:
        """Write what is pending and close; the problem (RESULTS_LOST, in one line) if anything
        of this session is not saved: kept results still unwritten, a write that failed (or that
        a read-only store refused), or everything when the store's file could not be used."""
        problem = self.flush_pending()
        self._connection.close()
        if problem is not None:
            return _lost(f"{problem.detail}; it is lost on closing")
        if self.unsaved is not None:
            return _lost(f"Progress of this session was not all saved: {self.unsaved}")
        if self.fallback_reason is not None and self.writes:
            return _lost(f"Progress of this session was not saved: {self.fallback_reason}")
        return None

    # -- the two doors ---------------------------------------------------------------------
    def write(self, action: Action[T], keep: bool = False) -> tuple[T | None, str | None]:
        """Run ``action`` in one write transaction: its value, or None and why nothing changed.

        Results kept from earlier writes go first. With ``keep``, an action that fails for a
        reason that may pass (busy, locked, disk full) is kept to be run again later.
        """
        if self.read_only_reason is not None:
            self.unsaved = self.read_only_reason
            return None, self.read_only_reason
        kept_back = self.flush_pending()
        if kept_back is None:
            value, problem, passing = self._run(action)
            if problem is None:
                self.writes += 1
                return value, None
        else:
            problem = kept_back.detail
            passing = True  # queued behind the kept ones, so they stay in order
        if keep and passing:
            self._pending.append(action)
            problem = f"{problem}; {KEPT}"
        else:
            self.unsaved = problem
        self.last_error = problem
        return None, problem

    def flush_pending(self) -> Problem | None:
        """Write the kept results in order; None when none is left, else why not."""
        while self._pending:
            _, problem, _ = self._run(self._pending[0])
            if problem is not None:
                return not_written(problem)
            self._pending.pop(0)
        return None

    def _run(self, action: Action[T]) -> tuple[T | None, str | None, bool]:
        """(value, problem, whether the problem may pass) of one transaction, retried if busy."""
        problem = ""
        for _ in range(WRITE_ATTEMPTS):
            try:
                with self._connection:
                    self._connection.execute("BEGIN IMMEDIATE")
                    return action(self._connection), None, False
            except sqlite3.OperationalError as error:
                problem = one_line(f"Progress was not saved: {error}")
                code = (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
                if code not in _BUSY:
                    return None, problem, code in _PASSING
            except (sqlite3.Error, UnicodeEncodeError) as error:
                # A name from a file name that is not UTF-8 cannot be stored as text.
                return None, one_line(f"Progress was not saved: {error}"), False
        return None, problem, True

    def read(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[object, ...]]:
        """Rows of a query; an empty list (and ``last_error``) if the store cannot be read."""
        try:
            return self._connection.execute(sql, parameters).fetchall()
        except (sqlite3.Error, UnicodeEncodeError) as error:
            self.last_error = self.read_error = one_line(f"Progress could not be read: {error}")
            return []


def _lost(reason: str) -> Problem:
    return Problem(ProblemKind.RESULTS_LOST, one_line(reason))
