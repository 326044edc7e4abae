"""The background work of a level's solution library: solutions imported (replayed in a thread,
then filed) and an entry optimized in the solver's process (a better answer filed as "optimized
from #N"), each through the job driver, with its progress, its cancel and one line at its end.

The Solutions screen's model owns one; what was filed and the line to show go back to it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from game.app.filing import SolutionRefused, checked_solution, new_entry
from game.app.jobs.job_driver import Ended
from game.app.jobs.jobs import JobState, Progress, ProgressLine, Purpose
from game.app.jobs.solver_service import OptimizeRequest, SolverPort, player_workers
from game.app.library.solutions import Checked, check_imports, file_imports, file_solution_texts
from game.app.notice import Tone
from game.app.shell import Shell
from game.core.level import Level
from game.core.metrics import MetricOrder, SolutionMetrics
from game.core.wording import counted
from game.solver.optimize.optimizer import OptimizeResult
from game.solver.result import CancelCheck
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LevelKey, Origin

METRIC_NAMES = {
    MetricOrder.MOVES: "moves",
    MetricOrder.PUSHES: "pushes",
    MetricOrder.BOX_LINES: "box lines",
    MetricOrder.BOX_CHANGES: "box changes",
}


@dataclass(frozen=True)
class Told:
    """How a piece of work ended, for the screen: the line and its tone, and the entry to
    choose when something was filed (None: keep the choice)."""

    line: str
    tone: Tone
    select: int | None = None
    filed: bool = False


def seconds_text(seconds: float) -> str:
    """A time limit as the player reads it: "10 s", "5 min"."""
    if seconds >= 60:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


class LibraryWork:
    """Imports and optimizing for the library of ``level`` (filed under ``key``); ``told``
    takes the news of each one's end."""

    def __init__(
        self,
        shell: Shell,
        level: Level,
        key: LevelKey,
        solver: SolverPort | None,
        wake: Callable[[], None],
        told: Callable[[Told], None],
    ) -> None:
        self.shell = shell
        self.level = level
        self.key = key
        self.solver = solver
        self.wake = wake
        self.told = told
        # What each job under way is about (the job driver asks): the level and a count.
        self._asked: dict[Purpose, tuple[LevelKey, int]] = {}
        # The entry being optimized, the order and the time it was given.
        self._optimizing: tuple[int, MetricOrder, float] = (0, MetricOrder.MOVES, 0.0)

    @property
    def library(self) -> SolutionLibrary:
        return SolutionLibrary(self.shell.context.progress)

    @property
    def running(self) -> Purpose | None:
        """The work under way (an input script waits for it), if any."""
        for purpose in (Purpose.IMPORT, Purpose.OPTIMIZE):
            if self.shell.jobs.busy(self, purpose):
                return purpose
        return None

    def progress_line(self) -> str | None:
        """What the work under way has come to, in one line (None: nothing runs)."""
        running = self.running
        if running is None:
            return None
        progress = self.shell.jobs.progress(self, running)
        if running is Purpose.OPTIMIZE:
            return self._optimizing_line(progress)
        if progress is not None and progress.line:
            return progress.line
        return "Replaying the solutions on the level... (Esc stops)"

    def cancel(self) -> str | None:
        """Stop the work under way: the line that says so (None: nothing was running)."""
        running = self.running
        if running is None:
            return None
        self.shell.jobs.cancel(self, running)
        what = "Import" if running is Purpose.IMPORT else "Optimizing"
        return f"{what} stopped: nothing was added"

    def stop(self) -> None:
        """The screen is left: every job stops, and nothing of it is filed."""
        self.shell.jobs.cancel(self)

    # -- starting ------------------------------------------------------------------------------
    def import_texts(self, read: Callable[[], list[str]]) -> None:
        """Replay the solutions ``read`` gives (in the job: a file may be large), then file
        those that solve the level."""
        level = self.level

        def work(cancelled: CancelCheck, progress: ProgressLine) -> list[Checked]:
            return check_imports(level, read(), cancelled, progress)

        subject = self._subject(Purpose.IMPORT)
        self.shell.jobs.run_in_thread(self, Purpose.IMPORT, subject, work, self.wake)

    def import_file(self, path: str) -> None:
        """Import the solutions of a file's ``Solution`` lines."""
        self.import_texts(lambda: file_solution_texts(path))

    def optimize(
        self, number: int, lurd: str, order: MetricOrder, seconds: float, seeds: tuple[str, ...]
    ) -> None:
        """Look for a solution cheaper than entry ``number`` under ``order`` for ``seconds``,
        from the best of ``seeds`` (the level's other kept solutions) too."""
        solver = self.solver
        if solver is None:
            return
        level = self.level
        subject = self._subject(Purpose.OPTIMIZE)
        self._optimizing = (number, order, seconds)
        self.shell.jobs.start(
            self,
            Purpose.OPTIMIZE,
            subject,
            lambda: solver.start(
                Purpose.OPTIMIZE,
                subject,
                OptimizeRequest(level, lurd, order, seconds, seeds, player_workers()),
            ),
        )

    def _optimizing_line(self, progress: Progress | None) -> str:
        number, order, limit = self._optimizing
        seconds = progress.seconds if progress is not None else 0.0
        best = f", {progress.line}" if progress is not None and progress.line else ""
        return (
            f"Optimizing #{number} for {METRIC_NAMES[order]}: {seconds:.0f} of "
            f"{seconds_text(limit)}{best} (Esc stops)"
        )

    # -- the job driver's side -----------------------------------------------------------------
    def _subject(self, purpose: Purpose) -> Hashable:
        count = self._asked[purpose][1] + 1 if purpose in self._asked else 1
        self._asked[purpose] = (self.key, count)
        return self._asked[purpose]

    def subject_now(self, purpose: Purpose) -> Hashable:
        return self._asked.get(purpose)

    def job_ended(self, ended: Ended) -> None:
        if ended.purpose is Purpose.OPTIMIZE:
            self.told(self._optimized(ended))
        else:
            self.told(self._imported(ended))

    def _optimized(self, ended: Ended) -> Told:
        number = self._optimizing[0]
        if not isinstance(ended.answer, OptimizeResult):
            why = "the solver was taken by other work"
            if ended.problem is not None:
                why = ended.problem.text
            return Told(f"#{number} was not optimized: {why}", Tone.DANGER)
        return self.file_optimized(number, ended.answer)

    def file_optimized(self, number: int, result: OptimizeResult) -> Told:
        """Keep the optimizer's answer for entry ``number`` as a new entry, if it is better."""
        order = METRIC_NAMES[result.order]
        if not result.improved:
            within = f" ({result.reason})" if result.reason else ""
            return Told(f"Nothing better than #{number} for {order} was found{within}",
                        Tone.WARNING)
        try:
            lurd, metrics = checked_solution(self.level, result.lurd)
        except SolutionRefused as error:  # replayed in the worker too: a safeguard, not a path
            return Told(f"The optimizer's answer was refused: {error}", Tone.DANGER)
        when = self.shell.context.progress.clock()
        added = self.library.add(new_entry(self.key, lurd, metrics, Origin.OPTIMIZED, when, number))
        if added.error is not None:
            return Told(added.error, Tone.DANGER)
        return Told(
            f"#{number} optimized for {order}: {_moves_pushes(result.before)} became "
            f"{_moves_pushes(result.after)}, kept as #{added.number}",
            Tone.GOOD,
            added.number,
            filed=True,
        )

    def _imported(self, ended: Ended) -> Told:
        checked: list[Checked] | None = ended.answer
        if ended.state is not JobState.DONE or checked is None:
            why = ended.problem.text if ended.problem is not None else "the check was stopped"
            return Told(f"Nothing imported: {why}", Tone.DANGER)
        when = self.shell.context.progress.clock()
        report = file_imports(self.library, self.key, checked, when)
        tone = Tone.GOOD if report.added and not report.refused else Tone.WARNING
        if report.error is not None or (report.refused and not report.added):
            tone = Tone.DANGER
        select = report.added[-1] if report.added else None
        return Told(report.describe(), tone, select, filed=True)


def _moves_pushes(metrics: SolutionMetrics) -> str:
    return f"{counted(metrics.moves, 'move')}/{counted(metrics.pushes, 'push', 'pushes')}"
