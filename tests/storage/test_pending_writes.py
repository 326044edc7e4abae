"""Issue 17 class 1: a result another program keeps from the store is retried, kept, and told.

Another connection holds the write lock; the store's busy timeout is cut to 50 ms for speed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.level import Level
from game.storage.records import CAMPAIGN_ID
from game.storage.store import ProgressStore
from game.storage.transfer import TransferError, export_progress, import_progress
from tests.conftest import SMALL_SOLUTION


@pytest.fixture
def quick(home: Path) -> Iterator[ProgressStore]:
    store, message = ProgressStore.open(busy_timeout=0.05)
    assert message is None
    yield store
    store.close()


@pytest.fixture
def lock(home: Path, quick: ProgressStore) -> Iterator[sqlite3.Connection]:
    """Another program's connection, holding the store's write lock until rolled back."""
    assert quick.path is not None
    other = sqlite3.connect(quick.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    yield other
    other.close()


def test_a_blocked_solution_is_kept_told_and_written_later(
    quick: ProgressStore, lock: sqlite3.Connection, level: Level
) -> None:
    outcome = quick.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967)
    assert outcome.kept and outcome.error is not None
    assert "locked" in outcome.error and "kept" in outcome.error and "\n" not in outcome.error
    assert quick.pending_writes == 1
    assert quick.level_record(CAMPAIGN_ID, level) is None  # not written, but not dropped
    lock.rollback()
    assert quick.flush_pending() is None and quick.pending_writes == 0
    record = quick.level_record(CAMPAIGN_ID, level)
    assert record is not None and record.solved and record.best_score == 967


def test_the_next_save_writes_the_kept_results_first(
    quick: ProgressStore, lock: sqlite3.Connection, level: Level
) -> None:
    assert quick.record_attempt(CAMPAIGN_ID, level, moves=4) is not None
    assert quick.set_campaign(1, 500) is not None
    assert quick.pending_writes == 2
    lock.rollback()
    assert quick.record_attempt(CAMPAIGN_ID, level, moves=6) is None  # an autosave, say
    record = quick.level_record(CAMPAIGN_ID, level)
    assert record is not None and (record.attempts, record.moves_played) == (2, 10)
    assert quick.campaign().total_score == 500 and quick.pending_writes == 0


def test_a_write_still_blocked_queues_behind_the_kept_ones(
    quick: ProgressStore, lock: sqlite3.Connection, level: Level
) -> None:
    quick.record_attempt(CAMPAIGN_ID, level, moves=1)
    quick.record_attempt(CAMPAIGN_ID, level, moves=2)
    assert quick.pending_writes == 2
    lock.rollback()
    assert quick.flush_pending() is None
    record = quick.level_record(CAMPAIGN_ID, level)
    assert record is not None and record.attempts == 2


def test_closing_with_kept_results_says_they_are_lost(
    quick: ProgressStore, lock: sqlite3.Connection, level: Level
) -> None:
    quick.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967)
    problem = quick.close()
    assert problem is not None and "lost" in problem.text and "\n" not in problem.text


def test_a_close_with_nothing_kept_is_quiet(home: Path) -> None:
    store, _ = ProgressStore.open()
    assert store.close() is None


def test_a_blocked_import_fails_loudly_and_keeps_nothing(
    quick: ProgressStore, lock: sqlite3.Connection, level: Level, tmp_path: Path
) -> None:
    source = ProgressStore.in_memory()
    source.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967)
    export_progress(source, tmp_path / "p.json")
    with pytest.raises(TransferError, match="locked"):
        import_progress(quick, tmp_path / "p.json", [level])
    assert quick.pending_writes == 0


def test_a_read_only_store_keeps_nothing(quick: ProgressStore, level: Level) -> None:
    quick.read_only_reason = "newer"
    outcome = quick.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967)
    assert outcome.error == "newer" and not outcome.kept and quick.pending_writes == 0
