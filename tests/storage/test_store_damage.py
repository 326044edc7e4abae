"""A damaged store is found on opening and set aside byte for byte, with where it went said
(issue 27, class 10); a store another program holds is waited for, with a bound (class 9)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.core.xsb import parse_level
from game.storage.store import ProgressStore
from tests.conftest import SMALL_LEVEL
from tests.test_tools import load_tool

CORRIDOR = "#######\n#@ $ .#\n#######\n"


def _filled_store(path: Path) -> bytes:
    store, message = ProgressStore.open(path)
    assert message is None
    for text in (SMALL_LEVEL, CORRIDOR):
        assert store.record_attempt("tests", parse_level(text)) is None
    assert store.close() is None
    return path.read_bytes()


def _row_missing_from_its_index(path: Path) -> None:
    """A level record deleted behind its indexes' back, as the hostile run makes it."""
    stores = load_tool("hostile_run").sys.modules["hostile_stores"]
    path.write_bytes(stores.index_row_missing(path.read_bytes(), path.parent))


def _opened_sets_aside(path: Path, damaged: bytes) -> None:
    store, message = ProgressStore.open(path)
    (aside,) = path.parent.glob(f"{path.name}.unreadable-*")
    assert message is not None and aside.name in message and len(message.splitlines()) == 1
    assert aside.read_bytes() == damaged
    assert store.persistent and store.totals().levels_played == 0
    store.close()


def test_a_store_cut_inside_its_header_is_set_aside_not_taken_as_empty(tmp_path: Path) -> None:
    # SQLite reads a file shorter than its 100-byte header as an empty database.
    path = tmp_path / "progress.sqlite3"
    damaged = _filled_store(path)[:1]
    path.write_bytes(damaged)
    _opened_sets_aside(path, damaged)


def test_a_row_missing_from_an_index_is_found_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    _filled_store(path)
    _row_missing_from_its_index(path)
    _opened_sets_aside(path, path.read_bytes())


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(0.0, 0.999))
def test_a_store_cut_anywhere_is_set_aside_as_it_was(cut: float, tmp_path_factory:
                                                      pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("cut")
    path = folder / "progress.sqlite3"
    whole = _filled_store(path)
    damaged = whole[: int(len(whole) * cut)]
    # A cut of zeros alone (the empty tail of the last page, an empty table's or index's) is
    # no damage: SQLite reads past the end of a file as zeros, so the store is the same.
    assume(whole[len(damaged):].strip(b"\0"))
    path.write_bytes(damaged)
    _opened_sets_aside(path, damaged)


def test_a_store_held_by_another_program_is_waited_for_then_not_taken_as_empty(
    tmp_path: Path,
) -> None:
    path = tmp_path / "progress.sqlite3"
    _filled_store(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        store, message = ProgressStore.open(path, busy_timeout=0.2)
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert not store.persistent and store.fallback_reason is not None
    assert message is not None and "locked" in message and len(message.splitlines()) == 1
    store.close()
    # Nothing was set aside: the store was whole, only busy.
    assert [entry.name for entry in tmp_path.iterdir()] == ["progress.sqlite3"]
