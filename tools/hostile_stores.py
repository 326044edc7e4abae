"""The progress stores the hostile run's cases start from: the one the game itself fills, and
copies of it damaged, retyped or locked by another process; and how to read one back.

Used by the case modules of ``tools/hostile_run.py``.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from hostile_kit import STORE, Check, Outcome, solving_script


@dataclass
class Fixture:
    """The store the game itself filled, its export and what ``progress show`` says of it."""

    store: bytes = b""
    export: bytes = b""
    show: str = ""
    records: int = 0
    visits: int = 0
    folder: Path = Path()  # where cases make their scratch copies


FIXTURE = Fixture()


def prepare_store(folder: Path, python: str) -> None:
    """Fill a store by solving campaign level 1 headless; keep it, its export and its summary."""
    home = folder / "home"
    home.mkdir(parents=True)
    (folder / "solve.txt").write_text(solving_script())
    env = {**os.environ, "SOKOBAN_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}

    def game(*argv: str) -> str:
        done = subprocess.run([python, "-m", "game", *argv], env=env, check=True,
                              capture_output=True, text=True)
        return done.stdout

    game("--headless", "--input", str(folder / "solve.txt"))
    game("progress", "export", str(folder / "export.json"))
    FIXTURE.store = (home / "progress.sqlite3").read_bytes()
    FIXTURE.export = (folder / "export.json").read_bytes()
    FIXTURE.show = game("progress", "show")
    FIXTURE.records = store_rows(home / "progress.sqlite3") or 0
    FIXTURE.visits = store_visits(home / "progress.sqlite3")
    FIXTURE.folder = folder
    if FIXTURE.records < 1:
        raise SystemExit("hostile run: the game did not record the solve it was given")


def store_rows(path: Path) -> int | None:
    """Level records in a store file, read without changing it; None if it cannot be read."""
    return store_number(path, "SELECT count(*) FROM level_records")


def store_visits(path: Path) -> int:
    """Visits to levels a store file records (each play, solved or not, is one); 0 if none."""
    return store_number(path, "SELECT total(attempts) FROM level_records") or 0


def store_number(path: Path, query: str) -> int | None:
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        try:
            return int(connection.execute(query).fetchone()[0])
        finally:
            connection.close()
    except (sqlite3.Error, TypeError, ValueError):
        return None


@contextmanager
def scratch_file(folder: Path, data: bytes) -> Iterator[Path]:
    """A file of its own in ``folder`` holding ``data`` (cases are made on several threads)."""
    handle, name = tempfile.mkstemp(dir=folder, suffix=".sqlite3")
    os.close(handle)
    path = Path(name)
    path.write_bytes(data)
    try:
        yield path
    finally:
        for leftover in (path, path.with_name(path.name + "-journal")):
            leftover.unlink(missing_ok=True)


def store_is_sound(data: bytes, folder: Path) -> bool:
    """Whether a store's bytes pass SQLite's full integrity check."""
    with scratch_file(folder, data) as scratch:
        try:
            connection = sqlite3.connect(f"file:{scratch}?mode=ro&immutable=1", uri=True)
            try:
                rows = connection.execute("PRAGMA integrity_check").fetchall()
            finally:
                connection.close()
        except sqlite3.Error:
            return False
    return rows == [("ok",)]


def damaged(data: bytes, rng: random.Random, folder: Path) -> tuple[str, bytes]:
    """A damaged copy of a store: how, and its bytes."""
    kind = rng.choice(("truncate", "empty", "flip", "zero page", "garbage", "header",
                       "index row", "foreign", "text"))
    page = 4096
    if kind == "truncate":
        cut = rng.choice((1, 99, 100, page - 1, page, page + 7, len(data) // 2, len(data) - 1))
        return kind, data[: max(1, min(cut, len(data) - 1))]
    if kind == "empty":
        return kind, b""
    if kind == "flip":
        raw = bytearray(data)
        for _ in range(rng.randint(1, 32)):
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        return kind, bytes(raw)
    if kind == "zero page":
        number = rng.randrange(1, max(2, len(data) // page))
        return kind, data[: number * page] + bytes(page) + data[(number + 1) * page:]
    if kind == "garbage":
        return kind, rng.randbytes(rng.choice((1, 100, 4096, 20000)))
    if kind == "header":
        return kind, data[:16] + rng.randbytes(84) + data[100:]
    if kind == "index row":
        return kind, index_row_missing(data, folder)
    if kind == "foreign":
        return kind, _foreign_database(folder)
    return kind, b"level_records,not a database\n" * rng.randint(1, 100)


def index_row_missing(data: bytes, folder: Path) -> bytes:
    """The store with a level record deleted behind its own index's back (the primary key's
    index, which SQLite needs to know the table, is kept)."""
    with scratch_file(folder, data) as scratch:
        connection = sqlite3.connect(scratch, isolation_level=None)
        rows = connection.execute(
            "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema "
            "WHERE type = 'index' AND tbl_name = 'level_records' AND sql IS NOT NULL"
        ).fetchall()
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute("DELETE FROM sqlite_schema WHERE type = 'index' "
                           "AND tbl_name = 'level_records' AND sql IS NOT NULL")
        connection.close()
        connection = sqlite3.connect(scratch, isolation_level=None)
        connection.execute("DELETE FROM level_records WHERE rowid = "
                           "(SELECT min(rowid) FROM level_records)")
        connection.execute("PRAGMA writable_schema = ON")
        connection.executemany("INSERT INTO sqlite_schema VALUES (?, ?, ?, ?, ?)", rows)
        connection.close()
        return scratch.read_bytes()


def _foreign_database(folder: Path) -> bytes:
    with scratch_file(folder, b"") as scratch:
        connection = sqlite3.connect(scratch)
        connection.execute("CREATE TABLE notes (body TEXT)")
        connection.execute("INSERT INTO notes VALUES ('not the game''s')")
        connection.commit()
        connection.close()
        return scratch.read_bytes()


def wrong_types(data: bytes, rng: random.Random, folder: Path) -> bytes:
    """The store with one stored value of the wrong type (a text where a number belongs, a
    number where text belongs): SQLite keeps whatever it is given."""
    column = rng.choice((
        ("campaign", "position"), ("campaign", "total_score"), ("level_records", "best_score"),
        ("level_records", "attempts"), ("level_records", "solved"), ("level_records", "seconds"),
        ("level_records", "best_moves_lurd"), ("level_records", "par_moves"),
        ("solved_events", "moves"), ("solved_events", "solved_at"), ("collections", "levels"),
        ("collections", "opened_at"), ("settings", "value"),
    ))
    value = rng.choice(("x", "12", "", "[]", "{}", "null", 3, -7, 2.5, 10**18, b"\xff\x00"))
    with scratch_file(folder, data) as scratch:
        connection = sqlite3.connect(scratch, isolation_level=None)
        connection.execute(f"UPDATE {column[0]} SET {column[1]} = ?", (value,))
        connection.close()
        return scratch.read_bytes()


LOCK_HOLDER = """
import sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
connection.execute("BEGIN EXCLUSIVE")
connection.execute("SELECT count(*) FROM sqlite_schema").fetchall()
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
connection.execute("COMMIT")
"""


def crafted_export(rng: random.Random) -> bytes:
    """The fixture's export with one value swapped for a value of another type."""
    data = json.loads(FIXTURE.export)
    values: tuple[object, ...] = (
        0, -1, 1.5, "x", "12", True, None, [], {}, 2**70, "\x1b[2J", [1, "a"],
    )
    holders: list[tuple[dict[str, object] | list[object], str | int]] = []
    pending: list[object] = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            holders.extend((item, key) for key in item if key not in ("format", "version"))
            pending.extend(item.values())
        elif isinstance(item, list):
            holders.extend((item, index) for index in range(len(item)))
            pending.extend(item)
    for _ in range(rng.randint(1, 3)):
        holder, key = rng.choice(holders)
        holder[key] = rng.choice(values)  # type: ignore[index]
    if rng.random() < 0.3:
        data["slots"] = {"s": {"saved_at": rng.choice(values), "collection_id": "campaign"}}
    if rng.random() < 0.3:
        data["campaign"] = {"position": rng.choice(values), "total_score": rng.choice(values)}
    return json.dumps(data).encode()


def store_kept(records: int) -> Check:
    """The store still holds at least ``records`` level records, or was set aside whole."""

    def check(outcome: Outcome) -> str | None:
        found = store_rows(outcome.box / STORE)
        if found is not None and found >= records:
            return None
        if any(".unreadable-" in path for path in outcome.changed):
            return None
        return "progress lost"

    return check
