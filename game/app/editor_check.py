"""The editor's checks while you draw: the solver in the background, the kept solution replayed.

A change waits a few ticks (so a drag costs one search), cancels the search job before it and
never waits for an answer; the solution kept with the level is replayed at once, it is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app.jobs import Job, Purpose
from game.app.solver_service import SolverPort, SolverUpdate
from game.core.edit_checks import solution_of
from game.core.level import Level
from game.core.notation import NotationError, replay
from game.core.wording import counted
from game.solver import dead_squares, frozen_boxes
from game.solver.result import SolveResult, SolveStatus
from game.storage.library import Origin

SETTLE_TICKS = 20
CHECK_TIME_LIMIT = 10.0


class Verdict(Enum):
    """What the solver said of the level as it is now."""

    NONE = "none"  # not a level yet, or no solver
    WAITING = "waiting"  # settling or searching
    SOLVABLE = "solvable"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"  # the search hit its limit


# Whose solution is kept with the level, as the status line names it; one that came with the
# level (a file, a paste) counts as imported.
WHOSE = {
    Origin.IMPORTED: "the level's solution",
    Origin.SOLVER: "the solver's solution",
    Origin.OPTIMIZED: "the optimizer's solution",
    Origin.PLAYER: "your solution",
    Origin.REVERSE: "your solution",
}


@dataclass(frozen=True)
class SolutionReport:
    """How the solution kept with the level replays on it now: whether it works, its pushes,
    and the line that says so."""

    works: bool
    pushes: int
    text: str


def replay_solution(level: Level, lurd: str, origin: Origin) -> SolutionReport:
    """Replay ``lurd`` on ``level`` and say whether it still solves it, or at which of its
    pushes it breaks."""
    who = WHOSE[origin]
    try:
        result = replay(level, lurd)
    except NotationError as error:
        return SolutionReport(False, 0, f"{who} cannot be read: {error}")
    total = sum(letter.isupper() for letter in lurd)
    if result.solved:
        return SolutionReport(True, result.pushes, f"{who} still works")
    if result.failed_at is None:
        return SolutionReport(False, total, f"{who} no longer solves it")
    return SolutionReport(False, total, f"{who} breaks at push {result.pushes + 1} of {total}")


def proof_boxes(level: Level) -> frozenset[int]:
    """Boxes that show at a glance the level cannot be solved: on a square from which no goal
    can be reached, or frozen off a goal (level squares)."""
    dead = dead_squares(level.board)
    stuck = {box for box in level.boxes if box in dead}
    return frozenset(stuck | frozen_boxes(level.board, level.boxes, dead))


@dataclass(frozen=True)
class Metadata:
    title: str = ""
    author: str = ""
    comment: str = ""
    solution: str = ""
    # Whose the solution is (the player's only for his own test play).
    solution_origin: Origin = Origin.IMPORTED

    @classmethod
    def of(cls, level: Level) -> Metadata:
        """The title, author, comment and kept solution of ``level``."""
        return cls(level.title, level.author, level.comment, solution_of(level))


class LevelCheck:
    """The solver's verdict on the level being edited, kept up to date after each edit."""

    def __init__(self, solver: SolverPort | None) -> None:
        self.solver = solver
        self.level: Level | None = None
        self.verdict = Verdict.NONE
        self.result: SolveResult | None = None
        self.error = ""
        self._settle = 0
        self.job: Job[SolverUpdate] | None = None

    def changed(self, level: Level | None) -> None:
        """The level is now ``level`` (None: not a level); the old search is dropped."""
        if level is not None and self.level is not None and level.rows() == self.level.rows():
            self.level = level  # the metadata changed, not the board: the verdict stands
            return
        self.cancel()
        self.level = level
        self.result = None
        self.error = ""
        if level is None or self.solver is None or not self.solver.think_ahead:
            self.verdict = Verdict.NONE
            return
        self.verdict = Verdict.WAITING
        self._settle = SETTLE_TICKS

    @property
    def work(self) -> Purpose | None:
        """The work under way, as the screen shows it: from an edit until the verdict (the
        settling ticks too, so an input script waits for the verdict)."""
        return Purpose.CHECK if self.verdict is Verdict.WAITING else None

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None

    def tick(self) -> bool:
        """One logic tick; True when a verdict arrived."""
        if self.verdict is not Verdict.WAITING or self.solver is None or self.level is None:
            return False
        if self._settle > 0:
            self._settle -= 1
            if self._settle == 0:
                self.job = self.solver.start(
                    Purpose.CHECK, tuple(self.level.rows()), self.level, time_limit=CHECK_TIME_LIMIT
                )
            return False
        job = self.job
        if job is None or job.running:
            return False
        if job.stale(tuple(self.level.rows())):
            # Another screen's search took the solver (test play): ask again. A dialog that
            # uses no solver leaves the check running, and its answer comes.
            self._settle = 1
            return False
        self.job = None
        update = job.result
        self.error = job.error or (update.error if update is not None else "")
        if update is None or update.result is None or (
            update.result.status is SolveStatus.CANCELLED
        ):
            self.verdict = Verdict.UNKNOWN
        else:
            self.result = update.result
            self.verdict = _VERDICTS.get(update.result.status, Verdict.UNKNOWN)
        return True

    @property
    def text(self) -> str:
        if self.verdict is Verdict.WAITING:
            return "checking whether it can be solved..."
        if self.verdict is Verdict.SOLVABLE and self.result is not None:
            return f"solvable in {counted(self.result.pushes, 'push', 'pushes')}"
        if self.verdict is Verdict.UNSOLVABLE:
            return "cannot be solved"
        if self.verdict is Verdict.UNKNOWN:
            return self.error or "unknown within the limit"
        return ""


_VERDICTS = {
    SolveStatus.SOLVED: Verdict.SOLVABLE,
    SolveStatus.UNSOLVABLE: Verdict.UNSOLVABLE,
    SolveStatus.TIMEOUT: Verdict.UNKNOWN,
    SolveStatus.MEMORY: Verdict.UNKNOWN,
}
