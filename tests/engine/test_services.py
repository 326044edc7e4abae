"""The engine's services: session records, settings, clipboard, and the key replay input.

Services are plain objects; the replay is checked through a running engine.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.errors import LevelError
from game.core.notation import NotationError
from game.engine.clipboard import Clipboard
from game.engine.engine import GameEngine
from game.engine.replay import KeyReplay
from game.engine.session import Session
from game.engine.settings import AnimationSpeed, Settings
from game.scenes.play import PlayScene
from tests.engine.harness import FIRST_SOLUTION, LEVELS_TEXT, level_collection


def test_session_keeps_the_best_results_per_layout() -> None:
    session = Session()
    collection = level_collection()
    session.open(collection, "tests")
    first = collection.levels[0]
    assert session.first_unsolved_index() == 0
    assert session.record_solution(first, 40, 9, "a" * 40)
    assert not session.record_solution(first, 45, 9, "b" * 45)
    assert session.record_solution(first, 33, 8, FIRST_SOLUTION)
    record = session.record(first)
    assert record is not None
    assert (record.best_moves, record.best_pushes, record.best_moves_lurd) == (
        33,
        8,
        FIRST_SOLUTION,
    )
    assert session.first_unsolved_index() == 1
    assert session.is_solved(first)


def test_campaign_file_is_read_or_missing_is_a_level_error(tmp_path: Path) -> None:
    session = Session()
    with pytest.raises(LevelError, match="missing"):
        session.open_campaign(tmp_path / "campaign.xsb")
    path = tmp_path / "campaign.xsb"
    path.write_text(LEVELS_TEXT)
    session.open_campaign(path)
    assert session.source == "campaign" and session.level_count == 4


def test_settings_volume_stays_in_range_and_speeds_cycle() -> None:
    settings = Settings()
    settings.change_volume(20)
    assert settings.volume == 1.0
    settings.change_volume(-30)
    assert settings.volume == 0.0
    assert AnimationSpeed.SLOW.cycled(1) is AnimationSpeed.INSTANT
    assert AnimationSpeed.INSTANT.ticks_per_step == 0
    settings.reset()
    assert settings == Settings()


def test_clipboard_round_trip(engine: GameEngine) -> None:
    clipboard = Clipboard()
    clipboard.put("lurd")
    assert clipboard.get() == "lurd"


def test_key_replay_presses_a_key_only_when_the_game_is_idle(engine: GameEngine) -> None:
    with pytest.raises(NotationError):
        KeyReplay("lux")
    play = PlayScene(engine, 0)
    engine.push(play)
    replay = KeyReplay("2d")
    engine.add_input_source(replay)
    engine.run_frames(1)
    assert replay.sent == 1
    engine.run_frames(2)
    assert replay.sent == 1  # the first step is still being animated
    while not replay.finished:
        engine.run_frames(1)
    engine.run_frames(20)
    assert play.state.lurd() == "dd"
    assert pygame.event.peek(pygame.KEYDOWN) is False
