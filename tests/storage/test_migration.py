"""A store written before the typed level identity (schema 3) migrates and its games continue.

tests/data/store_schema3.sql is a dump of a store the game wrote at commit 0c71641.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from game.core.level_ref import CampaignLevel, FileLevel, MyLevel
from game.storage.jsondata import decode_json
from game.storage.paths import store_path
from game.storage.records import SavedGame
from game.storage.schema import SCHEMA_VERSION
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore

DUMP = Path(__file__).resolve().parents[1] / "data" / "store_schema3.sql"


def old_store(home: Path) -> Path:
    """The schema-3 store of the dump, written where the game looks for its store."""
    path = store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    connection.executescript(DUMP.read_text().replace("{HOME}", str(home)))
    connection.commit()
    connection.close()
    return path


def test_saved_games_of_schema_3_are_keyed_by_the_level_after_the_migration(
    home: Path,
) -> None:
    path = old_store(home)
    store, message = ProgressStore.open()
    assert message is None
    session = store.load_session()
    assert session is not None
    assert session.level == CampaignLevel(1) and session.collection_title == "Campaign"
    slots = SaveSlots(store)
    assert slots.load("a file") is not None
    loaded = {name: game.level for name, game in slots.games().items()}
    assert loaded == {
        "a file": FileLevel("/nowhere/old.xsb", 1),
        "a random": FileLevel("random", 0),
        "mine": MyLevel("My levels", 0),
    }
    assert [slot.place for slot in slots.list()] == [
        "My levels, level 1",
        "Random levels, level 1",
        "Old file, level 2",
    ]
    store.close()
    # The rows themselves were rewritten by the schema step, not only read through it.
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    for (text,) in connection.execute("SELECT game FROM slots UNION ALL SELECT game FROM session"):
        data = decode_json(text)
        assert isinstance(data, dict) and "level" in data and "collection_path" not in data
    connection.close()


def test_an_older_saved_game_in_json_reads_as_today_s() -> None:
    older: dict[str, object] = {
        "collection_id": "title:Mine",
        "collection_path": "/somewhere/mine.xsb",
        "collection_title": "Mine",
        "level_index": 4,
    }
    upgraded = SavedGame.upgraded_json(older)
    assert upgraded["level"] == {"kind": "file", "path": "/somewhere/mine.xsb", "index": 4}
    assert "collection_id" not in upgraded and older["level_index"] == 4
    assert SavedGame.upgraded_json(upgraded) is upgraded


def test_a_random_level_saved_before_levels_kept_their_text_says_why_it_cannot_go_on() -> None:
    import pytest

    from game.app.session import collection_for
    from game.core.errors import LevelError

    with pytest.raises(LevelError, match="earlier version, which did not keep random"):
        collection_for(FileLevel("random", 0), "Random levels")
    with pytest.raises(LevelError, match="level file of Old file is not found at /nowhere"):
        collection_for(FileLevel("/nowhere/old.xsb", 1), "Old file")
