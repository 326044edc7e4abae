"""Export and import of progress: the round trip, the merge rules and bad files."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import pytest

from game.core.level import Level
from game.core.level_ref import CampaignLevel, LevelFile
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
from game.storage import transfer
from game.storage.identity import records_id
from game.storage.records import CAMPAIGN_ID, LevelRecord, SavedGame, Solution
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore
from game.storage.transfer import (
    FORMAT_VERSION,
    TransferError,
    export_progress,
    import_progress,
    left_out,
)
from tests.conftest import SMALL_SOLUTION

CORRIDOR = "#######\n#     #\n# @$ .#\n#     #\n#######\n"


def _filled(store: ProgressStore, level: Level) -> None:
    times = itertools.count(10.0, 10.0)
    store.clock = lambda: next(times)
    store.remember_collection(CAMPAIGN_ID, "Campaign", "campaign", [level])
    store.record_attempt(CAMPAIGN_ID, level, moves=5, pushes=1, seconds=20.0)
    store.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967, seconds=40.0)
    store.set_campaign(1, 967)
    store.set_setting("volume", 0.4)
    game = SavedGame.capture(CampaignLevel(0), "Campaign", PlayState(level), Statistics())
    SaveSlots(store).save("slot", game)


def _snapshot(store: ProgressStore) -> tuple[object, ...]:
    return (
        store.all_records(),
        store.solved_history(),
        store.collections(),
        store.campaign(),
        store.settings(),
        SaveSlots(store).games(),
    )


def test_round_trip_into_a_fresh_store(tmp_path: Path, level: Level) -> None:
    source = ProgressStore.in_memory()
    _filled(source, level)
    exported = tmp_path / "progress.json"
    export_progress(source, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["format"] == "sokoban-arcade-progress"
    assert document["version"] == FORMAT_VERSION

    target = ProgressStore.in_memory()
    summary = import_progress(target, exported, campaign=[level])
    assert (summary.levels_added, summary.solves_added, summary.slots_added) == (1, 1, 1)
    assert summary.settings_added == 1
    assert "1 new level record, 0 improved, 1 solve, 1 save, 1 setting." in summary.describe()
    assert _snapshot(target) == _snapshot(source)

    again = import_progress(target, exported, [level])  # importing twice changes nothing
    assert again.levels_added + again.levels_improved + again.solves_added == 0
    assert _snapshot(target) == _snapshot(source)


def test_an_export_saved_with_a_byte_order_mark_imports(tmp_path: Path, level: Level) -> None:
    source = ProgressStore.in_memory()
    _filled(source, level)
    exported = tmp_path / "progress.json"
    export_progress(source, exported)
    exported.write_bytes(exported.read_text(encoding="utf-8").encode("utf-8-sig"))
    target = ProgressStore.in_memory()
    assert import_progress(target, exported, campaign=[level]).levels_added == 1
    assert _snapshot(target) == _snapshot(source)


def test_what_export_writes_import_takes_and_past_that_export_refuses_first(
    tmp_path: Path, level: Level, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 105 MB export exited 0, and its import refused it as larger than the most it reads.
    source = ProgressStore.in_memory()
    _filled(source, level)
    exported = tmp_path / "progress.json"
    export_progress(source, exported)
    size = exported.stat().st_size
    monkeypatch.setattr(transfer, "MAX_FILE_BYTES", size - 1)
    refused = tmp_path / "refused.json"
    with pytest.raises(TransferError, match=r"^Nothing was exported: the progress takes [\d,]+ "
                       r"bytes, more than the [\d,]+ bytes a progress file may hold"):
        export_progress(source, refused)
    assert not refused.exists()
    monkeypatch.setattr(transfer, "MAX_FILE_BYTES", size)
    export_progress(source, refused)
    target = ProgressStore.in_memory()
    assert import_progress(target, refused, campaign=[level]).levels_added == 1


@pytest.mark.parametrize("length", [600, 100_000])
def test_a_level_of_a_collection_with_a_very_long_title_is_exported_and_imported(
    tmp_path: Path, level: Level, length: int
) -> None:
    # Its id passed the identifier's limit: kept and shown, then left out of the export.
    title = "T" * length
    collection = tmp_path / "long.xsb"
    collection.write_text(f"; {title}\n{level.to_xsb()}\n", encoding="utf-8")
    identity = records_id(LevelFile(str(collection)), title)
    assert identity != records_id(LevelFile(str(collection)), title + "U")
    source = ProgressStore.in_memory()
    source.remember_collection(identity, title, collection, [level])
    assert source.record_solution(identity, level, SMALL_SOLUTION, 33, 8, 967).error is None
    exported = tmp_path / "progress.json"
    progress = export_progress(source, exported)
    assert [record.collection_id for record in progress.records] == [identity]
    assert left_out(source, progress) is None
    target = ProgressStore.in_memory()
    assert import_progress(target, exported).levels_added == 1
    assert _snapshot(target) == _snapshot(source)


def test_merge_keeps_the_best_of_both(tmp_path: Path, level: Level) -> None:
    corridor = parse_level(CORRIDOR)
    fp = level.fingerprint()
    here = ProgressStore.in_memory()
    here.record_attempt(CAMPAIGN_ID, level, moves=100, seconds=500.0)
    here.record_attempt(CAMPAIGN_ID, level, moves=100, seconds=500.0)
    here.set_campaign(5, 4000)
    here.set_setting("volume", 0.9)

    there = ProgressStore.in_memory()
    there.clock = lambda: 1000.0
    there.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967, hints=2, seconds=90.0)
    (tmp_path / "c.xsb").write_text(CORRIDOR, encoding="utf-8")
    there.remember_collection("title:C", "C", tmp_path / "c.xsb", [corridor])
    there.record_solution("title:C", corridor, "RR", 2, 2, 998, solver_used=True)
    there.set_campaign(3, 4500)
    there.set_setting("volume", 0.1)
    there.set_setting("speed", "fast")
    path = tmp_path / "there.json"
    export_progress(there, path)

    summary = import_progress(here, path, campaign=[level])
    assert (summary.levels_added, summary.levels_improved, summary.solves_added) == (1, 1, 1)
    record = here.collection_records(CAMPAIGN_ID)[fp]
    assert record.solved and record.best_score == 967 and record.hints == 2
    assert record.best_moves == Solution(SMALL_SOLUTION, 33, 8)
    assert record.attempts == 2 and record.seconds == 1000.0  # the larger, not the sum
    assert record.first_solved_at == 1000.0
    corridor_record = here.level_record("title:C", corridor)
    assert corridor_record is not None and corridor_record.par_moves == 2
    campaign = here.campaign()
    # The imported total is held to what a one-level campaign can give.
    assert (campaign.position, campaign.total_score) == (5, 4000)
    assert here.get_setting("volume", 0.0) == 0.9  # settings already here are kept
    assert here.get_setting("speed", "") == "fast"
    # The corridor was shown by the solver: it sets par but is no solve of the player's.
    assert [event.total_score for event in here.solved_history()] == [967]
    assert corridor_record is not None and not corridor_record.solved


def test_record_merge_rules() -> None:
    short = Solution("RR", 2, 2)
    pushy = Solution("rRllR", 5, 1)  # counts only: merging does not replay
    a = LevelRecord("c", "f", solved=True, best_moves=short, best_pushes=short, attempts=3)
    b = LevelRecord("c", "f", best_moves=pushy, best_pushes=pushy, attempts=5, best_score=10)
    merged = a.merged(b)
    assert merged.solved and merged.best_moves == short and merged.best_pushes == pushy
    assert merged.attempts == 5 and merged.best_score == 10
    assert b.merged(a) == merged
    assert a.merged(a) == a


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"\xff\xfe not text", "not UTF-8"),
        (b"{ not json", "not valid JSON (Expecting property name"),
        (b'{"levels": []}', "'format'"),
        (b'{"format": "sokoban-arcade-progress", "version": 99}', "newer version"),
        (b'{"format": "sokoban-arcade-progress", "version": 1, "levels": {}}', "expected a list"),
        (
            b'{"format": "sokoban-arcade-progress", "version": 1, "levels": '
            b'[{"collection_id": "c", "fingerprint": "f", "solved": true, "attempts": "3"}]}',
            "file.levels[0].attempts: expected a whole number, found text",
        ),
        (
            b'{"format": "sokoban-arcade-progress", "version": 1, "levels": '
            b'[{"collection_id": "c", "fingerprint": "f", "solved": true, '
            b'"best_moves": {"lurd": "RR", "moves": 1, "pushes": 2}}]}',
            "do not match the LURD",
        ),
        (
            b'{"format": "sokoban-arcade-progress", "version": 1, "solved_history": '
            b'[{"solved_at": NaN, "collection_id": "c", "fingerprint": "f"}]}',
            "NaN is not allowed",
        ),
        (
            b'{"format": "sokoban-arcade-progress", "version": 1, '
            b'"slots": {"s": {"history": "RxR"}}}',
            "file.slots.s.",
        ),
    ],
)
def test_bad_files_are_refused_with_a_clear_reason(
    tmp_path: Path, level: Level, content: bytes, expected: str
) -> None:
    store = ProgressStore.in_memory()
    store.record_attempt(CAMPAIGN_ID, level)
    before = store.all_records()
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(TransferError, match=r"bad\.json") as raised:
        import_progress(store, path)
    assert expected in str(raised.value)
    assert "\n" not in str(raised.value)
    assert store.all_records() == before


def test_missing_files_and_unwritable_places_are_reported(tmp_path: Path) -> None:
    store = ProgressStore.in_memory()
    with pytest.raises(TransferError, match="annot read"):
        import_progress(store, tmp_path / "absent.json")
    with pytest.raises(TransferError, match="Cannot write"):
        export_progress(store, tmp_path / "no-such-folder" / "out.json")


def test_an_import_into_a_read_only_store_is_refused(tmp_path: Path, level: Level) -> None:
    source = ProgressStore.in_memory()
    source.record_attempt(CAMPAIGN_ID, level)
    export_progress(source, tmp_path / "p.json")
    target = ProgressStore.in_memory()
    target.read_only_reason = "read-only for the test"
    with pytest.raises(TransferError, match="read-only for the test"):
        import_progress(target, tmp_path / "p.json")


def test_importing_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "progress.json"
    os.mkfifo(fifo)
    with pytest.raises(TransferError, match="progress"):
        import_progress(ProgressStore.in_memory(), fifo)


def test_importing_ones_own_export_keeps_nothing_aside(tmp_path: Path, level: Level) -> None:
    # A pasted level's records have no file to check them against; imported back into the
    # store they came from, they are the same records, not unverified ones.
    store = ProgressStore.in_memory()
    store.record_solution("pasted:1", level, SMALL_SOLUTION, 33, 8, 967, seconds=40.0)
    exported = tmp_path / "progress.json"
    export_progress(store, exported)
    summary = import_progress(store, exported)
    assert summary.unverified == 0 and "unverified" not in summary.describe()
    assert summary.levels_added == summary.levels_improved == 0
