"""The Solutions screen as a model: one level's library in a table sorted by any column, the
primary metric and the optimizer's time (both kept with the settings), and replay, copy,
delete, import, optimize and compare; its view holds the rows in view only.

Imports are replayed in a thread and optimizing runs in the solver's process, both through the
job driver, which hands the model each one's end.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from game.app import navigation
from game.app.flows import Flow, ask_yes_no, run_flow
from game.app.job_driver import Ended
from game.app.jobs import CancelCheck, JobState, ProgressLine, Purpose
from game.app.menu import ClickOn, PointAt
from game.app.notice import Tone
from game.app.screens import CollectionSolutionsScreen, CompareScreen, OpenFileScreen
from game.app.scroll import ScrollRoom, Wheel
from game.app.shell import Shell
from game.app.solutions import (
    Checked,
    Column,
    ShownEntry,
    SolutionRefused,
    best_in,
    check_imports,
    checked_solution,
    file_imports,
    file_solution_texts,
    level_key,
    new_entry,
    shown_entries,
    solution_texts,
    sorted_entries,
)
from game.app.solver_service import SolverPort, SolverUpdate, Work
from game.core.errors import LevelError
from game.core.level import Level
from game.core.metrics import MetricOrder, SolutionMetrics
from game.core.wording import counted
from game.solver.optimize.optimizer import OptimizeResult
from game.storage.library import Origin, SolutionLibrary

# The settings that keep the player's choices between runs of the game.
PRIMARY_SETTING = "solutions_primary_metric"
SORT_SETTING = "solutions_sort"  # a column's name, with "-" in front when sorted descending
OPTIMIZE_TIME_SETTING = "solutions_optimize_seconds"
# The optimizer's time limits to choose from; a minute is the optimizer's own default.
OPTIMIZE_TIMES = (10.0, 60.0, 300.0)
DEFAULT_OPTIMIZE_SECONDS = 60.0
EnumT = TypeVar("EnumT", bound=Enum)
METRIC_NAMES = {
    MetricOrder.MOVES: "moves",
    MetricOrder.PUSHES: "pushes",
    MetricOrder.BOX_LINES: "box lines",
    MetricOrder.BOX_CHANGES: "box changes",
}


class SolutionsKey(Enum):
    """What the Solutions screen's keys ask."""

    UP = "up"
    DOWN = "down"
    PAGE_UP = "page up"
    PAGE_DOWN = "page down"
    FIRST = "first"
    LAST = "last"
    REPLAY = "replay"
    COPY = "copy"
    DELETE = "delete"
    PASTE = "paste"  # import the clipboard's solutions
    IMPORT_FILE = "import file"
    OPTIMIZE = "optimize"  # the chosen entry, for the primary metric, for the chosen time
    PRIMARY = "primary"  # the next metric order as the primary one
    OPTIMIZE_TIME = "optimize time"  # the next time limit
    SORT_NEXT = "sort next"  # sort by the next column
    SORT_PREVIOUS = "sort previous"
    SORT_REVERSE = "sort reverse"
    MARK = "mark"  # the chosen entry is the first of a comparison
    COMPARE = "compare"  # the marked entry (or the best) against the chosen one
    COLLECTION = "collection"  # every level of the collection with its best solutions
    BACK = "back"  # stop the work, or leave


@dataclass(frozen=True)
class SortBy:
    """A click on a column's header: sort by it, or the other way if it is sorted by already."""

    column: Column


SolutionsCommand = SolutionsKey | PointAt | ClickOn | Wheel | SortBy


@dataclass(frozen=True)
class SolutionRow:
    """One entry as its row shows it: its number and the texts of the metric columns (a dash
    where it does not fit the level), the day and time it was filed, its origin with the best
    marks, whether it fits, whether it is the best by moves or by pushes, whether it is the best
    under the primary metric, whether it is chosen, and whether it is marked for a comparison."""

    number: int
    metrics: tuple[str, ...]
    day: str
    clock: str
    origin: str
    fits: bool
    best_moves_or_pushes: bool
    best: bool
    chosen: bool
    marked: bool


