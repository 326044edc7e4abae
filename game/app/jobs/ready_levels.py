"""Random levels made ahead: one of each difficulty, kept ready while the player plays.

Each is a job of the job driver (game.app.jobs.job_driver), made in a process of its own at the
lowest priority (game.levelgen.parallel.run_apart, whose worker watches the game as a batch's
workers do); stopping ends it at once.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable

from game.app.jobs.job_driver import Ended, JobDriver
from game.app.jobs.jobs import JobState, ProgressLine, Purpose
from game.core.level import Level
from game.levelgen.batch import cell_level
from game.levelgen.cells import DIFFICULTIES, Cell, first_cell
from game.levelgen.parallel import run_apart
from game.solver.result import CancelCheck
from game.solver.workers import lower_priority_to

# The niceness of the process that makes levels ahead: the game, the solver's worker and a
# level the player waits for all come first (the scheduler gives it a fraction of a core
# beside them, the whole core when nothing else runs).
LOWEST_PRIORITY = 19
# How long stopping waits for the level being made to let go of its process.
STOP_SECONDS = 5.0

# The work that makes a level for a cell from a seed: (cell, seed, cancelled, progress).
LevelMaker = Callable[[Cell, int, CancelCheck, ProgressLine], Level | None]

_SEED_RANGE = 1_000_000
_seed_lock = threading.Lock()
_seeds_given: set[int] = set()


def clock_seed() -> int:
    """A new seed each time from the clock, never one given before in this process: the menu
    and the levels made ahead both ask for one in the same millisecond, and the same seed
    would make the same level twice."""
    with _seed_lock:
        seed = int(time.time() * 1000) % _SEED_RANGE
        while seed in _seeds_given:
            seed = (seed + 1) % _SEED_RANGE
        _seeds_given.add(seed)
        return seed


def made_apart(
    cell: Cell, seed: int, cancelled: CancelCheck, _progress: ProgressLine
) -> Level | None:
    """A level for ``cell`` from ``seed``, made in a process of its own at the lowest priority
    (raises game.levelgen.reverse.Cancelled soon after ``cancelled()`` turns true)."""
    return run_apart(functools.partial(_made_in_worker, cell, seed), cancelled)


def _made_in_worker(cell: Cell, seed: int, _try: int, cancel: CancelCheck) -> Level | None:
    lower_priority_to(LOWEST_PRIORITY)
    return cell_level(cell, seed, cancel, _untold)


def _untold(_share: float) -> None:
    """Nobody watches a level made ahead."""


class ReadyLevels:
    """One level ready per difficulty, each for the cell the player last asked for there (at
    first the menu's first choice, :func:`game.levelgen.cells.first_cell`).

    Idle until :meth:`start`; a level taken is made again in the background, one at a time,
    the difficulty asked for last first."""

    def __init__(
        self,
        jobs: JobDriver,
        wake: Callable[[], None] = lambda: None,
        next_seed: Callable[[], int] = clock_seed,
        make: LevelMaker = made_apart,
    ) -> None:
        self.jobs = jobs
        self._wake = wake
        self._next_seed = next_seed
        self._make = make
        # Per difficulty: the cell wanted, and its level once made.
        self._slots: dict[int, tuple[Cell, Level | None]] = {
            stars: (first_cell(stars), None) for stars in DIFFICULTIES
        }
        # The difficulties in the order they are made: the one last asked for first.
        self._order = list(DIFFICULTIES)
        self._started = False
        # The cell the level being made is for (None: none is).
        self.making: Cell | None = None

    def start(self) -> None:
        """Begin making levels (again after :meth:`stop`)."""
        self._started = True
        self._make_next()

    def stop(self) -> None:
        """Stop making levels: the level being made is dropped and its process ended."""
        self._started = False
        self.making = None
        self.jobs.cancel(self, wait=STOP_SECONDS)

    def ready(self, cell: Cell) -> bool:
        """True if a level for ``cell`` waits to be taken."""
        wanted, level = self._slots[cell.stars]
        return wanted == cell and level is not None

    def take(self, cell: Cell) -> Level | None:
        """The ready level for ``cell`` if there is one (None otherwise); either way the next
        level of its difficulty is made for ``cell``."""
        wanted, level = self._slots[cell.stars]
        self._slots[cell.stars] = (cell, None)
        self._order.remove(cell.stars)
        self._order.insert(0, cell.stars)
        self._make_next()
        return level if wanted == cell else None

    # -- the job driver's side -----------------------------------------------------------------
    def subject_now(self, purpose: Purpose) -> Cell | None:
        return self.making

    def job_ended(self, ended: Ended) -> None:
        cell, self.making = self.making, None
        if ended.state is JobState.FAILED:
            self._started = False  # the menu makes its levels itself, as before any is ready
            return
        if cell is not None and ended.answer is not None and self._wants(cell):
            self._slots[cell.stars] = (cell, ended.answer)
        self._make_next()

    # -- inside --------------------------------------------------------------------------------
    def _wants(self, cell: Cell) -> bool:
        """Whether a level for ``cell`` is wanted: its difficulty's cell, not made yet."""
        return self._slots[cell.stars] == (cell, None)

    def _first_wanted(self) -> Cell | None:
        """The cell to make a level for next; None when every difficulty has one ready."""
        for stars in self._order:
            cell, level = self._slots[stars]
            if level is None:
                return cell
        return None

    def _make_next(self) -> None:
        """Make a level for the first cell wanted, unless the one being made is still wanted."""
        if not self._started or (self.making is not None and self._wants(self.making)):
            return
        cell = self._first_wanted()
        self.making = cell
        if cell is None:
            self.jobs.cancel(self, Purpose.LEVEL_AHEAD)
            return
        work = functools.partial(self._make, cell, self._next_seed())
        self.jobs.run_in_thread(self, Purpose.LEVEL_AHEAD, cell, work, self._wake)
