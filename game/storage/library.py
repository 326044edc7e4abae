"""The solution library: every distinct solution of a level, kept with its origin and metrics.

Entries live in the ``solutions`` table; they are never scored. Each level numbers its own
entries (#1, #2, ...) for good, so "optimized from #2" keeps meaning the same one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from game.core.level import Level
from game.core.metrics import SolutionMetrics, measure
from game.core.notation import in_true_case
from game.core.problems import Problem, not_deleted, not_written
from game.storage.codec import decode
from game.storage.connection import StoreConnection
from game.storage.jsondata import DataError
from game.storage.library_entry import MAX_LIBRARY_MOVES, LevelKey, LibraryEntry, Origin

_COLUMNS = (
    "collection_id",
    "fingerprint",
    "lurd",
    "origin",
    "number",
    "place",
    "source",
    "added_at",
    "box_lines",
    "box_changes",
    "pushing_sessions",
    "id",
)
_SELECT = f"SELECT {', '.join(_COLUMNS)} FROM solutions"
# What a new entry is written with: its columns but the id, and its moves and pushes (counted
# from its LURD, kept so that the best by pushes is read from an index).
_STORED_COLUMNS = (*_COLUMNS[:-1], "moves", "pushes")
# The entries of a level: those filed under its layout, and those filed under its place in the
# collection with another layout (the level file changed since; they may no longer fit).
_OF_LEVEL = " WHERE collection_id = ? AND (fingerprint = ? OR (place IS NOT NULL AND place = ?))"
# The highest number among the level's entries, as two lookups of an index each (one query with
# the OR above reads every row of the level).
_HIGHEST_NUMBER = (
    "SELECT max("
    "coalesce((SELECT max(number) FROM solutions WHERE collection_id = ?1 AND fingerprint = ?2),"
    " 0), "
    "coalesce((SELECT max(number) FROM solutions WHERE collection_id = ?1 AND place = ?3), 0))"
)


def _entry_from_row(row: Sequence[object]) -> LibraryEntry:
    values = dict(zip(_COLUMNS, row, strict=True))
    entry_id = values.pop("id")
    metrics = {key: values.pop(key) for key in ("box_lines", "box_changes", "pushing_sessions")}
    entry = decode(LibraryEntry, values, f"library entry {entry_id}")
    counts = [value if type(value) is int else None for value in metrics.values()]
    return replace(
        entry,
        entry_id=int(str(entry_id)),
        box_lines=counts[0],
        box_changes=counts[1],
        pushing_sessions=counts[2],
    )


def entries_of(
    store: StoreConnection, key: LevelKey, cancelled: Callable[[], bool] = lambda: False
) -> list[LibraryEntry]:
    """The level's entries by number; unreadable rows are left out (``last_error`` says so).
    ``cancelled`` is asked every thousand rows (a reader in a thread is dropped when its screen
    is left): once it says so, the rest are left out too."""
    rows = store.read(_SELECT + _OF_LEVEL + " ORDER BY number, id", _level_parameters(key))
    return _decoded(store, rows, cancelled)


@dataclass(frozen=True)
class EntryCounts:
    """An entry's layout, number, moves and pushes: what a survey of a whole collection needs,
    read without the solution itself."""

    fingerprint: str
    number: int
    moves: int
    pushes: int


# Pushes are the uppercase letters: the length less that of the solution without them.
_PUSHES_SQL = (
    "length(lurd) - length(replace(replace(replace(replace(lurd, 'L', ''), 'U', ''), 'R', ''),"
    " 'D', ''))"
)


def collection_counts(store: StoreConnection, collection_id: str) -> list[EntryCounts]:
    """The counts of every entry filed under the collection, in one query (rows that do not
    read as counts are left out)."""
    rows = store.read(
        f"SELECT fingerprint, number, length(lurd), {_PUSHES_SQL} FROM solutions"
        " WHERE collection_id = ?",
        (collection_id,),
    )
    return [
        EntryCounts(fingerprint, number, moves, pushes)
        for fingerprint, number, moves, pushes in rows
        if isinstance(fingerprint, str)
        and isinstance(number, int)
        and isinstance(moves, int)
        and isinstance(pushes, int)
    ]


# A level layout's entries by pushes then moves, or by moves then pushes (the index holds
# pushes and moves; equals in filing order), read a page at a time.
_BY_PUSHES = (
    _SELECT
    + " WHERE collection_id = ? AND fingerprint = ? ORDER BY pushes, moves, id LIMIT ? OFFSET ?"
)
_BY_MOVES = (
    _SELECT
    + " WHERE collection_id = ? AND fingerprint = ? ORDER BY moves, pushes, id LIMIT ? OFFSET ?"
)
_PAGE = 64


def fewest_pushes(store: StoreConnection, key: LevelKey, level: Level) -> str | None:
    """A solution of ``level`` (the layout of ``key``) with the fewest pushes in its library,
    then the fewest moves, or None: entries are read in that order a page at a time, and the
    first that solves it is taken (one measured when filed was replayed then; one imported while
    its level was not at hand is replayed now), so a level's start reads a few rows, not all."""
    return _first_solving(store, _BY_PUSHES, key, level)


