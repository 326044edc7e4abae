"""The progress store: one SQLite file with level records, campaign, settings and the last session.

Every write is one transaction with ``synchronous=FULL``, so a kill at any moment keeps every
earlier save; a write another copy of the game blocks is retried, then kept to be written later.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar, cast

from game.core.files import name_text
from game.core.level import Level
from game.core.problems import Problem, not_written
from game.core.wording import counted
from game.storage import queries
from game.storage.codec import decode, encode, stored_title
from game.storage.connection import StoreConnection
from game.storage.jsondata import (
    DataError,
    JsonValue,
    as_kind_of,
    decode_json,
    encode_json,
)
from game.storage.opening import BUSY_TIMEOUT, memory_connection, open_store, reader_connection
from game.storage.paths import store_path
from game.storage.records import (
    CampaignProgress,
    CollectionInfo,
    LevelRecord,
    SavedGame,
    SolutionOutcome,
    SolvedEvent,
    Totals,
    verified_solution,
)
from game.storage.rows import (
    add_event,
    fetch_record,
    put_campaign,
    put_collection,
    put_record,
    put_setting,
)
from game.storage.verify import settle_unverified

__all__ = ["BUSY_TIMEOUT", "ProgressStore", "add_event", "put_collection", "put_record"]

SettingT = TypeVar("SettingT")



class ProgressStore(StoreConnection):
    """The player's progress, read and written through small typed methods (see
    :class:`StoreConnection` for how every write and read goes). Use it from the thread that
    opened it.
    """

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def open(
        cls, path: Path | None = None, busy_timeout: float = BUSY_TIMEOUT
    ) -> tuple[ProgressStore, str | None]:
        """Open (or create) the store; the message, if any, is one line for the player.

        Without ``path`` the store lives in the data folder (``SOKOBAN_HOME`` overrides it).
        A damaged file is moved aside with a timestamp and a fresh store is created; a store
        that cannot be opened at all is replaced by one in memory for this session.
        """
        target = store_path() if path is None else Path(path)
        opened = open_store(target, busy_timeout)
        store = cls(opened.connection, opened.path, opened.read_only_reason, opened.unavailable)
        return store, opened.message

    @classmethod
    def reader(cls, path: Path) -> ProgressStore:
        """The store at ``path``, open to read only, for a thread of its own (the game's
        store is used from the thread that opened it)."""
        return cls(reader_connection(path), path, "a reader of the store writes nothing")

    @classmethod
    def in_memory(cls) -> ProgressStore:
        """A store that lives only as long as the program (fallback, and handy in tests)."""
        return cls(memory_connection(), None)

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
    ) -> Problem | None:
        """A visit to a level that ended unsolved (left, quit, or another level chosen).

        A visit that ends solved is recorded by :meth:`record_solution` alone; each visit
        is exactly one of the two calls, so ``attempts`` counts visits.
        """
        _check_counts(moves=moves, pushes=pushes, hints=hints, seconds=seconds)
        when = self.clock()
        fingerprint, title = level.fingerprint(), stored_title(level.title)

        def action(connection: sqlite3.Connection) -> None:
            record = fetch_record(connection, collection_id, fingerprint)
            put_record(
                connection,
                record.with_visit(moves, pushes, seconds, hints, solver_used, when, title),
            )

        return not_written(self.write(action, keep=True)[1])

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
        played: tuple[int, int] | None = None,
    ) -> SolutionOutcome:
        """A visit that ended with ``level`` solved by ``lurd``; says what improved.
        ``played``: the moves and pushes the visit added to the counters, when not all of the
        solution's (a resumed game's earlier moves were counted by the visit that made them).

        The solution is replayed first: ValueError if it does not solve the level or if
        ``moves``/``pushes`` do not match it (a caller's mistake, never the player's).
        A solution found with the solver also sets par for the level. If it cannot be written
        now, the outcome's ``error`` says so and ``kept`` is true: it is written later.
        """
        _check_counts(moves=moves, pushes=pushes, hints=hints, seconds=seconds, score=score)
        solution = verified_solution(level, lurd)
        if (moves, pushes) != (solution.moves, solution.pushes):
            raise ValueError(
                f"the solution has {counted(solution.moves, 'move')} and "
                f"{counted(solution.pushes, 'push', 'pushes')}, not {moves} and {pushes}"
            )
        when = self.clock()
        fingerprint, title = level.fingerprint(), stored_title(level.title)

        def action(connection: sqlite3.Connection) -> SolutionOutcome:
            counted_moves, counted_pushes = (moves, pushes) if played is None else played
            record = fetch_record(connection, collection_id, fingerprint).with_visit(
                counted_moves, counted_pushes, seconds, hints, solver_used, when, title
            )
            record, outcome = record.with_solution(solution, score, solver_used, when)
            put_record(connection, record)
            if not solver_used:  # a level the solver showed is not a solve of the player's
                event = SolvedEvent(
                    when, collection_id, fingerprint, title, moves, pushes, score
                )
                add_event(connection, event)
            return outcome

        before = self.pending_writes
        outcome, error = self.write(action, keep=True)
        if outcome is not None:
            return outcome
        return SolutionOutcome(error=error, kept=self.pending_writes > before)

    def set_par(self, collection_id: str, level: Level, moves: int, pushes: int) -> Problem | None:
        """Par for a level where it becomes known (a solver's solution); the lower one is kept."""
        _check_counts(moves=moves, pushes=pushes)
        fingerprint = level.fingerprint()

        def action(connection: sqlite3.Connection) -> None:
            record = fetch_record(connection, collection_id, fingerprint)
            put_record(connection, record.with_par(moves, pushes))

        return not_written(self.write(action, keep=True)[1])

    def level_record(self, collection_id: str, level: Level) -> LevelRecord | None:
        found = queries.records(
            self,
            " WHERE collection_id = ? AND fingerprint = ?",
            (collection_id, level.fingerprint()),
        )
        return found[0] if found else None

    def collection_records(self, collection_id: str) -> dict[str, LevelRecord]:
        """The collection's records by level fingerprint."""
        found = queries.records(self, " WHERE collection_id = ?", (collection_id,))
        return {record.fingerprint: record for record in found}

    def all_records(self) -> list[LevelRecord]:
        return queries.records(self, " ORDER BY collection_id, fingerprint")

    # -- collections, totals and history (see game.storage.queries) ----------------------
    def remember_collection(
        self, collection_id: str, title: str, path: str | Path, levels: Sequence[Level]
    ) -> Problem | None:
        """Note a collection the player opened, with its levels in order, for the statistics;
        imported records kept aside for these levels are checked and merged now."""
        now = self.clock()
        info = CollectionInfo(
            collection_id,
            stored_title(title),
            name_text(path),
            tuple(lvl.fingerprint() for lvl in levels),
            now,
        )

        def action(connection: sqlite3.Connection) -> None:
            put_collection(connection, info)
            settle_unverified(connection, collection_id, levels, now)

        return not_written(self.write(action, keep=True)[1])

    def collections(self) -> list[CollectionInfo]:
        """Every collection announced or played, the most recently opened first."""
        return queries.collections(self)

    def totals(self) -> Totals:
        return queries.totals(self)

    def total_score(self) -> int:
        return queries.total_score(self)

    def solved_history(self) -> list[SolvedEvent]:
        """Every solve in time order, with the total of best scores after each (for charts)."""
        return queries.solved_history(self)

    # -- campaign ------------------------------------------------------------------------
    def campaign(self) -> CampaignProgress:
        return queries.campaign(self)

    def set_campaign(self, position: int, total_score: int) -> Problem | None:
        _check_counts(position=position, total_score=total_score)

        def action(connection: sqlite3.Connection) -> None:
            put_campaign(connection, position, total_score)

        return not_written(self.write(action, keep=True)[1])

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
        checked = as_kind_of(value, default)
        if checked is None:
            self.last_error = f"setting {key!r} has the wrong type; the default is used"
            return default
        return checked

    def set_setting(self, key: str, value: JsonValue) -> Problem | None:
        """Store a JSON value under ``key``; DataError (a ValueError) if it is not plain JSON."""
        text = encode_json(value)
        return not_written(self.write(lambda connection: put_setting(connection, key, text))[1])

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
    def save_session(self, game: SavedGame) -> Problem | None:
        """Remember where the player is, to resume there on the next start."""
        try:
            text = saved_game_text(game)
        except DataError as error:
            return not_written(f"The game cannot be kept: {error}")

        def action(connection: sqlite3.Connection) -> None:
            connection.execute("INSERT OR REPLACE INTO session (id, game) VALUES (1, ?)", (text,))

        return not_written(self.write(action, keep=True)[1])

    def load_session(self) -> SavedGame | None:
        """The last saved session, or None if there is none or it cannot be read (then
        ``session_problem`` says what is wrong with it)."""
        self.session_problem = None
        rows = self.read("SELECT game FROM session WHERE id = 1")
        game = self.saved_game(rows[0][0], "the last game") if rows else None
        if rows and game is None:
            self.session_problem = self.last_error
        return game

    def clear_session(self) -> Problem | None:
        """Forget the session (the player finished or abandoned the game)."""

        def action(connection: sqlite3.Connection) -> None:
            connection.execute("DELETE FROM session")

        return not_written(self.write(action, keep=True)[1])

    def saved_game(self, text: object, where: str) -> SavedGame | None:
        """A saved game from its stored JSON; None (and ``last_error``) if it is not valid."""
        try:
            return decode(SavedGame, decode_json(str(text), where), where)
        except DataError as error:
            self.last_error = str(error)
            return None



def saved_game_text(game: SavedGame) -> str:
    """The JSON a saved game is stored as, once it is sure to read back: DataError saying
    which limit it passes (a history too long, a text too large) instead of a row that the
    next start would skip."""
    text = encode_json(encode(game))
    decode(SavedGame, decode_json(text, "the save"), "the save")
    return text


def _check_counts(**counts: float) -> None:
    for name, value in counts.items():
        if value < 0:
            raise ValueError(f"{name} must not be negative, not {value}")
