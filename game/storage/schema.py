"""The progress store's SQLite schema and the migrations that build it step by step.

The schema version is SQLite's ``user_version``; migration N brings a store from N-1 to N.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from game.storage.jsondata import DataError, decode_json, encode_json
from game.storage.library import (
    INDEXED_LIBRARY,
    SOLUTIONS_BY_PLACE,
    SOLUTIONS_TABLE,
    migrate_best_solutions,
)
from game.storage.saved import SavedGame

# A step of a migration: an SQL statement, or a function for what SQL cannot say.
Step = str | Callable[[sqlite3.Connection], None]


def _saved_games_by_level(connection: sqlite3.Connection) -> None:
    """Saved games (the last session and the named saves) keyed by the level's typed identity
    instead of a collection id, path and index; an unreadable one is left for the reader to
    report."""
    for table, key in (("session", "id"), ("slots", "name")):
        rows = connection.execute(f"SELECT {key}, game FROM {table}").fetchall()
        for row_key, text in rows:
            try:
                data = decode_json(str(text))
            except DataError:
                continue
            if isinstance(data, dict):
                upgraded = SavedGame.upgraded_json(data)
                if upgraded is not data:
                    connection.execute(
                        f"UPDATE {table} SET game = ? WHERE {key} = ?",
                        (encode_json(upgraded), row_key),
                    )


# Each migration is a list of steps run in one transaction with the version bump.
# Never edit a migration that has shipped: add a new one.
MIGRATIONS: tuple[tuple[Step, ...], ...] = (
    (
        """CREATE TABLE level_records (
            collection_id TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            solved INTEGER NOT NULL DEFAULT 0,
            best_moves_lurd TEXT,
            best_pushes_lurd TEXT,
            best_score INTEGER NOT NULL DEFAULT 0,
            attempts INTEGER NOT NULL DEFAULT 0,
            seconds REAL NOT NULL DEFAULT 0,
            moves_played INTEGER NOT NULL DEFAULT 0,
            pushes_played INTEGER NOT NULL DEFAULT 0,
            hints INTEGER NOT NULL DEFAULT 0,
            solver_used INTEGER NOT NULL DEFAULT 0,
            par_moves INTEGER,
            par_pushes INTEGER,
            first_solved_at REAL,
            last_played_at REAL,
            PRIMARY KEY (collection_id, fingerprint)
        )""",
        """CREATE TABLE solved_events (
            id INTEGER PRIMARY KEY,
            solved_at REAL NOT NULL,
            collection_id TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            moves INTEGER NOT NULL,
            pushes INTEGER NOT NULL,
            score INTEGER NOT NULL
        )""",
        """CREATE TABLE collections (
            collection_id TEXT PRIMARY KEY,
            title TEXT NOT NULL DEFAULT '',
            path TEXT NOT NULL DEFAULT '',
            levels TEXT NOT NULL DEFAULT '[]',  -- JSON: the level fingerprints in order
            opened_at REAL NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE campaign (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            position INTEGER NOT NULL,
            total_score INTEGER NOT NULL
        )""",
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE session (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            game TEXT NOT NULL
        )""",
        "CREATE TABLE slots (name TEXT PRIMARY KEY, saved_at REAL NOT NULL, game TEXT NOT NULL)",
    ),
    (
        # The score-over-time chart reads the history in time order.
        "CREATE INDEX solved_events_by_time ON solved_events (solved_at)",
    ),
    (
        # Imported records whose level was not at hand: checked when their collection opens.
        """CREATE TABLE unverified_records (
            collection_id TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            record TEXT NOT NULL,  -- JSON: the imported level record
            PRIMARY KEY (collection_id, fingerprint)
        )""",
        # The per-collection counts read this index alone, not every record.
        "CREATE INDEX level_records_solved ON level_records (collection_id, solved, fingerprint)",
    ),
    (_saved_games_by_level,),
    # The solution library; the best solutions kept so far become its first entries.
    (SOLUTIONS_TABLE, SOLUTIONS_BY_PLACE, migrate_best_solutions),
    # Entries numbered, and a level's fewest pushes found, from indexes at any library size.
    INDEXED_LIBRARY,
)

SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(connection: sqlite3.Connection) -> int:
    version: int = connection.execute("PRAGMA user_version").fetchone()[0]
    return version


def is_blank(connection: sqlite3.Connection) -> bool:
    """True for a database with no tables at all (a new or empty file)."""
    row = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()
    return bool(row[0] == 0)


def migrate(connection: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Apply the migrations after the store's version up to ``target``; return the new version.

    Each step is its own transaction with its version bump, so a kill between steps leaves a
    store at a valid earlier version that the next start continues from.
    """
    while True:
        with connection:
            # The version is read inside the write lock: another copy may have migrated meanwhile.
            connection.execute("BEGIN IMMEDIATE")
            version = schema_version(connection)
            if version >= target:
                return version
            for step in MIGRATIONS[version]:
                if isinstance(step, str):
                    connection.execute(step)
                else:
                    step(connection)
            connection.execute(f"PRAGMA user_version = {version + 1:d}")