def fewest_moves(store: StoreConnection, key: LevelKey, level: Level) -> str | None:
    """As :func:`fewest_pushes`, with the fewest moves first, then the fewest pushes."""
    return _first_solving(store, _BY_MOVES, key, level)


def _first_solving(store: StoreConnection, query: str, key: LevelKey, level: Level) -> str | None:
    parameters = (key.collection_id, key.fingerprint)
    offset = 0
    while rows := store.read(query, (*parameters, _PAGE, offset)):
        for entry in _decoded(store, rows):
            if entry.metrics is not None:
                return entry.lurd
            lurd, replayed = in_true_case(level, entry.lurd, MAX_LIBRARY_MOVES)
            if replayed.solved:
                return lurd
        offset += len(rows)
    return None


def all_entries(store: StoreConnection) -> list[LibraryEntry]:
    """Every readable entry (for export)."""
    rows = store.read(_SELECT + " ORDER BY collection_id, fingerprint, number, id")
    return _decoded(store, rows)


def _decoded(
    store: StoreConnection,
    rows: Iterable[Sequence[object]],
    cancelled: Callable[[], bool] = lambda: False,
) -> list[LibraryEntry]:
    found = []
    for count, row in enumerate(rows):
        if count % 1000 == 999 and cancelled():
            break
        try:
            found.append(_entry_from_row(row))
        except (DataError, ValueError) as error:
            store.last_error = str(error)
    return found


def _level_parameters(key: LevelKey) -> tuple[object, ...]:
    return (key.collection_id, key.fingerprint, key.place)


def add_entry(
    connection: sqlite3.Connection,
    entry: LibraryEntry,
    columns: Sequence[str] = _STORED_COLUMNS,
) -> tuple[int, bool]:
    """File ``entry`` (its number and id are given here) inside the caller's transaction,
    writing ``columns`` (a schema step writes those its table had then).

    A solution already in the level's library is not added twice: (its number, False).
    Otherwise (the new number, True). Both lookups read an index, never the level's rows, so
    filing N entries costs N times one filing at any size of the library.
    """
    row = connection.execute(
        "SELECT number FROM solutions WHERE collection_id = ? AND fingerprint = ? AND lurd = ?",
        (entry.collection_id, entry.fingerprint, entry.lurd),
    ).fetchone()
    if row is not None:
        return int(row[0]), False
    (highest,) = connection.execute(_HIGHEST_NUMBER, _level_parameters(
        LevelKey(entry.collection_id, entry.fingerprint, entry.place)
    )).fetchone()
    number = int(highest) + 1
    stored = {
        "collection_id": entry.collection_id,
        "fingerprint": entry.fingerprint,
        "lurd": entry.lurd,
        "origin": entry.origin.value,
        "number": number,
        "place": entry.place,
        "source": entry.source,
        "added_at": entry.added_at,
        "box_lines": entry.box_lines,
        "box_changes": entry.box_changes,
        "pushing_sessions": entry.pushing_sessions,
        "moves": entry.moves,
        "pushes": entry.pushes,
    }
    connection.execute(
        f"INSERT INTO solutions ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
        [stored[column] for column in columns],
    )
    return number, True


def import_entries(connection: sqlite3.Connection, entries: Iterable[LibraryEntry]) -> int:
    """Add imported entries inside the caller's transaction; how many were new. Each is
    numbered afresh here, and "optimized from #N" follows its source to its new number."""
    added = 0
    renumbered: dict[tuple[str, str, int], int] = {}
    for entry in sorted(entries, key=lambda e: (e.collection_id, e.fingerprint, e.number)):
        level = (entry.collection_id, entry.fingerprint)
        source = None if entry.source is None else renumbered.get((*level, entry.source))
        number, new = add_entry(connection, replace(entry, source=source))
        renumbered[(*level, entry.number)] = number
        added += new
    return added


def verified_entries(
    entries: Sequence[LibraryEntry], levels: dict[str, dict[str, Level]]
) -> tuple[list[LibraryEntry], int]:
    """Imported entries held against their levels (collection id -> fingerprint -> level), and
    how many were left out: one whose level is at hand is kept only if it solves it, with its
    letters' case made true (as the in-game import does) and measured on it; one whose level
    is not at hand is kept unmeasured, to be checked when its level is shown."""
    kept = []
    for entry in entries:
        level = levels.get(entry.collection_id, {}).get(entry.fingerprint)
        if level is None:
            kept.append(entry)
            continue
        lurd, replayed = in_true_case(level, entry.lurd, MAX_LIBRARY_MOVES)
        if replayed.solved:
            kept.append(replace(entry, lurd=lurd).measured(measure(level, lurd)))
    return kept, len(entries) - len(kept)


@dataclass(frozen=True)
class Added:
    """What adding a solution did: its number in the level's library, and whether it is new;
    or why nothing was written."""

    number: int | None = None
    new: bool = False
    error: str | None = None


