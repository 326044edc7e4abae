"""Opening the store's file and recovering: a damaged file moved aside, a newer one read-only.

A store that cannot be opened at all becomes one in memory for the session, with a note saying so;
every note is one line for the player.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import printable
from game.core.wording import counted
from game.storage.jsondata import one_line
from game.storage.schema import SCHEMA_VERSION, is_blank, migrate, schema_version

BUSY_TIMEOUT = 5.0  # seconds to wait for another copy of the game that is writing
# Up to this size the full integrity check runs (indexes against their tables too: a row missing
# from an index is found); it reads every row, about 2 s for 40 MB, so bigger stores get
# quick_check, which finds damaged pages and records at a quarter of the time.
FULL_CHECK_BYTES = 8 * 2**20
_SQLITE_ERROR = 1  # a statement failed: in a store we did not write, tables are not ours
_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_DAMAGED = (_SQLITE_ERROR, _SQLITE_CORRUPT, _SQLITE_NOTADB)
SQLITE_HEADER_BYTES = 100  # every SQLite database file begins with a header this long


@dataclass(frozen=True)
class Opened:
    """An open connection; ``path`` is None for a store in memory."""

    connection: sqlite3.Connection
    path: Path | None
    read_only_reason: str | None = None
    message: str | None = None
    unavailable: str | None = None  # why the store is in memory instead of its file


class _Unreadable(Exception):
    """The file is damaged or not ours: move it aside and start afresh."""


class _Unavailable(Exception):
    """The file cannot be used now (locked, no permission, disk error): leave it alone."""


def open_store(target: Path, busy_timeout: float = BUSY_TIMEOUT) -> Opened:
    """Open (or create) the store at ``target``, recovering as the module says."""
    try:
        return _created_and_attached(target, busy_timeout)
    except _Unavailable as problem:
        return _fallback(str(problem))
    except _Unreadable as problem:
        reason = str(problem)
    try:
        moved = _move_aside(target)
    except OSError as error:
        return _fallback(
            f"Saved progress is unreadable ({reason}) and could not be moved aside "
            f"({error.strerror or error})"
        )
    try:
        opened = _created_and_attached(target, busy_timeout)
    except (_Unavailable, _Unreadable) as problem:
        return _fallback(f"A fresh progress store could not be created ({problem})")
    message = (
        f"Saved progress was unreadable ({reason}); it was moved to {moved.name} "
        "and a fresh one was started."
    )
    return Opened(opened.connection, opened.path, message=one_line(message))


def reader_connection(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    """A connection that only reads the store at ``path`` (which the game's own connection
    has opened and migrated), for work in another thread: SQLite connections stay in theirs."""
    return sqlite3.connect(
        f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None, timeout=busy_timeout
    )


def memory_connection() -> sqlite3.Connection:
    """A migrated store that lives only as long as the program."""
    connection = sqlite3.connect(":memory:", isolation_level=None)
    migrate(connection)
    return connection


def _fallback(reason: str) -> Opened:
    message = one_line(f"{reason}; progress will not be saved this session.")
    return Opened(memory_connection(), None, message=message, unavailable=one_line(reason))


def _created_and_attached(path: Path, busy_timeout: float) -> Opened:
    if not os.path.lexists(path):
        _create(path)
    return _attach(path, busy_timeout)


def _create(path: Path) -> None:
    """Make a new store whole under a temporary name, then give it its name: a kill while it
    is made never leaves an empty or half-made file where the store belongs (so an empty store
    file is always damage, set aside like any other)."""
    folder = printable(path.parent)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _Unavailable(
            f"The data folder {folder} cannot be created ({error.strerror or error})"
        ) from None
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    except OSError as error:
        reason = error.strerror or error
        raise _Unavailable(f"The data folder {folder} cannot be written ({reason})") from None
    os.close(handle)
    temporary = Path(name)
    try:
        connection = sqlite3.connect(temporary, isolation_level=None)
        try:
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA journal_mode = DELETE")
            migrate(connection)
        finally:
            connection.close()
        # A link, not a rename: a store another copy of the game made meanwhile is kept.
        os.link(temporary, path)
    except FileExistsError:
        pass
    except (OSError, sqlite3.Error) as error:
        raise _Unavailable(f"A progress store cannot be made in {folder} ({error})") from None
    finally:
        for leftover in (temporary, temporary.with_name(temporary.name + "-journal")):
            with contextlib.suppress(OSError):
                leftover.unlink()


def _attach(path: Path, busy_timeout: float) -> Opened:
    cannot = f"Saved progress in {printable(path)} cannot be opened"
    try:
        info = os.stat(path)
    except OSError as error:
        raise _Unavailable(f"{cannot} ({error.strerror or error})") from None
    if not stat.S_ISREG(info.st_mode):
        raise _Unavailable(f"{cannot} (it is not a file)")
    if info.st_size == 0:
        raise _Unreadable("the file is empty")
    if info.st_size < SQLITE_HEADER_BYTES:
        # SQLite takes a file shorter than its header for an empty database, and writes over it.
        raise _Unreadable(
            f"the file is cut short: {counted(info.st_size, 'byte')}, less than a database's header"
        )
    check = "integrity_check" if info.st_size <= FULL_CHECK_BYTES else "quick_check"
    connection: sqlite3.Connection | None = None
    try:
        connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
        connection.execute("PRAGMA synchronous = FULL")
        problems = [row[0] for row in connection.execute(f"PRAGMA {check}")]
        if problems != ["ok"]:
            raise _Unreadable(one_line(f"integrity check: {problems[0]}"))
        version = schema_version(connection)
        if version > SCHEMA_VERSION:
            connection.execute("PRAGMA query_only = ON")
            reason = (
                f"Saved progress comes from a newer version of the game (store version "
                f"{version}, this game knows {SCHEMA_VERSION}); it is shown but not changed."
            )
            return Opened(connection, path, reason, reason)
        if version == 0 and not is_blank(connection):
            raise _Unreadable("it is another program's database")
        # A rollback journal with full syncs: a commit is on disk before it returns. Set
        # only now, as it would rewrite the header of a newer version's store.
        connection.execute("PRAGMA journal_mode = DELETE")
        migrate(connection)
        return Opened(connection, path)
    except sqlite3.Error as error:
        if connection is not None:
            connection.close()
        code = (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
        if code in _DAMAGED:
            raise _Unreadable(one_line(str(error))) from None
        raise _Unavailable(
            one_line(f"{cannot} ({error})")
        ) from None
    except _Unreadable:
        if connection is not None:
            connection.close()
        raise


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
