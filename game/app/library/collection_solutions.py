"""The collection's solutions as a model: every level of the open collection with how many
solutions it has, its best by moves and its best by pushes, or that it has none; a level's own
Solutions screen opens from here, and the collection's library is exported to a .sok file, or a
.sok file's solutions imported (each under its level).

The whole collection is read in one query of counts (no solution is replayed), when the screen
comes into view; the view holds the rows in view only. An import's replays run in a thread
through the job driver, and so does an export (game.app.jobs.store_reading: reading the store
through a connection of its own, unless it lives in memory).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from game.app.dialogs.flows import Flow, ask_text, run_flow
from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import ScrollRoom, Wheel
from game.app.filing import level_key
from game.app.jobs.job_driver import Ended
from game.app.jobs.jobs import ProgressLine, Purpose
from game.app.jobs.store_reading import read_off_the_loop
from game.app.library.solution_exchange import (
    CheckedSok,
    LibraryCollection,
    SokExport,
    check_sok,
    export_sok,
    file_sok,
)
from game.app.notice import Tone
from game.app.screens import OpenFileScreen, SolutionsScreen
from game.app.shell import Shell
from game.core.errors import LevelError
from game.core.files import typed_path
from game.core.problems import Problem
from game.core.wording import counted
from game.solver.result import CancelCheck
from game.storage.connection import StoreConnection
from game.storage.library import EntryCounts, SolutionLibrary
from game.storage.library_entry import LevelKey


class CollectionKey(Enum):
    UP = "up"
    DOWN = "down"
    PAGE_UP = "page up"
    PAGE_DOWN = "page down"
    FIRST = "first"
    LAST = "last"
    NEXT_UNSOLVED = "next unsolved"  # the next level with no solution
    OPEN = "open"  # the chosen level's Solutions
    EXPORT = "export"  # the collection's library as a .sok file
    IMPORT = "import"  # a .sok file's solutions, each under its level
    BACK = "back"  # stop an import or an export, or leave


# The keys that move the choice, in the order of ScrollRoom.moves.
_LIST_KEYS = (
    CollectionKey.UP,
    CollectionKey.DOWN,
    CollectionKey.PAGE_UP,
    CollectionKey.PAGE_DOWN,
    CollectionKey.FIRST,
    CollectionKey.LAST,
)


CollectionCommand = CollectionKey | PointAt | ClickOn | Wheel


@dataclass(frozen=True)
class LevelBests:
    """One level as its row shows it: its number and title, how many solutions it has, and
    its best by moves and by pushes as "moves/pushes (#N)" (empty when it has none)."""

    number: int
    title: str
    count: int
    best_moves: str
    best_pushes: str
    chosen: bool


@dataclass(frozen=True)
class CollectionView:
    """The collection's title, a line of totals, the rows in view and the first one's place,
    and the line of news (an import's progress while it runs)."""

    title: str
    totals: str
    first: int
    count: int
    rows: tuple[LevelBests, ...]
    message: str = ""
    tone: Tone = Tone.INFO


def best_text(best: EntryCounts | None) -> str:
    if best is None:
        return ""
    return f"{best.moves:,}/{best.pushes:,} (#{best.number})"


class CollectionSolutions:
    """Every level of the open collection with its best solutions."""

    def __init__(
        self, shell: Shell, level_index: int = 0, wake: Callable[[], None] = lambda: None
    ) -> None:
        self.shell = shell
        self.wake = wake
        self.rows: list[LevelBests] = []
        self.selected = level_index
        self.first = 0
        self.room = ScrollRoom()
        self.totals = ""
        self.message = ""
        self.tone = Tone.INFO
        self._jobs = 0  # imports and exports started: the subject of the one under way

    @property
    def work(self) -> Purpose | None:
        """The import or export under way (an input script waits for it), if any."""
        for purpose in (Purpose.IMPORT, Purpose.EXPORT):
            if self.shell.jobs.busy(self, purpose):
                return purpose
        return None

    def close(self) -> None:
        self.shell.jobs.cancel(self)

    def refresh(self) -> None:
        """Read the collection's solutions again (the screen came into view)."""
        session = self.shell.context.session
        collection = session.collection
        levels = collection.levels if collection is not None else []
        found: dict[str, list[EntryCounts]] = {}
        library = SolutionLibrary(self.shell.context.progress)
        for counts in library.collection_counts(session.collection_id):
            found.setdefault(counts.fingerprint, []).append(counts)
        self.rows = []
        for index, level in enumerate(levels):
            # Only entries filed under the level's layout: others may not fit it any more.
            entries = found.get(level.fingerprint(), [])
            by_moves = min(entries, key=lambda e: (e.moves, e.pushes, e.number), default=None)
            by_pushes = min(entries, key=lambda e: (e.pushes, e.moves, e.number), default=None)
            number = session.level_number(index)
            title = level.title if level.title and level.title != str(number) else ""
            self.rows.append(
                LevelBests(
                    number, title, len(entries), best_text(by_moves), best_text(by_pushes), False
                )
            )
        with_some = sum(row.count > 0 for row in self.rows)
        self.totals = (
            f"{with_some} of {counted(len(self.rows), 'level')} have solutions, "
            f"{len(self.rows) - with_some} have none"
        )
        self._choose(self.selected)

    def fit(self, rows: int) -> None:
        """The screen's layout shows ``rows`` rows at once."""
        self.room = ScrollRoom(len(self.rows), rows)
        self.first = self.room.keep_in_view(self.first, self.selected)

    def _choose(self, row: int) -> None:
        self.selected = max(0, min(row, len(self.rows) - 1))
        self.room = ScrollRoom(len(self.rows), self.room.shown)
        if self.room.shown:
            self.first = self.room.keep_in_view(self.first, self.selected)

    def handle(self, command: CollectionCommand) -> None:
        steps = dict(zip(_LIST_KEYS, self.room.moves(len(self.rows)), strict=True))
        match command:
            case CollectionKey.BACK if self.work is Purpose.IMPORT:
                self.shell.jobs.cancel(self, Purpose.IMPORT)
                self._tell("Import stopped: nothing was added", Tone.WARNING)
            case CollectionKey.BACK if self.work is Purpose.EXPORT:
                self.shell.jobs.cancel(self, Purpose.EXPORT)
                self._tell("Export stopped: no file was written", Tone.WARNING)
            case CollectionKey.BACK:
                self.shell.pop()
            case CollectionKey.OPEN:
                self._open()
            case CollectionKey.EXPORT if self.work is None:
                run_flow(self.shell.open, self._export_flow())
            case CollectionKey.IMPORT if self.work is None:
                self.shell.open(
                    OpenFileScreen(
                        take=self.import_sok,
                        title="Import a .sok file",
                        hint="Each of its solutions is replayed and filed under its level.",
                    )
                )
            case CollectionKey.NEXT_UNSOLVED:
                self._next_unsolved()
            case CollectionKey():
                self._choose(self.selected + steps[command])
            case Wheel(notches):
                self.first = self.room.clamp(self.first - notches)
            case PointAt(row) if 0 <= row < len(self.rows):
                self.selected = row
            case ClickOn(row) if 0 <= row < len(self.rows):
                self.selected = row
                self._open()

    def _open(self) -> None:
        if self.rows:
            self.shell.open(SolutionsScreen(self.selected))

    def _next_unsolved(self) -> None:
        count = len(self.rows)
        for step in range(1, count + 1):
            row = (self.selected + step) % count
            if self.rows[row].count == 0:
                self._choose(row)
                return

    def _tell(self, text: str, tone: Tone) -> None:
        self.message, self.tone = text, tone

    # -- export and import -----------------------------------------------------------------------
    def _export_flow(self) -> Flow:
        session = self.shell.context.session
        collection = session.collection
        if collection is None:
            return
        name = re.sub(r"[^\w.-]+", "_", session.title).strip("._") or "solutions"
        path = yield from ask_text(
            "Export solutions",
            "The .sok file to write: every level with its solutions (a file there is replaced).",
            f"{name}.sok",
            max_length=4096,
        )
        if path is None:
            return
        try:
            target = typed_path(path)
        except LevelError as error:
            self._tell(f"Nothing was exported: {error}", Tone.DANGER)
            return
        source = LibraryCollection(session.collection_id, collection)

        def export(
            store: StoreConnection, cancelled: CancelCheck
        ) -> tuple[Path, SokExport | Problem]:
            return target, export_sok(store, [source], target, cancelled=cancelled)

        self._jobs += 1
        self._tell(f"Writing {target.name}... (Esc stops)", Tone.INFO)
        progress = self.shell.context.progress
        read_off_the_loop(
            self.shell.jobs, progress, self, Purpose.EXPORT, self._jobs, export, self.wake
        )

    def _exported(self, target: Path, done: SokExport | Problem) -> None:
        if isinstance(done, SokExport):
            self._tell(f"{target.name}: {done.describe()}", Tone.GOOD)
        else:
            self._tell(done.text, Tone.DANGER)  # it says that nothing was exported

    def import_sok(self, path: str) -> None:
        """Replay the solutions of the .sok file at ``path`` in a thread; each is filed under
        its level when they are all replayed."""
        self._jobs += 1
        where = self._open_levels()

        def work(cancelled: CancelCheck, progress: ProgressLine) -> CheckedSok:
            return _filed_here(check_sok(Path(path), cancelled, progress), where)

        self.shell.jobs.run_in_thread(self, Purpose.IMPORT, self._jobs, work, self.wake)
        self._tell("Replaying the file's solutions... (Esc stops)", Tone.INFO)

    def _open_levels(self) -> dict[str, LevelKey]:
        """Where the solutions of each level of the open collection are filed, by layout."""
        session = self.shell.context.session
        collection = session.collection
        levels = collection.levels if collection is not None else []
        return {
            level.fingerprint(): level_key(session, index, level)
            for index, level in enumerate(levels)
        }

    def subject_now(self, purpose: Purpose) -> Hashable:
        return self._jobs

    def job_ended(self, ended: Ended) -> None:
        if ended.purpose is Purpose.EXPORT:
            if ended.answer is None:
                why = ended.problem.text if ended.problem is not None else "it was stopped"
                self._tell(f"Nothing was exported: {why}", Tone.DANGER)
            else:
                self._exported(*ended.answer)
            return
        checked: CheckedSok | None = ended.answer
        if checked is None:
            why = ended.problem.text if ended.problem is not None else "it was stopped"
            self._tell(f"Nothing imported: {why}", Tone.DANGER)
            return
        library = SolutionLibrary(self.shell.context.progress)
        imported = file_sok(library, checked, self.shell.context.progress.clock())
        self.refresh()
        if imported.problem is not None:
            self._tell(f"Nothing imported: {imported.problem.text}", Tone.DANGER)
            return
        line = imported.describe()
        line = line[0].upper() + line[1:]
        if imported.refused:
            more = len(imported.refused) - 1
            first = imported.refused[0].text + (f" (and {more} more)" if more else "")
            self._tell(f"{line}. {first}", Tone.WARNING)
        else:
            self._tell(f"{line}.", Tone.GOOD)

    def view(self) -> CollectionView:
        shown = self.room.shown or len(self.rows)
        rows = tuple(
            LevelBests(
                row.number,
                row.title,
                row.count,
                row.best_moves,
                row.best_pushes,
                index == self.selected,
            )
            for index, row in enumerate(self.rows[self.first:self.first + shown], self.first)
        )
        title = self.shell.context.session.title
        message, tone = self.message, self.tone
        if self.work is Purpose.IMPORT:
            progress = self.shell.jobs.progress(self, Purpose.IMPORT)
            if progress is not None and progress.line:
                message, tone = progress.line, Tone.INFO
        return CollectionView(
            title, self.totals, self.first, len(self.rows), rows, message, tone
        )


def _filed_here(checked: CheckedSok, here: dict[str, LevelKey]) -> CheckedSok:
    """``checked`` with the solutions of every level the open collection holds (by layout)
    filed under that level, so they show where the player looks for them; the others stay
    where the file says."""
    return replace(
        checked,
        levels=tuple(
            replace(item, key=here.get(item.key.fingerprint, item.key)) for item in checked.levels
        ),
    )
