"""Autosave timing, and finding the saved level again in a collection that changed."""

from __future__ import annotations

from game.core.level import Level
from game.core.level_ref import CampaignLevel
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
from game.storage.autosave import AUTOSAVE_SECONDS, AutoSaver
from game.storage.records import SavedGame
from game.storage.store import ProgressStore

OTHER = "#####\n#@$.#\n#####\n"


def _game(level: Level, index: int = 0) -> SavedGame:
    return SavedGame.capture(CampaignLevel(index), "", PlayState(level), Statistics())


def test_saves_after_thirty_seconds_of_play(level: Level) -> None:
    store = ProgressStore.in_memory()
    saver = AutoSaver(store)
    captured: list[SavedGame] = []

    def capture() -> SavedGame:
        captured.append(_game(level))
        return captured[-1]

    tick = 1 / 60
    ticks = round(AUTOSAVE_SECONDS / tick)
    saved = [saver.tick(tick, capture) for _ in range(ticks + 5)]
    assert saved.count(True) == 1 and not captured[1:]
    assert store.load_session() == captured[0]
    assert saver.save_now(_game(level, 4)) and saver.since_save == 0.0
    loaded = store.load_session()
    assert loaded is not None and loaded.level.number == 5


def test_a_failed_autosave_is_reported(level: Level) -> None:
    store = ProgressStore.in_memory()
    store.read_only_reason = "read-only"
    saver = AutoSaver(store, interval=1.0)
    assert not saver.tick(2.0, lambda: _game(level))
    assert saver.last_problem is not None and saver.last_problem.detail == "read-only"


def test_the_saved_level_is_found_after_the_file_changed(level: Level) -> None:
    other = parse_level(OTHER)
    game = _game(level, 1)
    assert game.level_index_in([other, level]) == 1
    assert game.level_index_in([level, other]) == 0  # reordered
    assert game.level_index_in([level]) == 0  # shortened
    assert game.level_index_in([other]) is None  # removed
