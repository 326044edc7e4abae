"""What the Solutions screen does, without pygame: one level's library entries, the chosen one,
copying, deleting and importing, and the one line that tells the player what happened.

Imports are replayed in a background job, and an entry is optimized in the solver's process;
the screen polls :meth:`LibraryView.update`.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.context import PlayContext
from game.app.jobs import CancelCheck, Job, JobState, ProgressLine, Purpose, run_in_thread
from game.app.notice import Tone
from game.app.solutions import (
    Checked,
    ShownEntry,
    SolutionRefused,
    check_imports,
    checked_solution,
    file_imports,
    file_solution_texts,
    level_key,
    new_entry,
    shown_entries,
    solution_texts,
)
from game.app.solver_service import SolverPort, SolverUpdate, Work
from game.core.errors import LevelError
from game.core.level import Level
from game.core.metrics import MetricOrder, SolutionMetrics
from game.core.wording import counted
from game.solver.optimize.optimizer import OptimizeResult
from game.storage.library import Origin, SolutionLibrary

# As long as the optimizer's own default, and the solver's benchmark gives a level.
OPTIMIZE_SECONDS = 60.0


class LibraryView:
    """The library of level ``level_index`` of the open collection, as its screen shows it."""

    def __init__(
        self,
        context: PlayContext,
        level_index: int,
        wake: Callable[[], None] | None = None,
        solver: SolverPort | None = None,
    ) -> None:
        collection = context.session.collection
        if collection is None or not 0 <= level_index < len(collection.levels):
            raise LevelError(f"there is no level {level_index + 1} to list solutions of")
        self.context = context
        self.level_index = level_index
        self.level: Level = collection.levels[level_index]
        self.key = level_key(context.session, level_index, self.level)
        self.library = SolutionLibrary(context.progress)
        self.entries: list[ShownEntry] = []
        self.selected = 0
        self.message = ""
        self.tone = Tone.INFO
        self.job: Job[list[Checked]] | None = None
        # The optimizer's job, and the entry and order it works on.
        self.solver = solver
        self.optimizing: Job[SolverUpdate] | None = None
        self.optimized_from: tuple[int, MetricOrder] = (0, MetricOrder.MOVES)
        self._wake = wake or (lambda: None)

    # -- reading ---------------------------------------------------------------------------
    def refresh(self, select_number: int | None = None) -> None:
        """Read the entries again, keeping the choice (or choosing entry ``select_number``)."""
        self.context.progress.read_error = None  # only this reading's failure is told
        self.entries = shown_entries(self.library, self.key, self.level)
        numbers = [item.entry.number for item in self.entries]
        if select_number in numbers:
            self.selected = numbers.index(select_number)
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        problem = self.context.progress.read_error
        if problem is not None:
            self.tell(problem, Tone.DANGER)

    @property
    def chosen(self) -> ShownEntry | None:
        return self.entries[self.selected] if self.entries else None

    def choose(self, row: int) -> None:
        self.selected = max(0, min(row, len(self.entries) - 1))

    def tell(self, text: str, tone: Tone = Tone.INFO) -> None:
        self.message, self.tone = text, tone

    @property
    def busy(self) -> bool:
        return self.job is not None or self.optimizing is not None

    # -- actions on the chosen entry ---------------------------------------------------------
    def replayable(self) -> ShownEntry | None:
        """The chosen entry if it can be replayed on the level (else the line says why)."""
        item = self.chosen
        if item is None:
            self.tell("No solution to replay yet", Tone.WARNING)
            return None
        if not item.fits:
            self.tell(f"#{item.entry.number} does not fit this level any more", Tone.DANGER)
            return None
        return item

    def copy_text(self) -> str | None:
        """The chosen entry's LURD to copy, or None (and the line says why)."""
        item = self.chosen
        if item is None:
            self.tell("No solution to copy yet", Tone.WARNING)
            return None
        self.tell(f"#{item.entry.number} copied: {counted(item.entry.moves, 'move')}", Tone.GOOD)
        return item.entry.lurd

    def delete_chosen(self) -> None:
        item = self.chosen
        if item is None:
            return
        problem = self.library.delete(item.entry)
        self.refresh()
        if problem is not None:
            self.tell(problem, Tone.DANGER)
        else:
            self.tell(f"Deleted #{item.entry.number}", Tone.INFO)

    # -- importing ---------------------------------------------------------------------------
    def import_text(self, text: str) -> None:
        """Import the solutions of pasted text (its Solution lines, or the whole of it)."""
        texts = solution_texts(text)
        if not texts:
            self.tell("The clipboard is empty", Tone.WARNING)
            return
        self._start_import(lambda: texts)

    def import_file(self, path: str) -> None:
        """Import the solutions of a file's ``Solution`` lines (read in the job too: a file
        may be large)."""
        self._start_import(lambda: file_solution_texts(path))

    def _start_import(self, read: Callable[[], list[str]]) -> None:
        if self.busy:
            self.tell("Still working: wait, or Esc stops it", Tone.WARNING)
            return
        level = self.level

        def work(cancelled: CancelCheck, progress: ProgressLine) -> list[Checked]:
            return check_imports(level, read(), cancelled, progress)

        self.tell("Replaying the solutions on the level... (Esc stops)", Tone.INFO)
        self.job = run_in_thread(Purpose.IMPORT, self.key, work, self._wake)

    def cancel(self) -> bool:
        """Esc while an import is checked or an entry optimized: stop it; False if nothing
        was running."""
        if self.optimizing is not None:
            self.optimizing.cancel()
            self.optimizing = None
            self.tell("Optimizing stopped: nothing was added", Tone.WARNING)
            return True
        if self.job is None:
            return False
        self.job.cancel()
        self.job = None
        self.tell("Import stopped: nothing was added", Tone.WARNING)
        return True

    # -- optimizing --------------------------------------------------------------------------
    def optimize_chosen(self, order: MetricOrder) -> None:
        """Look for a cheaper solution than the chosen entry under ``order``, in the solver's
        process; a better one becomes a new entry ("optimized from #N")."""
        if self.solver is None:
            return
        if self.busy:
            self.tell("Still working: wait, or Esc stops it", Tone.WARNING)
            return
        item = self.replayable()
        if item is None:
            return
        number = item.entry.number
        self.optimizing = self.solver.start(
            Purpose.OPTIMIZE,
            (self.key, number, order),
            self.level,
            work=Work.OPTIMIZE,
            method=order.value,
            time_limit=OPTIMIZE_SECONDS,
            history=item.entry.lurd,
        )
        self.optimized_from = (number, order)
        self.tell(f"Optimizing #{number} for {order.value}... (Esc stops)", Tone.INFO)

    def _take_optimized(self) -> None:
        job = self.optimizing
        if job is None:
            return
        number, order = self.optimized_from
        if job.running:
            done = job.progress
            self.tell(
                f"Optimizing #{number} for {order.value}: {counted(done.nodes, 'position')}, "
                f"{done.seconds:.0f} s (Esc stops)",
                Tone.INFO,
            )
            return
        self.optimizing = None
        update = job.result
        if update is None or update.optimized is None:
            why = (update.error if update is not None else "") or job.error or "it was stopped"
            self.tell(f"#{number} was not optimized: {why}", Tone.DANGER)
            return
        self.file_optimized(number, update.optimized)

    def file_optimized(self, number: int, result: OptimizeResult) -> None:
        """Keep the optimizer's answer for entry ``number`` as a new entry, if it is better."""
        order = result.order.value
        if not result.improved:
            within = f" ({result.reason})" if result.reason else ""
            self.tell(f"Nothing better than #{number} for {order} was found{within}", Tone.WARNING)
            return
        try:
            lurd, metrics = checked_solution(self.level, result.lurd)
        except SolutionRefused as error:  # replayed in the worker too: a safeguard, not a path
            self.tell(f"The optimizer's answer was refused: {error}", Tone.DANGER)
            return
        when = self.context.progress.clock()
        added = self.library.add(new_entry(self.key, lurd, metrics, Origin.OPTIMIZED, when, number))
        if added.error is not None:
            self.tell(added.error, Tone.DANGER)
            return
        self.refresh(select_number=added.number)
        before, after = result.before, result.after
        self.tell(
            f"#{number} optimized for {order}: {_moves_pushes(before)} became "
            f"{_moves_pushes(after)}, kept as #{added.number}",
            Tone.GOOD,
        )

    def update(self) -> None:
        """Take a finished import's replays and file the solutions that solve the level, and
        the optimizer's news."""
        self._take_optimized()
        job = self.job
        if job is None:
            return
        if job.running:
            if job.progress.line:
                self.tell(job.progress.line, Tone.INFO)
            return
        self.job = None
        if job.state is JobState.FAILED or job.result is None:
            self.tell(f"Nothing imported: {job.error or 'the check was stopped'}", Tone.DANGER)
            return
        report = file_imports(self.library, self.key, job.result, self.context.progress.clock())
        self.refresh(select_number=report.added[-1] if report.added else None)
        tone = Tone.GOOD if report.added and not report.refused else Tone.WARNING
        if report.error is not None or (report.refused and not report.added):
            tone = Tone.DANGER
        self.tell(report.describe(), tone)


def _moves_pushes(metrics: SolutionMetrics) -> str:
    return f"{counted(metrics.moves, 'move')}/{counted(metrics.pushes, 'push', 'pushes')}"
