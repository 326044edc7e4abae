"""The engine's services: the session, settings, clipboard, and replayed moves as input.

Services are plain objects; the replay is checked through a running engine.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app.screens import PlayScreen
from game.app.session import Session
from game.app.settings import AnimationSpeed, Settings
from game.core.errors import LevelError
from game.core.level_ref import Campaign, LevelFile
from game.core.notation import NotationError
from game.engine.clipboard import Clipboard
from game.engine.engine import GameEngine
from game.engine.input_script import InputScript, lurd_actions
from game.scenes.play import PlayScene
from game.storage.records import CAMPAIGN_ID
from game.storage.store import ProgressStore
from tests.engine.harness import LEVELS_TEXT, level_collection


def test_session_names_its_collection_for_the_store() -> None:
    session = Session()
    collection = level_collection()
    session.open(collection, LevelFile("tests.xsb"))
    assert session.collection_id == "title:Test levels"
    collection.title = ""
    session.open(collection, LevelFile("/somewhere/mine.xsb"))
    assert session.collection_id == "file:mine.xsb"


def test_campaign_file_is_read_or_missing_is_a_level_error(tmp_path: Path) -> None:
    session = Session()
    with pytest.raises(LevelError, match="missing"):
        session.open_campaign(tmp_path / "campaign.xsb")
    path = tmp_path / "campaign.xsb"
    path.write_text(LEVELS_TEXT)
    session.open_campaign(path)
    assert session.source == Campaign() and session.level_count == 4
    assert session.collection_id == CAMPAIGN_ID


def test_settings_volume_stays_in_range_and_speeds_cycle() -> None:
    settings = Settings()
    settings.change_volume(20)
    assert settings.volume == 1.0
    settings.change_volume(-30)
    assert settings.volume == 0.0
    # Right in the settings goes faster a step at a time, then starts over.
    speeds = [AnimationSpeed.SLOW]
    for _ in range(4):
        speeds.append(speeds[-1].cycled(1))
    assert [speed.label for speed in speeds] == ["Slow", "Normal", "Fast", "Instant", "Slow"]
    assert AnimationSpeed.INSTANT.ticks_per_step == 0


def test_clipboard_round_trip(engine: GameEngine) -> None:
    clipboard = Clipboard()
    clipboard.put("lurd")
    assert clipboard.get() == "lurd"


def test_clipboard_text_comes_without_a_byte_order_mark(engine: GameEngine) -> None:
    # Pasted solutions lost the first one to the mark stuck before "Solution".
    clipboard = Clipboard()
    clipboard.put("\ufeffSolution: rR\nSolution: lR")
    assert clipboard.get() == "Solution: rR\nSolution: lR"


def test_key_replay_presses_a_key_only_when_the_game_is_idle(engine: GameEngine) -> None:
    with pytest.raises(NotationError):
        lurd_actions("lux")
    play = PlayScene(engine, PlayScreen(0))
    engine.push(play)
    replay = InputScript(lurd_actions("2d"))
    engine.add_input_source(replay)
    engine.run_frames(1)
    assert replay.done == 1
    engine.run_frames(2)
    assert replay.done == 1  # the first step is still being animated
    while not replay.finished:
        engine.run_frames(1)
    engine.run_frames(20)
    assert play.model.state.lurd() == "dd"
    assert pygame.event.peek(pygame.KEYDOWN) is False


def test_settings_come_from_the_store_and_odd_values_are_ignored(engine: GameEngine) -> None:
    store = ProgressStore.in_memory()
    store.set_setting("animation_speed", "warp")
    store.set_setting("volume", 7)
    store.set_setting("fullscreen", "yes")
    store.set_campaign(3, 2500)
    engine.use_progress(store)
    assert engine.progress is store
    assert engine.settings.animation_speed is AnimationSpeed.NORMAL
    assert engine.settings.volume == 1.0 and engine.sound.volume == 1.0
    assert not engine.settings.fullscreen
    engine.settings.animation_speed = AnimationSpeed.FAST
    assert engine.save_settings() is None
    assert store.get_setting("animation_speed", "") == "fast"
    assert store.get_setting("volume", 0.0) == 1.0
