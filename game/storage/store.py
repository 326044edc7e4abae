"""The progress store: one SQLite file with level records, campaign, settings and the last session.

Every write is one transaction with ``synchronous=FULL``, so a kill at any moment keeps every
earlier save; a store that cannot be read is moved aside and replaced, never fatal.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TypeVar, cast

from game.core.level import Level
from game.core.notation import NotationError, replay
from game.storage.jsondata import DataError, Fields, JsonValue, decode_json, encode_json
from game.storage.paths import store_path
from game.storage.records import (
    CampaignProgress,
    CollectionInfo,
    LevelRecord,
    SavedGame,
    Solution,
    SolutionOutcome,
    SolvedEvent,
    Totals,
    with_running_totals,
)
from game.storage.schema import SCHEMA_VERSION, is_blank, migrate, schema_version

T = TypeVar("T")
SettingT = TypeVar("SettingT")

BUSY_TIMEOUT = 5.0  # seconds to wait for another copy of the game that is writing
_SQLITE_ERROR = 1  # a statement failed: in a store we did not write, tables are not ours
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_DAMAGED = (_SQLITE_ERROR, _SQLITE_CORRUPT, _SQLITE_NOTADB)

RECORD_COLUMNS = (
    "collection_id",
    "fingerprint",
    "title",
    "solved",
    "best_moves_lurd",
    "best_pushes_lurd",
    "best_score",
    "attempts",
    "seconds",
    "moves_played",
    "pushes_played",
    "hints",
    "solver_used",
    "par_moves",
    "par_pushes",
    "first_solved_at",
    "last_played_at",
)
_SELECT_RECORDS = f"SELECT {', '.join(RECORD_COLUMNS)} FROM level_records"
_PUT_RECORD = (
    f"INSERT OR REPLACE INTO level_records ({', '.join(RECORD_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in RECORD_COLUMNS)})"
)


class _Unreadable(Exception):
    """The file is damaged or not ours: move it aside and start afresh."""


class _Unavailable(Exception):
    """The file cannot be used now (locked, no permission, disk error): leave it alone."""


class ProgressStore:
    """The player's progress, read and written through small typed methods.

    Writes return ``None`` when saved, or a one-line reason when nothing was written (a store
    from a newer version is read-only; a full disk is reported, not raised). Use it from the
    thread that opened it.
    """

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path | None,
        read_only_reason: str | None = None,
    ) -> None:
        self._connection = connection
        self.path = path
        self.read_only_reason = read_only_reason
        self.last_error: str | None = None
        self.clock: Callable[[], float] = time.time

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | None = None) -> tuple[ProgressStore, str | None]:
        """Open (or create) the store; the message, if any, is one line for the player.

        Without ``path`` the store lives in the data folder (``SOKOBAN_HOME`` overrides it).
        A damaged file is moved aside with a timestamp and a fresh store is created; a store
        that cannot be opened at all is replaced by one in memory for this session.
        """
        target = store_path() if path is None else Path(path)
        try:
            return cls._attach(target)
        except _Unavailable as problem:
            return cls._fallback(str(problem))
        except _Unreadable as problem:
            reason = str(problem)
        try:
            moved = _move_aside(target)
        except OSError as error:
            return cls._fallback(
                f"Saved progress is unreadable ({reason}) and could not be moved aside "
                f"({error.strerror or error})"
            )
        try:
            store, _ = cls._attach(target)
        except (_Unavailable, _Unreadable) as problem:
            return cls._fallback(f"A fresh progress store could not be created ({problem})")
        return store, (
            f"Saved progress was unreadable ({reason}); it was moved to {moved.name} "
            "and a fresh one was started."
        )

    @classmethod
    def in_memory(cls) -> ProgressStore:
        """A store that lives only as long as the program (fallback, and handy in tests)."""
        connection = sqlite3.connect(":memory:", isolation_level=None)
        migrate(connection)
        return cls(connection, None)

    @classmethod
    def _fallback(cls, reason: str) -> tuple[ProgressStore, str]:
        return cls.in_memory(), f"{reason}; progress will not be saved this session."

    @classmethod
    def _attach(cls, path: Path) -> tuple[ProgressStore, str | None]:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise _Unavailable(
                f"The data folder {path.parent} cannot be created ({error.strerror or error})"
            ) from None
        connection: sqlite3.Connection | None = None
        try:
            connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
            connection.execute("PRAGMA synchronous = FULL")
            problems = [row[0] for row in connection.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                raise _Unreadable(f"integrity check: {problems[0]}")
            version = schema_version(connection)
            if version > SCHEMA_VERSION:
                connection.execute("PRAGMA query_only = ON")
                reason = (
                    f"Saved progress comes from a newer version of the game (store version "
                    f"{version}, this game knows {SCHEMA_VERSION}); it is shown but not changed."
                )
                return cls(connection, path, reason), reason
            if version == 0 and not is_blank(connection):
                raise _Unreadable("it is another program's database")
            # A rollback journal with full syncs: a commit is on disk before it returns. Set
            # only now, as it would rewrite the header of a newer version's store.
            connection.execute("PRAGMA journal_mode = DELETE")
            migrate(connection)
            return cls(connection, path), None
        except sqlite3.Error as error:
            if connection is not None:
                connection.close()
            code = (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
            if code in _DAMAGED:
                raise _Unreadable(str(error)) from None
            raise _Unavailable(f"Saved progress in {path} cannot be opened ({error})") from None
        except _Unreadable:
            if connection is not None:
                connection.close()
            raise

    @property
    def read_only(self) -> bool:
        return self.read_only_reason is not None

    @property
    def persistent(self) -> bool:
        """False for a store in memory, whose contents end with the program."""
        return self.path is not None

    def close(self) -> None:
        self._connection.close()

    # -- the two doors every method goes through ----------------------------------------
    def write(self, action: Callable[[sqlite3.Connection], T]) -> tuple[T | None, str | None]:
        """Run ``action`` in one write transaction: its value, or None and why nothing changed."""
        if self.read_only_reason is not None:
            return None, self.read_only_reason
        try:
            with self._connection:
                self._connection.execute("BEGIN IMMEDIATE")
                value = action(self._connection)
        except sqlite3.Error as error:
            self.last_error = f"Progress was not saved: {error}"
            return None, self.last_error
        return value, None

    def read(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[object, ...]]:
        """Rows of a query; an empty list (and ``last_error``) if the store cannot be read."""
        try:
            return self._connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            self.last_error = f"Progress could not be read: {error}"
            return []

    # -- level records -------------------------------------------------------------------
    def record_attempt(
        self,
        collection_id: str,
        level: Level,
        *,
        moves: int = 0,
        pushes: int = 0,
        seconds: float = 0.0,
        hints: int = 0,
        solver_used: bool = False,
    ) -> str | None:
        """A visit to a level that ended unsolved (left, quit, or another level chosen).

        A visit that ends solved is recorded by :meth:`record_solution` alone; each visit
        is exactly one of the two calls, so ``attempts`` counts visits.
        """
        _check_counts(moves=moves, pushes=pushes, hints=hints, seconds=seconds)
        when = self.clock()
        fingerprint = level.fingerprint()

        def action(connection: sqlite3.Connection) -> None:
            record = fetch_record(connection, collection_id, fingerprint)
            put_record(
                connection,
                record.with_visit(moves, pushes, seconds, hints, solver_used, when, level.title),
            )

        return self.write(action)[1]

    def record_solution(
        self,
        collection_id: str,
        level: Level,
        lurd: str,
        moves: int,
        pushes: int,
        score: int,
        hints: int = 0,
        solver_used: bool = False,
        seconds: float = 0.0,
    ) -> SolutionOutcome:
        """A visit that ended with ``level`` solved by ``lurd``; says what improved.

        The solution is replayed first: ValueError if it does not solve the level or if
        ``moves``/``pushes`` do not match it (a caller's mistake, never the player's).
        A solution found with the solver also sets par for the level.
        """
        _check_counts(moves=moves, pushes=pushes, hints=hints, seconds=seconds, score=score)
        solution = _verified_solution(level, lurd)
        if (moves, pushes) != (solution.moves, solution.pushes):
            raise ValueError(
                f"the solution has {solution.moves} moves and {solution.pushes} pushes, "
                f"not {moves} and {pushes}"
            )
        when = self.clock()
        fingerprint = level.fingerprint()

        def action(connection: sqlite3.Connection) -> SolutionOutcome:
            record = fetch_record(connection, collection_id, fingerprint).with_visit(
                moves, pushes, seconds, hints, solver_used, when, level.title
            )
            record, outcome = record.with_solution(solution, score, solver_used, when)
            put_record(connection, record)
            add_event(
                connection,
                SolvedEvent(when, collection_id, fingerprint, level.title, moves, pushes, score),
            )
            return outcome

        outcome, error = self.write(action)
        return outcome if outcome is not None else SolutionOutcome(error=error)

    def set_par(self, collection_id: str, level: Level, moves: int, pushes: int) -> str | None:
        """Par for a level where it becomes known (a solver's solution); the lower one is kept."""
        _check_counts(moves=moves, pushes=pushes)
        fingerprint = level.fingerprint()

        def action(connection: sqlite3.Connection) -> None:
            record = fetch_record(connection, collection_id, fingerprint)
            put_record(connection, record.with_par(moves, pushes))

        return self.write(action)[1]

    def level_record(self, collection_id: str, level: Level) -> LevelRecord | None:
        records = self._records(
            " WHERE collection_id = ? AND fingerprint = ?", (collection_id, level.fingerprint())
        )
        return records[0] if records else None

    def collection_records(self, collection_id: str) -> dict[str, LevelRecord]:
        """The collection's records by level fingerprint."""
        records = self._records(" WHERE collection_id = ?", (collection_id,))
        return {record.fingerprint: record for record in records}

    def all_records(self) -> list[LevelRecord]:
        return self._records(" ORDER BY collection_id, fingerprint", ())

    def _records(self, where: str, parameters: Sequence[object]) -> list[LevelRecord]:
        records = []
        for row in self.read(_SELECT_RECORDS + where, parameters):
            try:
                records.append(record_from_row(row))
            except DataError as error:
                self.last_error = str(error)
        return records

    # -- collections, totals and history -------------------------------------------------
    def remember_collection(
        self, collection_id: str, title: str, path: str | Path, levels: Sequence[Level]
    ) -> str | None:
        """Note a collection the player opened, with its levels in order, for the statistics."""
        info = CollectionInfo(
            collection_id,
            title,
            str(path),
            tuple(level.fingerprint() for level in levels),
            opened_at=self.clock(),
        )
        return self.write(lambda connection: put_collection(connection, info))[1]

    def collections(self) -> list[CollectionInfo]:
        """Every collection announced or played, the most recently opened first."""
        announced: dict[str, CollectionInfo] = {}
        for row in self.read(f"SELECT {', '.join(_COLLECTION_KEYS)} FROM collections"):
            where = f"collection {row[0]}"
            try:
                values = dict(zip(_COLLECTION_KEYS, row, strict=True))
                values["levels"] = decode_json(str(values["levels"]), where)
                info = CollectionInfo.read(Fields(values, where))
            except DataError as error:
                self.last_error = str(error)
                continue
            announced[info.collection_id] = info
        records: dict[str, list[LevelRecord]] = {}
        for record in self.all_records():
            records.setdefault(record.collection_id, []).append(record)
        infos = []
        for cid in set(announced) | set(records):
            info = announced.get(cid) or CollectionInfo(cid, cid.partition(":")[2] or cid)
            kept = records.get(cid, [])
            levels = set(info.fingerprints)
            solved = sum(r.solved and (not levels or r.fingerprint in levels) for r in kept)
            infos.append(replace(info, solved=solved, played=len(kept)))
        infos.sort(key=lambda info: (-info.opened_at, info.title))
        return infos

    def totals(self) -> Totals:
        records = self.all_records()
        return Totals(
            levels_solved=sum(record.solved for record in records),
            levels_played=len(records),
            attempts=sum(record.attempts for record in records),
            moves=sum(record.moves_played for record in records),
            pushes=sum(record.pushes_played for record in records),
            seconds=sum(record.seconds for record in records),
            hints=sum(record.hints for record in records),
            score=sum(record.best_score for record in records),
            solver_levels=sum(record.solver_used for record in records),
        )

    def solved_history(self) -> list[SolvedEvent]:
        """Every solve in time order, with the total of best scores after each (for charts)."""
        events = []
        for row in self.read(
            "SELECT solved_at, collection_id, fingerprint, title, moves, pushes, score "
            "FROM solved_events ORDER BY solved_at, id"
        ):
            try:
                events.append(
                    SolvedEvent.read(Fields(dict(zip(_EVENT_KEYS, row, strict=True)), "history"))
                )
            except DataError as error:
                self.last_error = str(error)
        return with_running_totals(events)

    # -- campaign ------------------------------------------------------------------------
    def campaign(self) -> CampaignProgress:
        rows = self.read("SELECT position, total_score FROM campaign WHERE id = 1")
        if rows:
            position, total = rows[0]
            if _is_count(position) and _is_count(total):
                return CampaignProgress(cast(int, position), cast(int, total))
        return CampaignProgress()

    def set_campaign(self, position: int, total_score: int) -> str | None:
        _check_counts(position=position, total_score=total_score)
        return self.write(lambda connection: put_campaign(connection, position, total_score))[1]

    # -- settings ------------------------------------------------------------------------
    def get_setting(self, key: str, default: SettingT) -> SettingT:
        """The stored value if it has the default's type (an int is fine for a float), else
        the default: a hand-edited or older value never reaches the game with a wrong type."""
        rows = self.read("SELECT value FROM settings WHERE key = ?", (key,))
        if not rows:
            return default
        try:
            value = decode_json(str(rows[0][0]), f"setting {key!r}")
        except DataError as error:
            self.last_error = str(error)
            return default
        checked = _as_kind_of(value, default)
        if checked is None:
            self.last_error = f"setting {key!r} has the wrong type; the default is used"
            return default
        return checked

    def set_setting(self, key: str, value: JsonValue) -> str | None:
        """Store a JSON value under ``key``; DataError (a ValueError) if it is not plain JSON."""
        text = encode_json(value)
        return self.write(lambda connection: put_setting(connection, key, text))[1]

    def settings(self) -> dict[str, JsonValue]:
        """Every setting whose value is valid JSON."""
        found: dict[str, JsonValue] = {}
        for key, text in self.read("SELECT key, value FROM settings ORDER BY key"):
            try:
                found[str(key)] = cast(JsonValue, decode_json(str(text), f"setting {key!r}"))
            except DataError as error:
                self.last_error = str(error)
        return found

    # -- the last session ----------------------------------------------------------------
    def save_session(self, game: SavedGame) -> str | None:
        """Remember where the player is, to resume there on the next start."""
        text = encode_json(game.to_json())

        def action(connection: sqlite3.Connection) -> None:
            connection.execute("INSERT OR REPLACE INTO session (id, game) VALUES (1, ?)", (text,))

        return self.write(action)[1]

    def load_session(self) -> SavedGame | None:
        """The last saved session, or None if there is none or it cannot be read."""
        rows = self.read("SELECT game FROM session WHERE id = 1")
        return self.saved_game(rows[0][0], "session") if rows else None

    def clear_session(self) -> str | None:
        """Forget the session (the player finished or abandoned the game)."""
        return self.write(lambda connection: connection.execute("DELETE FROM session"))[1]

    def saved_game(self, text: object, where: str) -> SavedGame | None:
        """A saved game from its stored JSON; None (and ``last_error``) if it is not valid."""
        try:
            return SavedGame.read(Fields(decode_json(str(text), where), where))
        except DataError as error:
            self.last_error = str(error)
            return None


_COLLECTION_KEYS = ("collection_id", "title", "path", "levels", "opened_at")
_EVENT_KEYS = ("solved_at", "collection_id", "fingerprint", "title", "moves", "pushes", "score")


# -- row helpers shared with the slots and transfer modules ---------------------------------
def fetch_record(
    connection: sqlite3.Connection, collection_id: str, fingerprint: str
) -> LevelRecord:
    """The stored record, or an empty one if there is none or it cannot be read."""
    row = connection.execute(
        _SELECT_RECORDS + " WHERE collection_id = ? AND fingerprint = ?",
        (collection_id, fingerprint),
    ).fetchone()
    if row is not None:
        try:
            return record_from_row(row)
        except DataError:
            pass  # an unreadable row is replaced by the fresh result
    return LevelRecord(collection_id, fingerprint)


def put_record(connection: sqlite3.Connection, record: LevelRecord) -> None:
    connection.execute(
        _PUT_RECORD,
        (
            record.collection_id,
            record.fingerprint,
            record.title,
            int(record.solved),
            record.best_moves.lurd if record.best_moves else None,
            record.best_pushes.lurd if record.best_pushes else None,
            record.best_score,
            record.attempts,
            record.seconds,
            record.moves_played,
            record.pushes_played,
            record.hints,
            int(record.solver_used),
            record.par_moves,
            record.par_pushes,
            record.first_solved_at,
            record.last_played_at,
        ),
    )


def record_from_row(row: Sequence[object]) -> LevelRecord:
    """A record from its table row, checked like an imported one; DataError if it is bad."""
    values: dict[str, object] = dict(zip(RECORD_COLUMNS, row, strict=True))
    where = f"level record {values['collection_id']}/{values['fingerprint']}"
    for key in ("solved", "solver_used"):
        if values[key] in (0, 1):
            values[key] = bool(values[key])
    for key in ("best_moves", "best_pushes"):
        lurd = values.pop(f"{key}_lurd")
        if lurd is None:
            values[key] = None
            continue
        try:
            values[key] = Solution.from_lurd(str(lurd)).to_json()
        except NotationError as error:
            raise DataError(f"{where}: {key}: {error}") from None
    return LevelRecord.read(Fields(values, where))


def add_event(connection: sqlite3.Connection, event: SolvedEvent) -> None:
    connection.execute(
        f"INSERT INTO solved_events ({', '.join(_EVENT_KEYS)}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            event.solved_at,
            event.collection_id,
            event.fingerprint,
            event.title,
            event.moves,
            event.pushes,
            event.score,
        ),
    )


