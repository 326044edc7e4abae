"""Row mapping: the store's records to and from their SQLite rows, inside a caller's transaction.

The store, the save slots and the import all write through these helpers, so a table's columns
are named in one place.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from game.core.notation import NotationError
from game.storage.codec import decode
from game.storage.jsondata import DataError, decode_json, encode_json
from game.storage.records import CollectionInfo, LevelRecord, Solution, SolvedEvent

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
SELECT_RECORDS = f"SELECT {', '.join(RECORD_COLUMNS)} FROM level_records"
_PUT_RECORD = (
    f"INSERT OR REPLACE INTO level_records ({', '.join(RECORD_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in RECORD_COLUMNS)})"
)
COLLECTION_COLUMNS = ("collection_id", "title", "path", "levels", "opened_at")
SELECT_COLLECTIONS = f"SELECT {', '.join(COLLECTION_COLUMNS)} FROM collections"
EVENT_COLUMNS = ("solved_at", "collection_id", "fingerprint", "title", "moves", "pushes", "score")
SELECT_EVENTS = f"SELECT {', '.join(EVENT_COLUMNS)} FROM solved_events"
_ADD_EVENT = (
    f"INSERT INTO solved_events ({', '.join(EVENT_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in EVENT_COLUMNS)})"
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
        try:
            values[key] = None if lurd is None else Solution.from_lurd(str(lurd))
        except NotationError as error:
            raise DataError(f"{where}: {key}: {error}") from None
    return decode(LevelRecord, values, where)


def fetch_record(
    connection: sqlite3.Connection, collection_id: str, fingerprint: str
) -> LevelRecord:
    """The stored record, or an empty one if there is none or it cannot be read."""
    row = connection.execute(
        SELECT_RECORDS + " WHERE collection_id = ? AND fingerprint = ?",
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


def event_from_row(row: Sequence[object]) -> SolvedEvent:
    """A solve from its ``SELECT_EVENTS`` row; DataError if it is bad."""
    return decode(SolvedEvent, dict(zip(EVENT_COLUMNS, row, strict=True)), "history")


def add_event(connection: sqlite3.Connection, event: SolvedEvent) -> None:
    # The columns are named like the event's fields (its running total is never stored).
    connection.execute(_ADD_EVENT, tuple(getattr(event, column) for column in EVENT_COLUMNS))


def collection_from_row(row: Sequence[object]) -> CollectionInfo:
    """A collection from its ``SELECT_COLLECTIONS`` row; DataError if it is bad."""
    where = f"collection {row[0]}"
    values = dict(zip(COLLECTION_COLUMNS, row, strict=True))
    values["levels"] = decode_json(str(values["levels"]), where)
    return decode(CollectionInfo, values, where)


def put_collection(connection: sqlite3.Connection, info: CollectionInfo) -> None:
    connection.execute(
        f"INSERT OR REPLACE INTO collections ({', '.join(COLLECTION_COLUMNS)}) "
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


def put_slot(connection: sqlite3.Connection, name: str, saved_at: float, text: str) -> None:
    connection.execute(
        "INSERT OR REPLACE INTO slots (name, saved_at, game) VALUES (?, ?, ?)",
        (name, saved_at, text),
    )