class SolutionLibrary:
    """Read, add, measure and delete library entries in a progress store."""

    def __init__(self, store: StoreConnection) -> None:
        self.store = store

    def entries(
        self, key: LevelKey, cancelled: Callable[[], bool] = lambda: False
    ) -> list[LibraryEntry]:
        return entries_of(self.store, key, cancelled)

    def collection_counts(self, collection_id: str) -> list[EntryCounts]:
        return collection_counts(self.store, collection_id)

    def fewest_pushes(self, key: LevelKey, level: Level) -> str | None:
        return fewest_pushes(self.store, key, level)

    def fewest_moves(self, key: LevelKey, level: Level) -> str | None:
        return fewest_moves(self.store, key, level)

    def add(self, entry: LibraryEntry, keep: bool = True) -> Added:
        """File a solution already replayed on its level (see game.app.library.solutions); with
        ``keep`` a write that cannot be made now is kept and made later."""
        found, error = self.store.write(lambda connection: add_entry(connection, entry), keep)
        if found is None:
            return Added(error=error)
        return Added(*found)

    def add_all(self, entries: Sequence[LibraryEntry]) -> tuple[list[Added], str | None]:
        """File several solutions in one transaction: what each did, or why none was filed."""

        def action(connection: sqlite3.Connection) -> list[Added]:
            return [Added(*add_entry(connection, entry)) for entry in entries]

        found, error = self.store.write(action)
        return (found or []), error

    def remember_metrics(
        self, measured: Sequence[tuple[LibraryEntry, SolutionMetrics]]
    ) -> Problem | None:
        """Keep the metrics counted for entries that had none, in one write; None, or why not."""

        def action(connection: sqlite3.Connection) -> None:
            connection.executemany(
                "UPDATE solutions SET box_lines = ?, box_changes = ?, pushing_sessions = ? "
                "WHERE id = ?",
                [
                    (found.box_lines, found.box_changes, found.pushing_sessions, entry.entry_id)
                    for entry, found in measured
                ],
            )

        return not_written(self.store.write(action)[1]) if measured else None

    def delete(self, entry: LibraryEntry) -> Problem | None:
        """Delete one entry for good; None, or why not."""

        def action(connection: sqlite3.Connection) -> None:
            connection.execute("DELETE FROM solutions WHERE id = ?", (entry.entry_id,))

        return not_deleted(not_written(self.store.write(action)[1]))


def migrate_best_solutions(connection: sqlite3.Connection) -> None:
    """Schema step: each record's best-by-moves and best-by-pushes solution becomes a player's
    entry of its level's library (metrics are counted when the level is next at hand)."""
    rows = connection.execute(
        "SELECT collection_id, fingerprint, best_moves_lurd, best_pushes_lurd, "
        "coalesce(first_solved_at, 0) FROM level_records"
    ).fetchall()
    for collection_id, fingerprint, *solutions, when in rows:
        for lurd in solutions:
            try:
                entry = decode(
                    LibraryEntry,
                    {
                        "collection_id": collection_id,
                        "fingerprint": fingerprint,
                        "lurd": lurd,
                        "origin": Origin.PLAYER.value,
                        "added_at": when,
                    },
                    "level record",
                )
            except DataError:
                continue  # no solution, or one that is not LURD: nothing to keep
            add_entry(connection, entry, _COLUMNS[:-1])  # the table as this step made it


SOLUTIONS_TABLE = """CREATE TABLE solutions (
    id INTEGER PRIMARY KEY,
    collection_id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    place INTEGER,  -- the level's number in its collection, NULL for a level kept as text
    number INTEGER NOT NULL,  -- the entry's number among its level's entries (#N)
    lurd TEXT NOT NULL,
    origin TEXT NOT NULL,  -- player, solver, imported, optimized, reverse
    source INTEGER,  -- optimized: the number of the entry it was optimized from
    added_at REAL NOT NULL,
    box_lines INTEGER,  -- NULL until measured on the level
    box_changes INTEGER,
    pushing_sessions INTEGER,
    UNIQUE (collection_id, fingerprint, lurd)
)"""
SOLUTIONS_BY_PLACE = "CREATE INDEX solutions_by_place ON solutions (collection_id, place)"
# The library at size: a new entry's number and a level's fewest pushes are read from indexes.
INDEXED_LIBRARY: tuple[str, ...] = (
    "ALTER TABLE solutions ADD COLUMN moves INTEGER",
    "ALTER TABLE solutions ADD COLUMN pushes INTEGER",
    f"UPDATE solutions SET moves = length(lurd), pushes = {_PUSHES_SQL}",
    "DROP INDEX solutions_by_place",
    "CREATE INDEX solutions_by_place ON solutions (collection_id, place, number)",
    "CREATE INDEX solutions_by_layout ON solutions (collection_id, fingerprint, number)",
    "CREATE INDEX solutions_by_pushes ON solutions (collection_id, fingerprint, pushes, moves)",
)
