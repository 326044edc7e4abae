"""The Solutions screen as a model: one level's library in a table sorted by any column, the
primary metric and the optimizer's time (both kept with the settings), and replay, copy,
delete, import, optimize and compare; its view holds the rows in view only.

Imports and optimizing run in the background (game.app.library.library_work), which tells the model
how each one ended; so does reading the entries, from a store on disk (a level may keep 100,000).
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.filing import level_key
from game.app.jobs.jobs import Purpose
from game.app.jobs.solver_service import SolverPort
from game.app.library.library_work import METRIC_NAMES, LibraryWork, Told, seconds_text
from game.app.library.solutions import (
    Column,
    ShownEntry,
    best_in,
    remember_measured,
    solution_texts,
)
from game.app.library.solutions_choices import SolutionsChoices
from game.app.library.solutions_commands import SolutionsCommand, SolutionsKey, SortBy
from game.app.library.solutions_questions import ask_delete, replay_entry
from game.app.library.solutions_reading import EntriesReader, Order, ReadListed
from game.app.library.solutions_rows import SolutionsView
from game.app.library.solutions_table import SolutionsTable
from game.app.notice import Tone
from game.app.screens import CollectionSolutionsScreen, CompareScreen, OpenFileScreen
from game.app.shell import Shell
from game.core.errors import LevelError
from game.core.level import Level
from game.core.metrics import MetricOrder
from game.core.problems import Problem
from game.core.wording import counted
from game.storage.library import SolutionLibrary

# The entries an optimization starts from besides the chosen one: the best by these orders.
SEED_ORDERS = (MetricOrder.PUSHES, MetricOrder.MOVES)


class SolutionsModel:
    """The library of level ``level_index`` of the open collection, as its screen shows it."""

    def __init__(
        self,
        shell: Shell,
        level_index: int,
        solver: SolverPort | None = None,
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        collection = shell.context.session.collection
        if collection is None or not 0 <= level_index < len(collection.levels):
            raise LevelError(f"there is no level {level_index + 1} to list solutions of")
        self.shell = shell
        self.solver = solver
        self.wake = wake
        self.level_index = level_index
        self.level: Level = collection.levels[level_index]
        self.key = level_key(shell.context.session, level_index, self.level)
        self.heading = _heading(level_index, self.level, shell.context.session.title)
        self._select: int | None = None  # the entry to choose when the read under way ends
        self.message = ""
        self.tone = Tone.INFO
        self.choices = SolutionsChoices(shell.context.progress)
        self.table = SolutionsTable(self.order)
        self.work = LibraryWork(shell, self.level, self.key, solver, wake, self._told)
        self.reader = EntriesReader(shell, self.key, self.level, wake, self._take, self._failed)

    @property
    def library(self) -> SolutionLibrary:
        return SolutionLibrary(self.shell.context.progress)

    # -- reading ---------------------------------------------------------------------------
    def refresh(self, select_number: int | None = None) -> None:
        """Read the entries again, keeping the choice (or choosing entry ``select_number``);
        from a store on disk the screen shows the entries it had until they arrive."""
        self._select = select_number
        self.reader.read(self.order)

    def _take(self, done: ReadListed) -> None:
        """The entries read are the screen's; the metrics the read counted are kept."""
        read = done.read
        remember_measured(self.library, read)
        keep = self._select if self._select is not None else self.table.chosen_number
        self.table.take(read.shown, self.order, keep, done.listed)
        if read.error is not None:
            self.tell(read.error, Tone.DANGER)

    @property
    def order(self) -> Order:
        choices = self.choices
        return choices.sort, choices.descending, choices.primary

    @property
    def entries(self) -> list[ShownEntry]:
        return self.table.entries

    def fit(self, rows: int) -> None:
        """The screen's layout shows ``rows`` rows at once (told again after a resize)."""
        self.table.fit(rows)

    def tell(self, text: str, tone: Tone = Tone.INFO) -> None:
        self.message, self.tone = text, tone

    def _failed(self, line: str) -> None:
        self.tell(line, Tone.DANGER)

    @property
    def reading(self) -> bool:
        return self.reader.reading

    @property
    def running(self) -> Purpose | None:
        """The work under way (an input script waits for it), if any."""
        return Purpose.READ if self.reading else self.work.running

    @property
    def busy(self) -> bool:
        return self.running is not None

    def close(self) -> None:
        """The screen is left: its work stops, the reading too."""
        self.work.stop()
        self.reader.stop()

    # -- commands --------------------------------------------------------------------------
    def handle(self, command: SolutionsCommand) -> None:
        match command:
            case SolutionsKey.BACK:
                stopped = self.work.cancel()
                if stopped is None:
                    self.shell.pop()
                else:
                    self.tell(stopped, Tone.WARNING)
            case SolutionsKey():
                self._key(command)
            case Wheel(notches):
                self.table.scroll(notches)
            case PointAt(row) if 0 <= row < len(self.entries):
                self.table.selected = row
            case ClickOn(row) if 0 <= row < len(self.entries):
                self.table.selected = row
                self._replay()
            case SortBy(column):
                again = column is self.choices.sort
                self._sort_by(column, not self.choices.descending if again else False)

    def _key(self, key: SolutionsKey) -> None:
        steps = self.table.steps()
        columns = list(Column)
        if key in steps:
            self.table.choose(self.table.selected + steps[key])
        elif key in (SolutionsKey.SORT_NEXT, SolutionsKey.SORT_PREVIOUS):
            step = 1 if key is SolutionsKey.SORT_NEXT else -1
            self._sort_by(columns[(columns.index(self.choices.sort) + step) % len(columns)], False)
        elif key is SolutionsKey.SORT_REVERSE:
            self._sort_by(self.choices.sort, not self.choices.descending)
        elif key is SolutionsKey.PRIMARY:
            self._next_primary()
        elif key is SolutionsKey.OPTIMIZE_TIME:
            self._next_time()
        else:
            actions = {
                SolutionsKey.REPLAY: self._replay,
                SolutionsKey.COPY: self._copy,
                SolutionsKey.DELETE: self._ask_delete,
                SolutionsKey.PASTE: self._paste,
                SolutionsKey.IMPORT_FILE: self._ask_file,
                SolutionsKey.OPTIMIZE: self._optimize,
                SolutionsKey.MARK: self._mark,
                SolutionsKey.COMPARE: self._compare,
                SolutionsKey.COLLECTION: self._collection,
            }
            actions[key]()

    # -- choices kept with the settings ------------------------------------------------------
    def _sort_by(self, column: Column, descending: bool) -> None:
        self._kept(self.choices.sort_by(column, descending, self.shell.context.progress))
        self.table.sort(self.order, self.table.chosen_number)

    def _next_primary(self) -> None:
        problem = self.choices.next_primary(self.shell.context.progress)
        self.table.sort(self.order, self.table.chosen_number)
        self.tell(f"Primary metric: {METRIC_NAMES[self.choices.primary]}", Tone.INFO)
        self._kept(problem)

    def _next_time(self) -> None:
        problem = self.choices.next_time(self.shell.context.progress)
        self.tell(f"The optimizer gets {seconds_text(self.choices.optimize_seconds)}", Tone.INFO)
        self._kept(problem)

    def _kept(self, problem: Problem | None) -> None:
        if problem is not None:
            self.tell(problem.text, Tone.DANGER)

    # -- actions on the chosen entry ---------------------------------------------------------
    def _replayable(self) -> ShownEntry | None:
        """The chosen entry if it can be replayed on the level (else the line says why)."""
        item = self.table.chosen
        if item is None:
            self.tell("No solution to replay yet", Tone.WARNING)
            return None
        if not item.fits:
            self.tell(f"#{item.entry.number} does not fit this level any more", Tone.DANGER)
            return None
        return item

    def _replay(self) -> None:
        item = self._replayable()
        if item is not None:
            replay_entry(self.shell, self.level_index, item.entry)

    def _copy(self) -> None:
        item = self.table.chosen
        if item is None:
            self.tell("No solution to copy yet", Tone.WARNING)
            return
        self.shell.clipboard.put(item.entry.lurd)
        self.tell(f"#{item.entry.number} copied: {counted(item.entry.moves, 'move')}", Tone.GOOD)

    def _ask_delete(self) -> None:
        item = self.table.chosen
        if item is not None:
            ask_delete(self.shell, item.entry, lambda: self._delete(item))

    def _delete(self, item: ShownEntry) -> None:
        problem = self.library.delete(item.entry)
        self.refresh()
        if problem is not None:
            self.tell(problem.text, Tone.DANGER)
        else:
            self.tell(f"Deleted #{item.entry.number}", Tone.INFO)

    def _mark(self) -> None:
        item = self.table.chosen
        if item is None:
            return
        number = item.entry.number
        if self.table.marked == number:
            self.table.marked = None
            self.tell(f"#{number} is no longer marked", Tone.QUIET)
            return
        self.table.marked = number
        self.tell(f"#{number} marked: choose another and press D to compare", Tone.INFO)

    def _compare(self) -> None:
        """The marked entry (or else the best under the primary metric) against the chosen."""
        second = self._replayable()
        if second is None:
            return
        first = next((i for i in self.entries if i.entry.number == self.table.marked), None)
        if first is None or not first.fits:
            first = self.table.best
        if first is None or first.entry.number == second.entry.number:
            self.tell("Mark a solution with X, then choose another to compare", Tone.WARNING)
            return
        self.shell.open(
            CompareScreen(
                self.level_index,
                first.entry.lurd,
                f"#{first.entry.number}",
                second.entry.lurd,
                f"#{second.entry.number}",
            )
        )

    def _collection(self) -> None:
        self.shell.open(CollectionSolutionsScreen(self.level_index))

    # -- importing ---------------------------------------------------------------------------
    def _paste(self) -> None:
        """Import the solutions of the clipboard (its Solution lines, or the whole of it)."""
        texts = solution_texts(self.shell.clipboard.get())
        if not texts:
            self.tell("The clipboard is empty", Tone.WARNING)
        elif self._free():
            self.work.import_texts(lambda: texts)
            self.tell("Replaying the solutions on the level... (Esc stops)", Tone.INFO)

    def _ask_file(self) -> None:
        self.shell.open(
            OpenFileScreen(
                take=self.import_file,
                title="Import solutions",
                hint="A file whose Solution lines solve this level (.sok, .txt, .xsb).",
            )
        )

    def import_file(self, path: str) -> None:
        """Import the solutions of a file's ``Solution`` lines."""
        if self._free():
            self.work.import_file(path)
            self.tell("Replaying the solutions on the level... (Esc stops)", Tone.INFO)

    def _free(self) -> bool:
        """Whether new work may start (else the line says why not)."""
        if self.work.running is not None:
            self.tell("Still working: wait, or Esc stops it", Tone.WARNING)
            return False
        return True

    def _optimize(self) -> None:
        """Look for a cheaper solution than the chosen entry under the primary metric, in the
        solver's process, starting from the level's fewest-pushes and fewest-moves entries too
        (so a run never ends behind what runs for other metrics found); a better one becomes a
        new entry ("optimized from #N")."""
        if self.solver is None or not self._free():
            return
        item = self._replayable()
        if item is not None:
            entry = item.entry
            seeds = tuple(
                dict.fromkeys(
                    best.entry.lurd
                    for best in (best_in(self.entries, order) for order in SEED_ORDERS)
                    if best is not None and best is not item
                )
            )
            self.work.optimize(
                entry.number, entry.lurd, self.choices.primary, self.choices.optimize_seconds, seeds
            )

    def _told(self, told: Told) -> None:
        """A piece of work ended: read the entries again if it filed any, and say how."""
        if told.filed:
            self.refresh(select_number=told.select)
        self.tell(told.line, told.tone)

    # -- the view ----------------------------------------------------------------------------
    def view(self) -> SolutionsView:
        message, tone = self.message, self.tone
        working = self.work.progress_line()
        # A read again (back from a replay, after an import) keeps the rows it had and says
        # nothing: most take a tick, and a line shown for a tick only flickers.
        if working is None and self.reading and not self.entries:
            working = "Reading the solutions... (Esc goes back)"
        if working is not None:
            message, tone = working, Tone.INFO
        return SolutionsView(
            self.heading,
            len(self.entries),
            self.table.first,
            self.table.rows_in_view(),
            self.choices.sort,
            self.choices.descending,
            self.choices.primary,
            self.choices.optimize_seconds,
            message,
            tone,
            working is not None,
            self.reading,
        )


def _heading(level_index: int, level: Level, collection_title: str) -> str:
    number = level_index + 1
    title = f"Level {number}"
    if level.title and level.title != str(number):
        title += f": {level.title}"
    # The level first: on a small window the collection's title is what gets cut.
    return f"{title}, {collection_title}"
