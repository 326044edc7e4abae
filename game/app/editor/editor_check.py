"""The editor's checks while you draw: the solver in the background, the kept solution replayed.

A change waits a few ticks (so a drag costs one search) and replaces the search before it, both
through the job driver; the solution kept with the level is replayed at once, it is cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from game.app.jobs.job_driver import Ended, JobDriver
from game.app.jobs.jobs import JobState, Purpose
from game.app.jobs.solver_service import Solved, SolveRequest, SolverPort
from game.core.edit_checks import solution_of
from game.core.level import Level
from game.core.notation import NotationError, push_count, replay
from game.core.wording import counted
from game.solver import dead_squares, frozen_boxes
from game.solver.result import SolveResult, SolveStatus
from game.storage.library_entry import Origin

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
    total = push_count(lurd)
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
    """The solver's verdict on the level being edited, kept up to date after each edit: the
    search is a job of the job driver, asked again after every change of the board."""

    def __init__(
        self,
        solver: SolverPort | None,
        jobs: JobDriver,
        solved: Callable[[SolveResult], object] = lambda _result: None,
    ) -> None:
        self.solver = solver
        self.jobs = jobs
        # Told of each level the solver solved (the editor keeps its solution).
        self.solved = solved
        self.level: Level | None = None
        self.verdict = Verdict.NONE
        self.result: SolveResult | None = None
        self.error = ""
        # Another screen's search took the solver from the check: ask again on coming back.
        self._taken = False

    def changed(self, level: Level | None) -> None:
        """The level is now ``level`` (None: not a level); the old search is dropped."""
        if level is not None and self.level is not None and level.rows() == self.level.rows():
            self.level = level  # the metadata changed, not the board: the verdict stands
            return
        self.level = level
        self.result = None
        self.error = ""
        self._taken = False
        if level is None or self.solver is None or not self.solver.think_ahead:
            self.cancel()
            self.verdict = Verdict.NONE
            return
        self.verdict = Verdict.WAITING
        self._ask(SETTLE_TICKS)

    def resume(self) -> None:
        """The editor is on top again: a check that another screen's search (test play) took
        from the solver is asked again."""
        if self._taken:
            self._taken = False
            self._ask(1)

    @property
    def work(self) -> Purpose | None:
        """The work under way, as the screen shows it: from an edit until the verdict (the
        settling ticks too, so an input script waits for the verdict)."""
        return Purpose.CHECK if self.verdict is Verdict.WAITING else None

    def cancel(self) -> None:
        self.jobs.cancel(self)

    def _ask(self, settle: int) -> None:
        """The solver's search of the level, once ``settle`` ticks pass with no other edit."""
        solver, level = self.solver, self.level
        if solver is None or level is None:
            return
        rows = tuple(level.rows())
        self.jobs.start(
            self,
            Purpose.CHECK,
            rows,
            lambda: solver.start(
                Purpose.CHECK, rows, SolveRequest(level, time_limit=CHECK_TIME_LIMIT)
            ),
            settle,
        )

    # -- the job driver's side -------------------------------------------------------------
    def subject_now(self, purpose: Purpose) -> tuple[str, ...] | None:
        return tuple(self.level.rows()) if self.level is not None else None

    def job_ended(self, ended: Ended) -> None:
        if ended.state is JobState.CANCELLED:
            # Another screen's search took the solver (test play). A dialog that uses no
            # solver leaves the check running, and its answer comes.
            self._taken = True
            return
        self.error = ended.problem.text if ended.problem is not None else ""
        result = ended.answer.result if isinstance(ended.answer, Solved) else None
        if result is None or result.status is SolveStatus.CANCELLED:
            self.verdict = Verdict.UNKNOWN
            return
        self.result = result
        self.verdict = _VERDICTS.get(result.status, Verdict.UNKNOWN)
        if result.solved:
            self.solved(result)

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
