"""Named save slots: save, list, load, delete, names, and slots that cannot be read."""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from pathlib import Path

from game.core.level import Level
from game.core.level_ref import CampaignLevel
from game.core.notation import replay_on
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.storage.codec import encode
from game.storage.jsondata import encode_json
from game.storage.records import SavedGame
from game.storage.rows import put_slot
from game.storage.slots import MAX_NAME_LENGTH, SaveSlots, distinct_slot_names
from game.storage.store import ProgressStore
from game.storage.transfer import export_progress, import_progress
from tests.conftest import SMALL_SOLUTION


def _game(level: Level, moves: int, saved_at: float) -> SavedGame:
    state = PlayState(level)
    replay_on(state, SMALL_SOLUTION[:moves])
    game = SavedGame.capture(CampaignLevel(3), "Campaign", state, Statistics(steps=moves))
    return replace(game, saved_at=saved_at)


def test_save_list_load_delete(store: ProgressStore, level: Level) -> None:
    slots = SaveSlots(store)
    assert slots.list() == []
    assert slots.save("before the corner", _game(level, 4, 100.0)) is None
    assert slots.save("  almost  ", _game(level, 20, 200.0)) is None
    listed = slots.list()
    assert [slot.name for slot in listed] == ["almost", "before the corner"]
    newest = listed[0]
    assert (newest.moves, newest.level_number, newest.collection_title) == (20, 4, "Campaign")
    assert slots.exists("almost") and not slots.exists("nothing")

    loaded = slots.load("before the corner")
    assert loaded == _game(level, 4, 100.0)
    state, note = loaded.restore(level)
    assert note is None and state.lurd() == SMALL_SOLUTION[:4] and state.can_undo

    assert slots.save("almost", _game(level, 25, 300.0)) is None  # replaces
    replaced = slots.load("almost")
    assert replaced is not None and len(replaced.history) == 25
    assert slots.delete("almost") is None
    assert slots.load("almost") is None
    assert [slot.name for slot in slots.list()] == ["before the corner"]


def test_slots_persist_across_restarts(level: Level) -> None:
    store, _ = ProgressStore.open()
    SaveSlots(store).save("kept", _game(level, 9, 50.0))
    store.close()
    reopened, _ = ProgressStore.open()
    loaded = SaveSlots(reopened).load("kept")
    reopened.close()
    assert loaded is not None and loaded.statistics.steps == 9


def test_bad_names_are_refused_with_a_reason(store: ProgressStore, level: Level) -> None:
    slots = SaveSlots(store)
    game = _game(level, 1, 1.0)
    assert str(slots.save("   ", game)) == "A save needs a name."
    assert "at most" in str(slots.save("x" * (MAX_NAME_LENGTH + 1), game))
    assert "control" in str(slots.save("a\nb", game))
    assert slots.list() == []


def test_an_unreadable_slot_is_listed_with_its_problem(store: ProgressStore, level: Level) -> None:
    slots = SaveSlots(store)
    slots.save("good", _game(level, 2, 10.0))
    store.write(
        lambda connection: connection.execute(
            "INSERT INTO slots (name, saved_at, game) VALUES ('bad', 5, '[1, 2')"
        )
    )
    # Listed, not hidden: the player is told what is wrong and may delete it.
    assert [(slot.name, slot.problem is None) for slot in slots.list()] == [
        ("good", True),
        ("bad", False),
    ]
    assert [slot.name for slot in slots.damaged()] == ["bad"]
    assert slots.load("bad") is None
    assert store.last_error is not None and "save 'bad'" in store.last_error


def _raw_slot(store: ProgressStore, name: str, game: SavedGame) -> None:
    """A slot written as another program or an older store wrote it: its name as given."""
    text = encode_json(encode(game))
    store.write(lambda connection: put_slot(connection, name, game.saved_at, text))


def test_saves_whose_names_differ_only_in_composition_are_both_reachable_and_carried(
    tmp_path: Path, level: Level
) -> None:
    # Both were exported; the import kept one, and the decomposed one could not be loaded.
    composed, decomposed = "café", unicodedata.normalize("NFD", "café")
    source = ProgressStore.in_memory()
    _raw_slot(source, composed, _game(level, 4, 100.0))
    _raw_slot(source, decomposed, _game(level, 20, 200.0))
    slots = SaveSlots(source)
    assert {slot.name: slot.moves for slot in slots.list()} == {composed: 4, decomposed: 20}
    assert [slots.load(name) for name in (composed, decomposed)] == [
        _game(level, 4, 100.0),
        _game(level, 20, 200.0),
    ]
    exported = tmp_path / "progress.json"
    export_progress(source, exported)
    target = ProgressStore.in_memory()
    assert import_progress(target, exported).slots_added == 2
    assert {slot.name: slot.moves for slot in SaveSlots(target).list()} == {
        composed: 4,
        f"{composed} (2)": 20,
    }


def test_long_names_cut_alike_are_numbered_apart() -> None:
    long = "x" * MAX_NAME_LENGTH
    kept = distinct_slot_names([long + "a", long + "b", long])
    assert kept[long] == long
    assert len(set(kept.values())) == 3
    assert kept[long + "b"].endswith(" (2)")
    assert all(len(name) <= MAX_NAME_LENGTH for name in kept.values())
