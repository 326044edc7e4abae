"""Saves and records that cannot be read (issue 36): a limit is checked before the write, and a
damaged save is named on screen and on stderr, offered for deletion, and counted by
``progress show`` and ``export``; the saves beside it stay in view."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame
import pytest

from game.app.screens import MainMenuScreen, SlotsScreen
from game.cli import main
from game.core.level_ref import TextLevel, TextOrigin
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.core.xsb import parse_level
from game.engine.engine import GameEngine
from game.scenes.prompt import ConfirmScene
from game.scenes.slots import SlotsScene
from game.storage.records import SavedGame
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore
from tests.engine.harness import press

ROOM = "#####\n#@$.#\n#####"


def _game(title: str = "Pasted", text: str = ROOM) -> SavedGame:
    level = parse_level(ROOM)
    ref = TextLevel(text, TextOrigin.PASTED)
    return SavedGame.capture(ref, title, PlayState(level), Statistics())


def _damage(store: ProgressStore, table: str, name: str | None = None) -> None:
    """Write a row the game cannot read, as a crash or another program might leave it."""

    def action(connection: sqlite3.Connection) -> None:
        if table == "slots":
            connection.execute(
                "INSERT OR REPLACE INTO slots (name, saved_at, game) VALUES (?, 5.0, ?)",
                (name, '{"level": {"kind": "text", "text": 42}}'),
            )
        else:
            connection.execute("INSERT OR REPLACE INTO session (id, game) VALUES (1, '[1]')")

    assert store.write(action)[1] is None


def test_a_collection_title_of_600_characters_saves_a_game_that_reads_back(
    engine: GameEngine,
) -> None:
    saves = SaveSlots(engine.progress)
    assert saves.save("long", _game("T" * 600)) is None
    [slot] = saves.list()
    assert slot.problem is None and slot.collection_title == "T" * 500


def test_a_game_that_would_not_read_back_is_refused_before_the_write(
    engine: GameEngine,
) -> None:
    saves = SaveSlots(engine.progress)
    problem = saves.save("huge", _game(text=ROOM + "\n; " + "x" * 2_000_000))
    assert problem is not None and "\n" not in problem.text
    assert saves.list() == []
    assert engine.progress.save_session(_game(text="#" * 2_000_000)) is not None


def test_a_damaged_save_is_listed_named_on_stderr_and_offered_for_deletion(
    engine: GameEngine, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = SaveSlots(engine.progress)
    assert saves.save("good", _game()) is None
    _damage(engine.progress, "slots", "broken")
    engine.open(MainMenuScreen())
    engine.open(SlotsScreen(lambda: None))
    engine.run_frames(1)
    scene = engine.top
    assert isinstance(scene, SlotsScene)
    names = {slot.name: slot.problem for slot in scene.model.slots}
    assert names["good"] is None and names["broken"] is not None
    err = capsys.readouterr().err
    assert "'broken' cannot be read" in err and err.count("\n") == 1
    scene.model.selected = [slot.name for slot in scene.model.slots].index("broken")
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, ConfirmScene)
    press(engine, pygame.K_y)
    assert [slot.name for slot in saves.list()] == ["good"]


def test_a_damaged_last_game_is_named_by_continue_and_can_be_deleted(
    engine: GameEngine, capsys: pytest.CaptureFixture[str]
) -> None:
    _damage(engine.progress, "session")
    engine.open(MainMenuScreen())
    engine.run_frames(1)
    assert "The last game cannot be read" in capsys.readouterr().err
    press(engine, pygame.K_RETURN)  # Continue is chosen first
    assert isinstance(engine.top, ConfirmScene)
    press(engine, pygame.K_y)
    assert engine.progress.read("SELECT count(*) FROM session") == [(0,)]


def test_progress_show_and_export_count_a_damaged_save(
    temporary_home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = ProgressStore.open()
    assert SaveSlots(store).save("good", _game()) is None
    _damage(store, "slots", "broken")
    store.close()
    assert main(["progress", "show"]) == 0
    out = capsys.readouterr().out
    assert "save 'good'" in out and "save 'broken': cannot be read" in out
    assert main(["progress", "export", str(tmp_path / "out.json")]) == 0
    captured = capsys.readouterr()
    assert "1 save" in captured.out
    assert captured.err.count("\n") == 1 and "1 save ('broken'" in captured.err


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("; ti\0tle\n" + ROOM, "T"),  # a NUL in the level's title: once stopped the renderer
        (ROOM, "Pasted\0levels"),  # in the collection's: once stopped the window's caption
        ("; " + "T" * 1_000_000 + "\n" + ROOM, "T"),
    ],
)
def test_a_save_with_odd_level_text_resumes_without_stopping_the_game(
    engine: GameEngine, text: str, title: str
) -> None:
    from game.app import navigation
    from game.core.collection import read_collection_text

    level = read_collection_text(text).levels[0]
    ref = TextLevel(text, TextOrigin.PASTED, title)
    game = SavedGame.capture(ref, title, PlayState(level), Statistics())
    engine.open(MainMenuScreen())
    assert navigation.resume_game(engine, game)
    engine.run_frames(3)
    assert engine.top is not None