def put_collection(connection: sqlite3.Connection, info: CollectionInfo) -> None:
    connection.execute(
        f"INSERT OR REPLACE INTO collections ({', '.join(_COLLECTION_KEYS)}) "
        "VALUES (?, ?, ?, ?, ?)",
        (
            info.collection_id,
            info.title,
            info.path,
            encode_json(list(info.fingerprints)),
            info.opened_at,
        ),
    )


def put_campaign(connection: sqlite3.Connection, position: int, total_score: int) -> None:
    connection.execute(
        "INSERT OR REPLACE INTO campaign (id, position, total_score) VALUES (1, ?, ?)",
        (position, total_score),
    )


def put_setting(connection: sqlite3.Connection, key: str, text: str) -> None:
    connection.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, text))


def _verified_solution(level: Level, lurd: str) -> Solution:
    solution = Solution.from_lurd(lurd)
    result = replay(level, solution.lurd)
    if not result.solved:
        raise ValueError(f"not a solution of the level: {result.reason or 'boxes are left over'}")
    return solution


def _check_counts(**counts: float) -> None:
    for name, value in counts.items():
        if value < 0:
            raise ValueError(f"{name} must not be negative, not {value}")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _as_kind_of(value: object, default: SettingT) -> SettingT | None:
    """``value`` if it has the type of ``default``, else None."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return cast(SettingT, float(value))
        ok = False
    elif default is None:
        ok = True
    else:
        ok = isinstance(value, type(default))
    return cast(SettingT, value) if ok else None


def _move_aside(path: Path) -> Path:
    """Rename a damaged store (and its journal) to ``NAME.unreadable-YYYYmmddTHHMMSSZ``."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    number = 1
    while target.exists():
        target = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
        number += 1
    os.replace(path, target)
    # A leftover journal belongs to the damaged file; SQLite must not apply it to the new one.
    for suffix in ("-journal", "-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            os.replace(companion, target.with_name(target.name + suffix))
    return target
