"""Random levels made ahead: one of each difficulty, kept ready while the player plays.

Each is a job (game.app.jobs) made in a process of its own at the lowest priority
(game.levelgen.parallel.run_apart, whose worker watches the game as a batch's workers do);
stopping the service ends it at once.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable

from game.app.jobs import Job, Purpose
from game.core.level import Level
from game.levelgen.batch import cell_level
from game.levelgen.cells import DIFFICULTIES, Cell, first_cell
from game.levelgen.parallel import WorkerFailed, run_apart
from game.levelgen.reverse import CancelCheck, Cancelled

# The niceness of the process that makes levels ahead: the game, the solver's worker and a
# level the player waits for all come first (the scheduler gives it a fraction of a core
# beside them, the whole core when nothing else runs).
LOWEST_PRIORITY = 19


def clock_seed() -> int:
    """A new seed each time from the clock, so every level made is a new one."""
    return int(time.time() * 1000) % 1_000_000


class ReadyLevels:
    """One level ready per difficulty, each for the cell the player last asked for there (at
    first the menu's first choice, :func:`game.levelgen.cells.first_cell`).

    Idle until :meth:`start`; a level taken is made again in the background. Thread-safe."""

    def __init__(self, next_seed: Callable[[], int] = clock_seed) -> None:
        self._next_seed = next_seed
        self._changed = threading.Condition()
        # Per difficulty: the cell wanted, and its level once made.
        self._slots: dict[int, tuple[Cell, Level | None]] = {
            stars: (first_cell(stars), None) for stars in DIFFICULTIES
        }
        # The difficulties in the order they are made: the one last asked for first.
        self._order = list(DIFFICULTIES)
        self._stopping = False
        self._thread: threading.Thread | None = None
        # The level being made now, for its cell.
        self.making: Job[Level | None] | None = None

    def start(self) -> None:
        """Begin making levels (again after :meth:`stop`)."""
        with self._changed:
            if self._thread is not None:
                return
            self._stopping = False
            self._thread = threading.Thread(target=self._run, name="ready levels", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop making levels: the level being made is dropped and its process ended."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
            thread, self._thread = self._thread, None
            if self.making is not None:
                self.making.cancel()
        if thread is not None:
            thread.join(timeout=5)

    def ready(self, cell: Cell) -> bool:
        """True if a level for ``cell`` waits to be taken."""
        with self._changed:
            wanted, level = self._slots[cell.stars]
            return wanted == cell and level is not None

    def take(self, cell: Cell) -> Level | None:
        """The ready level for ``cell`` if there is one (None otherwise); either way the next
        level of its difficulty is made for ``cell``."""
        with self._changed:
            wanted, level = self._slots[cell.stars]
            self._slots[cell.stars] = (cell, None)
            self._order.remove(cell.stars)
            self._order.insert(0, cell.stars)
            self._changed.notify_all()
            making = self.making
            if making is not None and making.subject == wanted and making.stale(cell):
                making.cancel()  # it was for the cell wanted here before
            return level if wanted == cell else None

    # -- the making thread -----------------------------------------------------------------
    def _wanted(self) -> Cell | None:
        """The cell to make a level for next (the lock held); None when all are ready."""
        for stars in self._order:
            cell, level = self._slots[stars]
            if level is None:
                return cell
        return None

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._stopping and (cell := self._wanted()) is None:
                    self._changed.wait()
                if self._stopping or cell is None:
                    return
                job: Job[Level | None] = Job(Purpose.LEVEL_AHEAD, cell)
                self.making = job
            work = functools.partial(_made_apart, cell, self._next_seed())
            try:
                level = run_apart(work, functools.partial(_let_go, job))
            except Cancelled:
                job.dropped()
                continue
            except (WorkerFailed, OSError) as error:
                job.fail(str(error))
                return  # the menu makes its levels itself, as it does before any is ready
            job.finish(level)
            with self._changed:
                if level is not None and not job.stale(self._slots[cell.stars][0]) and (
                    self._slots[cell.stars][1] is None
                ):
                    self._slots[cell.stars] = (cell, level)


def _let_go(job: Job[Level | None]) -> bool:
    """True once the level being made is no longer wanted (its job cancelled)."""
    return not job.running


def _made_apart(cell: Cell, seed: int, _try: int, cancel: CancelCheck) -> Level | None:
    """A level for ``cell`` from ``seed``, in the worker process at the lowest priority."""
    if hasattr(os, "nice"):  # POSIX; elsewhere the process keeps the game's priority
        os.nice(LOWEST_PRIORITY - os.nice(0))
    return cell_level(cell, seed, cancel, _untold)


def _untold(_share: float) -> None:
    """Nobody watches a level made ahead."""
