"""Progress wired into the game: records, Continue with undo after a restart, autosave, slots.

Also settings, export and import, statistics and start-up messages; SOKOBAN_HOME is temporary.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.app.session as session_module
from game.app import navigation, saving
from game.app.screens import MainMenuScreen, PlayScreen, SettingsScreen
from game.app.session import Session
from game.app.settings import AnimationSpeed
from game.cli.start import start_game
from game.core.level_ref import LevelTexts, TextOrigin
from game.engine.engine import GameEngine
from game.scenes.catalog import register_scenes
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.message import MessageScene
from game.scenes.play import PlayScene
from game.scenes.prompt import ConfirmScene, PromptScene
from game.scenes.settings import SettingsScene
from game.scenes.slots import SlotsScene
from game.scenes.stats import StatsScene
from game.storage.autosave import AUTOSAVE_SECONDS
from game.storage.records import CAMPAIGN_ID
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore
from tests.engine.harness import FIRST_SOLUTION, LEVELS_TEXT, play_moves, press, settle, top_menu

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def levels_file(tmp_path: Path) -> Path:
    path = tmp_path / "mine.xsb"
    path.write_text(LEVELS_TEXT)
    return path


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "campaign.xsb"
    path.write_text(LEVELS_TEXT)
    monkeypatch.setattr(session_module, "CAMPAIGN_PATH", path)
    return path


def open_store(engine: GameEngine) -> None:
    """The store in SOKOBAN_HOME, as start_game opens it."""
    store, message = ProgressStore.open()
    assert message is None
    engine.use_progress(store)


@pytest.fixture
def restarted(engine: GameEngine) -> Iterator[list[GameEngine]]:
    """Engines made by ``restart``, shut down at the end of the test."""
    made: list[GameEngine] = []
    yield made
    for later in made:
        later.shutdown()


def restart(engine: GameEngine, made: list[GameEngine]) -> GameEngine:
    """Quit the game and start it again on the same store, on the main menu."""
    engine.quit()
    engine.shutdown()
    again = register_scenes(GameEngine((800, 600), sound_enabled=False))
    made.append(again)
    open_store(again)
    again.push(MainMenuScene(again, MainMenuScreen()))
    again.run_frames(1)
    return again


def choose(engine: GameEngine, label: str) -> None:
    """Pick the menu entry that starts with ``label`` on the top scene and press Enter."""
    menu = top_menu(engine)
    menu.select(next(i for i, item in enumerate(menu.choices) if item.label.startswith(label)))
    press(engine, pygame.K_RETURN)


def type_text(engine: GameEngine, text: str) -> None:
    """Clear the focused text field and type ``text``."""
    press(engine, pygame.K_BACKSPACE, CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    engine.run_frames(1)


def start_file_level(engine: GameEngine, path: Path, index: int) -> PlayScene:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    navigation.open_collection_file(engine, str(path))
    navigation.play_level(engine, index)
    engine.run_frames(1)
    play = engine.top
    assert isinstance(play, PlayScene)
    return play


# -- resume --------------------------------------------------------------------------------
def test_continue_after_a_restart_restores_level_position_and_undo(
    engine: GameEngine, levels_file: Path, restarted: list[GameEngine]
) -> None:
    open_store(engine)
    play = start_file_level(engine, levels_file, 0)
    play_moves(engine, FIRST_SOLUTION[:10])
    assert play.model.state.lurd() == FIRST_SOLUTION[:10]
    again = restart(engine, restarted)
    menu = again.top
    assert isinstance(menu, MainMenuScene)
    choice = menu.model.continue_choice
    assert choice.enabled and menu.model.menu.current is choice
    assert menu.model.continue_choice.label == "Continue: Test levels, level 1"
    press(again, pygame.K_RETURN)
    resumed = again.top
    assert isinstance(resumed, PlayScene)
    assert [type(scene) for scene in again.scenes] == [MainMenuScene, LevelSelectScene, PlayScene]
    assert resumed.model.level_index == 0 and resumed.model.state.lurd() == FIRST_SOLUTION[:10]
    # The level's clock and counters carry on from the save.
    assert again.context.statistics.elapsed > 1.0 and again.context.statistics.steps == 10
    for _ in range(10):
        press(again, pygame.K_u)
        settle(again)
    assert resumed.model.state.move_count == 0 and not resumed.model.state.can_undo
    press(again, pygame.K_y, CTRL)
    settle(again)
    assert resumed.model.state.lurd() == FIRST_SOLUTION[:1]
    # The visit that ended with quitting counts as one attempt with its moves.
    record = again.progress.level_record(again.context.session.collection_id, resumed.model.level)
    assert record is not None and record.attempts == 1 and record.moves_played == 10
    assert not record.solved


def test_leaving_a_level_saves_where_the_player_was(engine: GameEngine, levels_file: Path) -> None:
    play = start_file_level(engine, levels_file, 2)
    play_moves(engine, "ul")
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Leave level")
    assert isinstance(engine.top, LevelSelectScene)
    saved = engine.progress.load_session()
    assert saved is not None and (saved.level.number, saved.history) == (3, "ul")
    press(engine, pygame.K_ESCAPE)
    menu = engine.top
    assert isinstance(menu, MainMenuScene) and menu.model.continue_choice.label.endswith("level 3")
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, PlayScene) and engine.top.model.state.lurd() == "ul"
    assert engine.top is not play


def test_play_is_saved_every_interval_and_not_while_paused(
    engine: GameEngine, levels_file: Path
) -> None:
    assert engine.context.autosaver.interval == AUTOSAVE_SECONDS == 30.0
    start_file_level(engine, levels_file, 0)
    engine.context.autosaver.interval = 1.0
    play_moves(engine, "dl")
    engine.context.autosaver.since_save = 0.0
    assert engine.progress.load_session() is None
    press(engine, pygame.K_ESCAPE)
    engine.run_frames(90)  # a minute and a half of pause: the clock of play stands still
    assert engine.progress.load_session() is None
    press(engine, pygame.K_ESCAPE)
    engine.run_frames(61)
    saved = engine.progress.load_session()
    assert saved is not None and saved.history == "dl" and saved.level.number == 1


def test_a_saved_game_whose_file_is_gone_says_why(
    engine: GameEngine, levels_file: Path, tmp_path: Path
) -> None:
    start_file_level(engine, levels_file, 1)
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Leave level")
    press(engine, pygame.K_ESCAPE)
    engine.context.session = Session()
    menu = engine.top
    assert isinstance(menu, MainMenuScene)
    levels_file.write_text("Title: Test levels\n\n#####\n#@$.#\n#####\n")
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, MessageScene)
    assert engine.top.model.text == "Level 2 of Test levels is no longer in its collection."
    press(engine, pygame.K_RETURN)
    levels_file.unlink()
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, MessageScene) and "not found" in engine.top.model.text
    press(engine, pygame.K_RETURN)
    assert engine.top is menu


def test_a_game_on_pasted_levels_continues_with_the_level_kept_in_the_save(
    engine: GameEngine,
) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    assert navigation.open_collection_text(engine, "#######\n#@ $ .#\n#######\n")
    play_moves(engine, "r")
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Leave level")
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, PlayScene) and engine.top.model.state.lurd() == "r"
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Leave level")
    press(engine, pygame.K_ESCAPE)
    engine.context.session = Session()  # as after a restart of the game: the pasted text is gone
    press(engine, pygame.K_RETURN)
    # The save keeps the pasted level's text, so it resumes all the same.
    assert isinstance(engine.top, PlayScene) and engine.top.model.state.lurd() == "r"
    assert engine.context.session.source == LevelTexts(TextOrigin.PASTED)


# -- solving -------------------------------------------------------------------------------
def test_solving_keeps_the_record_moves_the_campaign_and_the_session_on(
    engine: GameEngine, campaign: Path
) -> None:
    engine.context.session = Session()
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    choose(engine, "Play campaign")
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.level_index == 0 and play.model.best == "-"
    play_moves(engine, FIRST_SOLUTION)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene) and complete.model.result.new_record
    store = engine.progress
    assert store.campaign().position == 1 and store.campaign().total_score == 967
    record = store.level_record(CAMPAIGN_ID, play.model.level)
    assert record is not None and record.solved and record.best_score == 967
    saved = store.load_session()
    assert saved is not None and (saved.level.number, saved.history) == (2, "")
    assert saved.statistics.elapsed == 0.0 and store.total_score() == 967
    press(engine, pygame.K_r)  # again, no better: no new record
    again = engine.top
    assert isinstance(again, PlayScene) and again.model.best == "33/8"
    play_moves(engine, FIRST_SOLUTION)
    assert isinstance(engine.top, LevelCompleteScene) and not engine.top.model.result.new_record
    assert store.campaign().position == 1
    press(engine, pygame.K_ESCAPE)
    select = engine.top
    assert isinstance(select, LevelSelectScene)
    assert select.model.is_solved(0) and not select.model.is_solved(1)
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Play campaign")
    assert isinstance(engine.top, PlayScene) and engine.top.model.level_index == 1


def test_a_solution_in_the_level_file_is_kept_as_par(engine: GameEngine) -> None:
    solution = f"####\nSolution: {FIRST_SOLUTION}\n\n; corridor"
    text = LEVELS_TEXT.replace("####\n\n; corridor", solution)
    assert navigation.open_collection_text(engine, text)
    engine.push(PlayScene(engine, PlayScreen(0)))
    play_moves(engine, "dl")
    engine.pop()  # left unsolved: par is known all the same
    level = engine.context.session.level
    assert level is not None
    record = engine.progress.level_record(engine.context.session.collection_id, level)
    assert record is not None and (record.par_moves, record.par_pushes) == (33, 8)


def test_statistics_from_the_main_menu_show_the_stored_results(engine: GameEngine) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    navigation.remember_collection(engine.context)
    navigation.play_level(engine, 1)
    play_moves(engine, "rRR")
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Statistics")
    stats = engine.top
    assert isinstance(stats, StatsScene) and stats.model.store is engine.progress
    assert stats.model.data.totals.levels_solved == 1 and stats.model.data.totals.moves == 3
    assert stats.model.data.collections[0].title == "Test levels"
    assert stats.model.data.collections[0].level_count == 4


# -- save slots ----------------------------------------------------------------------------
def test_slots_save_replace_load_and_delete_from_the_pause_menu(
    engine: GameEngine, levels_file: Path
) -> None:
    play = start_file_level(engine, levels_file, 3)
    play_moves(engine, "r")
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Saved games")
    slots = engine.top
    assert isinstance(slots, SlotsScene) and slots.model.can_save and slots.model.slots == []
    saved = slots.model
    press(engine, pygame.K_RETURN)
    prompt = engine.top
    assert isinstance(prompt, PromptScene)
    assert prompt.model.line.text == "Test levels, level 4"
    type_text(engine, "   ")
    press(engine, pygame.K_RETURN)
    # The dialog asks again, with the reason and the text as typed.
    again = engine.top
    assert isinstance(again, PromptScene) and again.model.error == "A save needs a name."
    assert again.model.line.text == "   "
    again.model.line.text = ""
    type_text(engine, "first try")
    press(engine, pygame.K_RETURN)
    assert engine.top is slots
    assert [(s.name, s.moves, s.level_number) for s in saved.slots] == [("first try", 1, 4)]
    assert saved.slot_at(saved.selected) is saved.slots[0]
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_ESCAPE)
    assert engine.top is play
    play_moves(engine, "r")
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Saved games")
    slots = engine.top
    assert isinstance(slots, SlotsScene)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_o)
    assert isinstance(engine.top, ConfirmScene)
    press(engine, pygame.K_n)
    assert engine.top is slots and slots.model.slots[0].moves == 1
    press(engine, pygame.K_o)
    press(engine, pygame.K_y)
    assert engine.top is slots and slots.model.slots[0].moves == 2
    assert "Saved as" in slots.model.message
    # Load it from the main menu after the level was played on and left.
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_ESCAPE)
    play_moves(engine, "l")
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Leave level")
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Saved games")
    slots = engine.top
    assert isinstance(slots, SlotsScene)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RETURN)
    loaded = engine.top
    assert isinstance(loaded, PlayScene) and loaded.model.level_index == 3
    assert loaded.model.state.lurd() == "rr"
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Saved games")
    slots = engine.top
    assert isinstance(slots, SlotsScene)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_DELETE)
    assert isinstance(engine.top, ConfirmScene)
    press(engine, pygame.K_RETURN)
    assert engine.top is slots and slots.model.slots == []
    assert SaveSlots(engine.progress).list() == []


def test_slots_from_the_main_menu_save_the_last_session(engine: GameEngine) -> None:
    menu = MainMenuScene(engine, MainMenuScreen())
    engine.push(menu)
    choose(engine, "Saved games")
    slots = engine.top
    assert isinstance(slots, SlotsScene) and not slots.model.can_save and slots.model.row_count == 0
    press(engine, pygame.K_RETURN)
    assert engine.top is slots
    press(engine, pygame.K_ESCAPE)
    navigation.play_level(engine, 1)
    play_moves(engine, "r")
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Leave level")
    choose(engine, "Saved games")
    slots = engine.top
    assert isinstance(slots, SlotsScene) and slots.model.can_save
    press(engine, pygame.K_RETURN)
    type_text(engine, "corridor")
    press(engine, pygame.K_RETURN)
    assert [(s.name, s.level_number, s.moves) for s in slots.model.slots] == [("corridor", 2, 1)]


# -- settings, export and import -----------------------------------------------------------
def test_settings_are_kept_between_runs(engine: GameEngine, restarted: list[GameEngine]) -> None:
    open_store(engine)
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    engine.push(SettingsScene(engine, SettingsScreen()))
    press(engine, pygame.K_RIGHT)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_LEFT)
    assert engine.progress.get_setting("animation_speed", "") == "fast"  # Right: faster
    again = restart(engine, restarted)
    assert again.settings.animation_speed is AnimationSpeed.FAST
    assert again.settings.volume == pytest.approx(0.5)
    assert again.sound.volume == pytest.approx(0.5)


def test_export_and_import_from_the_settings_screen(
    engine: GameEngine, tmp_path: Path, restarted: list[GameEngine]
) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    navigation.play_level(engine, 1)
    play_moves(engine, "rRR")
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_ESCAPE)
    settings = SettingsScene(engine, SettingsScreen())
    engine.push(settings)
    choose(engine, "Export progress")
    assert isinstance(engine.top, PromptScene)
    type_text(engine, str(tmp_path / "missing" / "out.json"))
    press(engine, pygame.K_RETURN)
    prompt = engine.top
    assert isinstance(prompt, PromptScene) and "Cannot write" in prompt.model.error
    exported = tmp_path / "out.json"
    type_text(engine, str(exported))
    press(engine, pygame.K_RETURN)
    assert engine.top is settings
    assert settings.model.message.startswith("Exported 1 level record and")
    assert exported.is_file()
    # Another computer: a fresh store takes the file in.
    again = restart(engine, restarted)
    assert again.progress.totals().levels_solved == 0
    settings = SettingsScene(again, SettingsScreen())
    again.push(settings)
    choose(again, "Import progress")
    type_text(again, str(tmp_path / "nothing.json"))
    press(again, pygame.K_RETURN)
    refused = again.top
    assert isinstance(refused, PromptScene) and "nothing.json" in refused.model.error
    type_text(again, str(exported))
    press(again, pygame.K_RETURN)
    # The levels came from no file, so the import keeps their record aside, unverified, until
    # their collection is opened again (issue 17: an import believes nothing it cannot replay).
    assert again.top is settings and settings.model.message.endswith("opened: 1 record.")
    assert again.progress.totals().levels_solved == 0
    opened = engine.context.session
    assert opened.collection is not None
    again.progress.remember_collection(opened.collection_id, "", "", opened.collection.levels)
    assert again.progress.totals().levels_solved == 1


# -- start-up messages ---------------------------------------------------------------------
def first_screens(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[type], str, bool]]:
    """Run start_game without its loop; what was on screen when the loop would have run."""
    seen: list[tuple[list[type], str, bool]] = []

    def look(engine: GameEngine, max_frames: int | None = None) -> None:
        engine.run_frames(2)
        text = engine.top.model.text if isinstance(engine.top, MessageScene) else ""
        seen.append(([type(scene) for scene in engine.scenes], text, engine.progress.read_only))

    monkeypatch.setattr(GameEngine, "run", look)
    monkeypatch.setattr("game.audio.sound.SoundService.preload", lambda self: None)
    assert start_game() == 0
    return seen


def test_a_damaged_store_is_moved_aside_and_the_start_says_so(
    temporary_home: Path, monkeypatch: pytest.MonkeyPatch, engine: GameEngine
) -> None:
    engine.shutdown()
    home = temporary_home
    home.mkdir()
    (home / "progress.sqlite3").write_bytes(b"this is not a database at all" * 100)
    [(scenes, text, read_only)] = first_screens(monkeypatch)
    assert scenes == [MainMenuScene, MessageScene] and not read_only
    assert "unreadable" in text and "fresh one was started" in text
    assert len(list(home.glob("progress.sqlite3.unreadable-*"))) == 1
    assert first_screens(monkeypatch)[0][0] == [MainMenuScene]


def test_a_newer_store_is_opened_read_only_with_a_message(
    temporary_home: Path, monkeypatch: pytest.MonkeyPatch, engine: GameEngine
) -> None:
    engine.shutdown()
    store, _ = ProgressStore.open()
    store.set_setting("animation_speed", "fast")
    store.close()
    with sqlite3.connect(temporary_home / "progress.sqlite3") as connection:
        connection.execute("PRAGMA user_version = 999")
    connection.close()
    [(scenes, text, read_only)] = first_screens(monkeypatch)
    assert scenes == [MainMenuScene, MessageScene] and read_only
    assert "newer version" in text


def test_a_failed_save_is_reported_on_the_main_menu(engine: GameEngine) -> None:
    menu = MainMenuScene(engine, MainMenuScreen())
    engine.push(menu)
    navigation.play_level(engine, 1)
    play_moves(engine, "r")
    engine.progress.close()  # as if the disk had gone away
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Leave level")
    assert engine.top is menu
    problem = engine.context.autosaver.last_problem
    assert problem is not None and problem.text.startswith("Progress was not saved")
    engine.run_frames(2)


def test_a_long_list_of_saves_scrolls_to_the_chosen_one(engine: GameEngine) -> None:
    engine.screen = pygame.display.set_mode((640, 480), pygame.RESIZABLE)
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    navigation.play_level(engine, 1)
    play = engine.top
    assert isinstance(play, PlayScene)
    slots = SaveSlots(engine.progress)
    for number in range(20):
        game = saving.saved_game(engine.context, 1, play.model.state)
        assert slots.save(f"save {number:02d}", game) is None
    press(engine, pygame.K_ESCAPE)
    choose(engine, "Saved games")
    screen = engine.top
    assert isinstance(screen, SlotsScene) and screen.model.row_count == 21
    for _ in range(20):
        press(engine, pygame.K_DOWN)
    assert screen.model.selected == 20
    view = screen.model.view()
    rows = screen.visible_rows(engine.screen, view)
    assert 20 in rows and 0 not in rows
    area = screen.list_area(engine.screen)
    assert area.contains(screen.row_rect(engine.screen, view, 20))


def test_the_real_start_saves_on_quit_and_continues_next_time(
    monkeypatch: pytest.MonkeyPatch, levels_file: Path, temporary_home: Path, engine: GameEngine
) -> None:
    engine.shutdown()
    monkeypatch.setattr("game.audio.sound.SoundService.preload", lambda self: None)
    found: list[str] = []

    def first_run(started: GameEngine, max_frames: int | None = None) -> None:
        navigation.open_collection_file(started, str(levels_file))
        navigation.play_level(started, 2)
        play_moves(started, "ulr")
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        started.run_frames(1)

    def second_run(started: GameEngine, max_frames: int | None = None) -> None:
        started.run_frames(1)
        press(started, pygame.K_RETURN)
        play = started.top
        found.append(play.model.state.lurd() if isinstance(play, PlayScene) else "")

    monkeypatch.setattr(GameEngine, "run", first_run)
    assert start_game() == 0
    assert (temporary_home / "progress.sqlite3").is_file()
    monkeypatch.setattr(GameEngine, "run", second_run)
    assert start_game() == 0
    assert found == ["ulr"]