@dataclass(frozen=True)
class SolutionsView:
    """The heading, how many entries there are and the first in view, the rows in view, how
    the table is sorted, the primary metric and the optimizer's time, the line of news (or the
    work's progress while it runs)."""

    heading: str
    count: int
    first: int
    rows: tuple[SolutionRow, ...]
    sort: Column
    descending: bool
    primary: MetricOrder
    optimize_seconds: float
    message: str
    tone: Tone
    working: bool


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
        self._shown: list[ShownEntry] = []  # as read, by number
        self.entries: list[ShownEntry] = []  # in the order shown
        self.selected = 0
        self.first = 0
        self.room = ScrollRoom()
        self.marked: int | None = None  # the number of the entry marked for a comparison
        self.message = ""
        self.tone = Tone.INFO
        progress = shell.context.progress
        self.primary = _setting_enum(
            MetricOrder, progress.get_setting(PRIMARY_SETTING, ""), MetricOrder.MOVES
        )
        sort = progress.get_setting(SORT_SETTING, "")
        self.descending = sort.startswith("-")
        self.sort = _setting_enum(Column, sort.lstrip("-"), Column.NUMBER)
        seconds = progress.get_setting(OPTIMIZE_TIME_SETTING, DEFAULT_OPTIMIZE_SECONDS)
        self.optimize_seconds = seconds if seconds in OPTIMIZE_TIMES else DEFAULT_OPTIMIZE_SECONDS
        # What each job under way is about (the job driver asks): the level and a count.
        self._asked: dict[Purpose, Hashable] = {}
        self._optimizing: tuple[int, MetricOrder] = (0, MetricOrder.MOVES)

    @property
    def library(self) -> SolutionLibrary:
        return SolutionLibrary(self.shell.context.progress)

    # -- reading ---------------------------------------------------------------------------
    def refresh(self, select_number: int | None = None) -> None:
        """Read the entries again, keeping the choice (or choosing entry ``select_number``)."""
        progress = self.shell.context.progress
        progress.read_error = None  # only this reading's failure is told
        chosen = self.chosen
        keep = select_number if select_number is not None else (
            chosen.entry.number if chosen is not None else None
        )
        self._shown = shown_entries(self.library, self.key, self.level)
        self._sort(keep)
        if progress.read_error is not None:
            self.tell(progress.read_error, Tone.DANGER)

    def _sort(self, keep: int | None) -> None:
        self.entries = sorted_entries(self._shown, self.sort, self.descending, self.primary)
        numbers = [item.entry.number for item in self.entries]
        if keep in numbers:
            self.selected = numbers.index(keep)
        if self.marked not in numbers:
            self.marked = None
        self._choose(self.selected)

    @property
    def chosen(self) -> ShownEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def fit(self, rows: int) -> None:
        """The screen's layout shows ``rows`` rows at once (told again after a resize)."""
        self.room = ScrollRoom(len(self.entries), rows)
        self._keep_in_view()

    def _choose(self, row: int) -> None:
        self.selected = max(0, min(row, len(self.entries) - 1))
        self.room = ScrollRoom(len(self.entries), self.room.shown)
        self._keep_in_view()

    def _keep_in_view(self) -> None:
        # Until the screen tells its room, every row is in view.
        if self.room.shown:
            self.first = self.room.keep_in_view(self.first, self.selected)

    def tell(self, text: str, tone: Tone = Tone.INFO) -> None:
        self.message, self.tone = text, tone

    @property
    def busy(self) -> bool:
        return self.shell.jobs.busy(self)

    @property
    def work(self) -> Purpose | None:
        """The background work under way, which an input script waits for."""
        for purpose in (Purpose.IMPORT, Purpose.OPTIMIZE):
            if self.shell.jobs.busy(self, purpose):
                return purpose
        return None

    def close(self) -> None:
        """The screen is left: its work stops."""
        self.shell.jobs.cancel(self)

    # -- commands --------------------------------------------------------------------------
    def handle(self, command: SolutionsCommand) -> None:
        match command:
            case SolutionsKey.BACK:
                if not self._cancel():
                    self.shell.pop()
            case SolutionsKey():
                self._key(command)
            case Wheel(notches):
                self.first = self.room.clamp(self.first - notches)
            case PointAt(row) if 0 <= row < len(self.entries):
                self.selected = row
            case ClickOn(row) if 0 <= row < len(self.entries):
                self.selected = row
                self._replay()
            case SortBy(column):
                self._sort_by(column, not self.descending if column is self.sort else False)

    def _key(self, key: SolutionsKey) -> None:
        steps = {
            SolutionsKey.UP: -1,
            SolutionsKey.DOWN: 1,
            SolutionsKey.PAGE_UP: -self.room.page,
            SolutionsKey.PAGE_DOWN: self.room.page,
            SolutionsKey.FIRST: -len(self.entries),
            SolutionsKey.LAST: len(self.entries),
        }
        columns = list(Column)
        if key in steps:
            self._choose(self.selected + steps[key])
        elif key in (SolutionsKey.SORT_NEXT, SolutionsKey.SORT_PREVIOUS):
            step = 1 if key is SolutionsKey.SORT_NEXT else -1
            self._sort_by(columns[(columns.index(self.sort) + step) % len(columns)], False)
        elif key is SolutionsKey.SORT_REVERSE:
            self._sort_by(self.sort, not self.descending)
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
        self.sort, self.descending = column, descending
        self._keep(SORT_SETTING, ("-" if descending else "") + column.value)
        chosen = self.chosen
        self._sort(chosen.entry.number if chosen is not None else None)

    def _next_primary(self) -> None:
        orders = list(MetricOrder)
        self.primary = orders[(orders.index(self.primary) + 1) % len(orders)]
        self._keep(PRIMARY_SETTING, self.primary.value)
        chosen = self.chosen
        self._sort(chosen.entry.number if chosen is not None else None)
        self.tell(f"Primary metric: {METRIC_NAMES[self.primary]}", Tone.INFO)

    def _next_time(self) -> None:
        index = OPTIMIZE_TIMES.index(self.optimize_seconds)
        self.optimize_seconds = OPTIMIZE_TIMES[(index + 1) % len(OPTIMIZE_TIMES)]
        self._keep(OPTIMIZE_TIME_SETTING, self.optimize_seconds)
        self.tell(f"The optimizer gets {seconds_text(self.optimize_seconds)}", Tone.INFO)

    def _keep(self, setting: str, value: str | float) -> None:
        problem = self.shell.context.progress.set_setting(setting, value)
        if problem is not None:
            self.tell(problem, Tone.DANGER)

    # -- actions on the chosen entry ---------------------------------------------------------
    def _replayable(self) -> ShownEntry | None:
        """The chosen entry if it can be replayed on the level (else the line says why)."""
        item = self.chosen
        if item is None:
            self.tell("No solution to replay yet", Tone.WARNING)
            return None
        if not item.fits:
            self.tell(f"#{item.entry.number} does not fit this level any more", Tone.DANGER)
            return None
        return item

    def _replay(self) -> None:
        item = self._replayable()
        if item is None:
            return
        entry = item.entry

        def replay() -> None:
            navigation.replay_solution(
                self.shell, self.level_index, entry.lurd, f"Solution #{entry.number}"
            )

        playing = self.shell.context.playing
        if playing is None or not playing.moves or playing.is_solved:
            replay()
            return

        def flow() -> Flow:
            # Opened from the pause menu: the game under it is left only if the player says so.
            if (yield from ask_yes_no(
                "Replay the solution?",
                f"Leave the level being played, with its {counted(len(playing.moves), 'move')}, "
                f"to replay #{entry.number}?",
            )):
                replay()

        run_flow(self.shell.open, flow())

    def _copy(self) -> None:
        item = self.chosen
        if item is None:
            self.tell("No solution to copy yet", Tone.WARNING)
            return
        self.shell.clipboard.put(item.entry.lurd)
        self.tell(f"#{item.entry.number} copied: {counted(item.entry.moves, 'move')}", Tone.GOOD)

    def _ask_delete(self) -> None:
        item = self.chosen
        if item is None:
            return
        entry = item.entry
        question = (
            f"#{entry.number} ({entry.origin_text()}, {counted(entry.moves, 'move')}, "
            f"{counted(entry.pushes, 'push', 'pushes')}) will be gone for good."
        )

        def flow() -> Flow:
            if (yield from ask_yes_no("Delete the solution?", question)):
                self._delete(item)

        run_flow(self.shell.open, flow())

    def _delete(self, item: ShownEntry) -> None:
        problem = self.library.delete(item.entry)
        self.refresh()
        if problem is not None:
            self.tell(problem, Tone.DANGER)
        else:
            self.tell(f"Deleted #{item.entry.number}", Tone.INFO)

    def _mark(self) -> None:
        item = self.chosen
        if item is None:
            return
        number = item.entry.number
        if self.marked == number:
            self.marked = None
            self.tell(f"#{number} is no longer marked", Tone.QUIET)
            return
        self.marked = number
        self.tell(f"#{number} marked: choose another and press D to compare", Tone.INFO)

    def _compare(self) -> None:
        """The marked entry (or else the best under the primary metric) against the chosen."""
        second = self._replayable()
        if second is None:
            return
        first = next((i for i in self.entries if i.entry.number == self.marked), None)
        if first is None or not first.fits:
            first = best_in(self.entries, self.primary)
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
            return
        self._start_import(lambda: texts)

    def _ask_file(self) -> None:
        self.shell.open(
            OpenFileScreen(
                take=self.import_file,
                title="Import solutions",
                hint="A file whose Solution lines solve this level (.sok, .txt, .xsb).",
            )
        )

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

        subject = self._subject(Purpose.IMPORT)
        self.shell.jobs.run_in_thread(self, Purpose.IMPORT, subject, work, self.wake)
        self.tell("Replaying the solutions on the level... (Esc stops)", Tone.INFO)

    def _cancel(self) -> bool:
        """Esc while an import is checked or an entry optimized: stop it; False if nothing
        was running."""
        work = self.work
        if work is None:
            return False
        self.shell.jobs.cancel(self, work)
        what = "Import" if work is Purpose.IMPORT else "Optimizing"
        self.tell(f"{what} stopped: nothing was added", Tone.WARNING)
        return True

    # -- optimizing --------------------------------------------------------------------------
    def _optimize(self) -> None:
        """Look for a cheaper solution than the chosen entry under the primary metric, in the
        solver's process; a better one becomes a new entry ("optimized from #N")."""
        solver = self.solver
        if solver is None:
            return
        if self.busy:
            self.tell("Still working: wait, or Esc stops it", Tone.WARNING)
            return
        item = self._replayable()
        if item is None:
            return
        number, order, seconds = item.entry.number, self.primary, self.optimize_seconds
        level, lurd = self.level, item.entry.lurd
        subject = self._subject(Purpose.OPTIMIZE)
        self._optimizing = (number, order)
        self.shell.jobs.start(
            self,
            Purpose.OPTIMIZE,
            subject,
            lambda: solver.start(
                Purpose.OPTIMIZE,
                subject,
                level,
                work=Work.OPTIMIZE,
                method=order.value,
                time_limit=seconds,
                history=lurd,
            ),
        )
        self.tell(self._optimizing_line(0.0), Tone.INFO)

    def _optimizing_line(self, seconds: float) -> str:
        number, order = self._optimizing
        return (
            f"Optimizing #{number} for {METRIC_NAMES[order]}: {seconds:.0f} of "
            f"{seconds_text(self.optimize_seconds)} (Esc stops)"
        )

    def file_optimized(self, number: int, result: OptimizeResult) -> None:
        """Keep the optimizer's answer for entry ``number`` as a new entry, if it is better."""
        order = METRIC_NAMES[result.order]
        if not result.improved:
            within = f" ({result.reason})" if result.reason else ""
            self.tell(f"Nothing better than #{number} for {order} was found{within}", Tone.WARNING)
            return
        try:
            lurd, metrics = checked_solution(self.level, result.lurd)
        except SolutionRefused as error:  # replayed in the worker too: a safeguard, not a path
            self.tell(f"The optimizer's answer was refused: {error}", Tone.DANGER)
            return
        when = self.shell.context.progress.clock()
        added = self.library.add(new_entry(self.key, lurd, metrics, Origin.OPTIMIZED, when, number))
        if added.error is not None:
            self.tell(added.error, Tone.DANGER)
            return
        self.refresh(select_number=added.number)
        self.tell(
            f"#{number} optimized for {order}: {_moves_pushes(result.before)} became "
            f"{_moves_pushes(result.after)}, kept as #{added.number}",
            Tone.GOOD,
        )

    # -- the job driver's side -----------------------------------------------------------------
    def _subject(self, purpose: Purpose) -> Hashable:
        count = self._asked.get(purpose)
        subject = (self.key, (count[1] + 1) if isinstance(count, tuple) else 1)
        self._asked[purpose] = subject
        return subject

    def subject_now(self, purpose: Purpose) -> Hashable:
        return self._asked.get(purpose)

    def job_ended(self, ended: Ended) -> None:
        if ended.purpose is Purpose.OPTIMIZE:
            self._optimized(ended)
        else:
            self._imported(ended)

    def _optimized(self, ended: Ended) -> None:
        number = self._optimizing[0]
        update: SolverUpdate | None = ended.answer
        if update is None or update.optimized is None:
            why = "the solver was taken by other work"
            if ended.problem is not None:
                why = ended.problem.text
            elif update is not None and update.error:
                why = update.error
            self.tell(f"#{number} was not optimized: {why}", Tone.DANGER)
            return
        self.file_optimized(number, update.optimized)

    def _imported(self, ended: Ended) -> None:
        checked: list[Checked] | None = ended.answer
        if ended.state is not JobState.DONE or checked is None:
            why = ended.problem.text if ended.problem is not None else "the check was stopped"
            self.tell(f"Nothing imported: {why}", Tone.DANGER)
            return
        when = self.shell.context.progress.clock()
        report = file_imports(self.library, self.key, checked, when)
        self.refresh(select_number=report.added[-1] if report.added else None)
        tone = Tone.GOOD if report.added and not report.refused else Tone.WARNING
        if report.error is not None or (report.refused and not report.added):
            tone = Tone.DANGER
        self.tell(report.describe(), tone)

    # -- the view ----------------------------------------------------------------------------
    def view(self) -> SolutionsView:
        message, tone = self.message, self.tone
        work = self.work
        if work is not None:
            progress = self.shell.jobs.progress(self, work)
            if work is Purpose.OPTIMIZE:
                message = self._optimizing_line(progress.seconds if progress else 0.0)
            elif progress is not None and progress.line:
                message = progress.line
            tone = Tone.INFO
        best = best_in(self.entries, self.primary)
        shown = self.room.shown or len(self.entries)
        rows = tuple(
            self._row(item, row, item is best)
            for row, item in enumerate(self.entries[self.first:self.first + shown], self.first)
        )
        return SolutionsView(
            self.heading,
            len(self.entries),
            self.first,
            rows,
            self.sort,
            self.descending,
            self.primary,
            self.optimize_seconds,
            message,
            tone,
            work is not None,
        )

    def _row(self, item: ShownEntry, row: int, best: bool) -> SolutionRow:
        entry, metrics = item.entry, item.metrics
        origin = entry.origin_text()
        marks = [name for name, is_best in (("moves", item.best_moves),
                                            ("pushes", item.best_pushes)) if is_best]
        if marks:
            origin += f", best {'+'.join(marks)}"
        counts: tuple[str, ...]
        if metrics is None:
            counts = (f"{entry.moves:,}", f"{entry.pushes:,}", "-", "-", "-", "-")
            origin += ": does not fit"
        else:
            counts = tuple(
                f"{count:,}"
                for count in (
                    metrics.moves,
                    metrics.pushes,
                    metrics.box_lines,
                    metrics.box_changes,
                    metrics.pushing_sessions,
                    metrics.player_lines,
                )
            )
        day, clock = _filed(entry.added_at)
        return SolutionRow(
            entry.number,
            counts,
            day,
            clock,
            origin,
            item.fits,
            bool(marks),
            best,
            row == self.selected,
            entry.number == self.marked,
        )


def seconds_text(seconds: float) -> str:
    """A time limit as the player reads it: "10 s", "5 min"."""
    if seconds >= 60:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


def _filed(added_at: float) -> tuple[str, str]:
    """The day and the time of day an entry was filed ("-" for one kept without its date)."""
    if added_at <= 0:
        return "-", ""
    moment = time.localtime(added_at)
    return time.strftime("%Y-%m-%d", moment), time.strftime("%H:%M", moment)


def _heading(level_index: int, level: Level, collection_title: str) -> str:
    number = level_index + 1
    title = f"Level {number}"
    if level.title and level.title != str(number):
        title += f": {level.title}"
    # The level first: on a small window the collection's title is what gets cut.
    return f"{title}, {collection_title}"


def _setting_enum(kind: type[EnumT], value: str, default: EnumT) -> EnumT:
    """The member of ``kind`` a setting names (a hand-edited or older value: ``default``)."""
    for member in kind:
        if member.value == value:
            return member
    return default


def _moves_pushes(metrics: SolutionMetrics) -> str:
    return f"{counted(metrics.moves, 'move')}/{counted(metrics.pushes, 'push', 'pushes')}"
