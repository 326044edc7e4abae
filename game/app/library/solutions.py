"""The solution library as the game uses it: solutions replayed on their level and filed, a
level's entries with their fit and best marks, and solutions imported from text or a file.

Nothing here knows pygame; replaying long imports runs as a background job (see the screen).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from operator import attrgetter
from pathlib import Path

from game.app.filing import (
    SolutionRefused,
    checked_solution,
    new_entry,
)
from game.app.unwritten import unwritten
from game.core.collection import inside_comment_blocks
from game.core.errors import LevelError, printable
from game.core.files import read_regular_file, without_byte_order_mark
from game.core.level import Level
from game.core.metrics import MetricOrder, SolutionMetrics
from game.core.solution_sections import solution_sections
from game.core.wording import counted
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LevelKey, LibraryEntry, Origin

MAX_IMPORT_BYTES = 20 * 2**20


# -- a level's entries as the screen shows them ----------------------------------------------
@dataclass(frozen=True)
class ShownEntry:
    """An entry with its metrics on the level as it is now; ``metrics`` is None for one that
    does not fit the level any more (the level file changed since it was kept)."""

    entry: LibraryEntry
    metrics: SolutionMetrics | None
    best_moves: bool = False
    best_pushes: bool = False

    @property
    def fits(self) -> bool:
        return self.metrics is not None


@dataclass(frozen=True)
class ReadEntries:
    """A level's entries as read (see :func:`read_entries`), the metrics counted on the way
    that the store does not keep yet, and the store's last failure to read (None: none since
    its caller cleared it)."""

    shown: list[ShownEntry]
    measured: list[tuple[LibraryEntry, SolutionMetrics]]
    error: str | None = None


def read_entries(
    library: SolutionLibrary,
    key: LevelKey,
    level: Level,
    cancelled: Callable[[], bool] = lambda: False,
) -> ReadEntries | None:
    """The level's entries, each checked on the level as it is now, with the best by moves and
    the best by pushes marked (ties broken by the secondary metrics, then the earlier entry);
    None when ``cancelled`` (asked between entries).

    An entry of this layout already measured is trusted (it was replayed when filed); others
    are replayed now, and those that fit their own layout are in ``measured``, for the store
    to keep (:func:`remember_measured`). Nothing is written: a reader in a thread may call it.
    """
    shown = []
    measured = []
    entries = library.entries(key, cancelled)
    if cancelled():
        return None
    for count, entry in enumerate(entries):
        if count % 1000 == 999 and cancelled():
            return None
        metrics = entry.metrics if entry.fingerprint == key.fingerprint else None
        if metrics is None:
            try:
                metrics = checked_solution(level, entry.lurd)[1]
            except SolutionRefused:
                metrics = None
            if metrics is not None and entry.fingerprint == key.fingerprint:
                measured.append((entry, metrics))
        shown.append(ShownEntry(entry, metrics))
    return ReadEntries(best_marked(shown), measured, library.store.read_error)


def remember_measured(library: SolutionLibrary, read: ReadEntries) -> None:
    """Keep the metrics ``read`` counted, in one write (a store open to read only keeps none:
    a newer version's, or a reader in a thread)."""
    if not library.store.read_only:
        unwritten("The solutions' metrics", library.remember_metrics(read.measured))


def shown_entries(library: SolutionLibrary, key: LevelKey, level: Level) -> list[ShownEntry]:
    """The level's entries as :func:`read_entries` gives them, their new metrics kept."""
    read = read_entries(library, key, level)
    assert read is not None  # nothing cancels it
    remember_measured(library, read)
    return read.shown


def best_marked(shown: list[ShownEntry]) -> list[ShownEntry]:
    """``shown`` with the best by moves and the best by pushes among the fitting entries
    marked: the metric orders' keys decide, then the lower number."""
    best = {order: best_in(shown, order) for order in (MetricOrder.MOVES, MetricOrder.PUSHES)}
    return [
        ShownEntry(
            item.entry,
            item.metrics,
            best_moves=item is best[MetricOrder.MOVES],
            best_pushes=item is best[MetricOrder.PUSHES],
        )
        for item in shown
    ]


# -- importing -------------------------------------------------------------------------------
def section_moves(text: str) -> list[str]:
    """The moves of each ``Solution`` section in ``text`` (a level file's or pasted), read as a
    .sok file's sections are (game.core.solution_sections), outside comment blocks."""
    lines = text.splitlines()
    sections = solution_sections(lines, inside_comment_blocks(lines))
    return ["".join(section.moves.split()) for section in sections]


def solution_texts(text: str) -> list[str]:
    """The solutions of pasted text: its ``Solution`` lines, or else the whole text as one."""
    return section_moves(text) or ([text] if text.strip() else [])


def file_solution_texts(path: str) -> list[str]:
    """The solutions of a file's ``Solution`` lines; LevelError saying why there are none."""
    if not path.strip():
        raise LevelError("type the path of a file with Solution lines")
    file = Path(path.strip().strip('"')).expanduser()
    data = read_regular_file(file, MAX_IMPORT_BYTES, "solution file")
    found = section_moves(without_byte_order_mark(data.decode("utf-8", errors="replace")))
    if not found:
        raise LevelError(f"{printable(file.name)} has no Solution lines")
    return found


@dataclass(frozen=True)
class Checked:
    """One imported solution after its replay: its LURD and metrics, or why it was refused."""

    number: int  # its place among the solutions imported together, from 1
    lurd: str = ""
    metrics: SolutionMetrics | None = None
    refused: str = ""


def check_imports(
    level: Level,
    texts: Sequence[str],
    cancelled: Callable[[], bool] = lambda: False,
    progress: Callable[[str], None] = lambda line: None,
) -> list[Checked]:
    """Replay each imported solution on ``level`` (pure work: it runs off the game loop),
    saying how far it has come in whole percents (so a screen showing it changes at most a
    hundred times); ``cancelled`` stops it between two solutions."""
    checked: list[Checked] = []
    told = -1
    for number, text in enumerate(texts, start=1):
        if cancelled():
            break
        share = 100 * (number - 1) // len(texts)
        if share != told:
            told = share
            progress(f"Replaying {counted(len(texts), 'solution')}: {share}% (Esc stops)")
        try:
            lurd, metrics = checked_solution(level, text)
        except SolutionRefused as error:
            checked.append(Checked(number, refused=str(error)))
        else:
            checked.append(Checked(number, lurd, metrics))
    return checked


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the numbers of the new entries, of solutions already kept, and why
    each refused one was refused."""

    added: tuple[int, ...] = ()
    known: tuple[int, ...] = ()
    refused: tuple[str, ...] = ()
    error: str | None = None

    def describe(self) -> str:
        """One line for the player (the first refusal is named; the rest are counted)."""
        if self.error is not None:
            return self.error
        parts = []
        if self.added:
            numbers = ", ".join(f"#{number}" for number in self.added)
            if len(self.added) > 4:  # numbered in a row, as they were filed together
                numbers = f"#{self.added[0]} to #{self.added[-1]}"
            parts.append(f"Added {counted(len(self.added), 'solution')} ({numbers})")
        if self.known:
            parts.append(f"{counted(len(self.known), 'solution')} already kept")
        if self.refused:
            more = len(self.refused) - 1
            parts.append(self.refused[0] + (f" (and {more} more refused)" if more else ""))
        return ". ".join(parts) + "." if parts else "No solution to import."


def file_imports(
    library: SolutionLibrary, key: LevelKey, checked: Sequence[Checked], when: float
) -> ImportReport:
    """File the checked imports that solve the level as imported entries, in one write."""
    refused = tuple(
        f"Solution {item.number}: {item.refused}" for item in checked if item.metrics is None
    )
    entries = [
        new_entry(key, item.lurd, item.metrics, Origin.IMPORTED, when)
        for item in checked
        if item.metrics is not None
    ]
    results, error = library.add_all(entries)
    if error is not None:
        return ImportReport(refused=refused, error=f"Nothing imported: {error}")
    added = tuple(result.number for result in results if result.new and result.number)
    known = tuple(result.number for result in results if not result.new and result.number)
    return ImportReport(added, known, refused)


# -- sorting ---------------------------------------------------------------------------------
class Column(Enum):
    """A column of the Solutions screen's table, by which it may be sorted."""

    NUMBER = "number"
    MOVES = "moves"
    PUSHES = "pushes"
    BOX_LINES = "box-lines"
    BOX_CHANGES = "box-changes"
    SESSIONS = "sessions"
    PLAYER_LINES = "player-lines"
    DATE = "date"
    ORIGIN = "origin"


# The columns whose own metric order ranks them (the others break ties by the primary order).
_COLUMN_ORDERS = {
    Column.MOVES: MetricOrder.MOVES,
    Column.PUSHES: MetricOrder.PUSHES,
    Column.BOX_LINES: MetricOrder.BOX_LINES,
    Column.BOX_CHANGES: MetricOrder.BOX_CHANGES,
}


def sorted_entries(
    shown: Sequence[ShownEntry], column: Column, descending: bool, primary: MetricOrder
) -> list[ShownEntry]:
    """``shown`` sorted by ``column``: by number, date or origin (then number), or by a metric
    (then the rest in the order the column's metric ranks by, or else the ``primary`` order's,
    then number); sorted by a metric, entries that no longer fit the level come last, by
    number."""
    if column is Column.NUMBER:
        return sorted(shown, key=lambda item: item.entry.number, reverse=descending)
    if column is Column.DATE:
        return sorted(
            shown, key=lambda item: (item.entry.added_at, item.entry.number), reverse=descending
        )
    if column is Column.ORIGIN:
        return sorted(
            shown,
            key=lambda item: (item.entry.origin_text(), item.entry.number),
            reverse=descending,
        )
    order = _COLUMN_ORDERS.get(column, primary)
    first = {Column.SESSIONS: ("pushing_sessions",), Column.PLAYER_LINES: ("player_lines",)}
    fields = (*first.get(column, ()), *order.fields)
    fitting = [item for item in shown if item.metrics is not None]
    unfit = [item for item in shown if item.metrics is None]
    return sorted(fitting, key=_ranking(fields), reverse=descending) + unfit


def _ranking(fields: Sequence[str]) -> Callable[[ShownEntry], tuple[int, ...]]:
    """The key of a fitting entry: its metrics named ``fields``, then its number (built in C:
    100,000 entries are sorted in the loop)."""
    return attrgetter(*(f"metrics.{name}" for name in fields), "entry.number")


def best_in(shown: Sequence[ShownEntry], order: MetricOrder) -> ShownEntry | None:
    """The best fitting entry under ``order`` (the lower number on a tie); None if none fits."""
    fitting = [item for item in shown if item.metrics is not None]
    if not fitting:
        return None
    return min(fitting, key=_ranking(order.fields))
