"""Every scene entered and drawn, and the ways between them: menus, level select, files, dialogs.

Each test starts from the main menu or the scene in question, headless.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

import game.app.session as session_module
from game.app import saving
from game.app.dialogs.questions import Answer, AskText, AskYesNo
from game.app.level_result import LevelResult
from game.app.screens import (
    ConfirmScreen,
    LevelCompleteScreen,
    LevelSelectScreen,
    MainMenuScreen,
    MessageScreen,
    OpenFileScreen,
    PauseScreen,
    PlayScreen,
    PromptScreen,
    SettingsScreen,
    SlotsScreen,
    StatsScreen,
)
from game.app.session import Session
from game.app.settings import AnimationSpeed
from game.core.level_ref import Campaign, LevelFile
from game.engine.engine import GameEngine
from game.engine.scene import Scene
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.message import MessageScene
from game.scenes.open_file import OpenFileScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from game.scenes.prompt import ConfirmScene, PromptScene
from game.scenes.settings import SettingsScene
from game.scenes.slots import SlotsScene
from game.scenes.stats import StatsScene
from tests.engine.harness import FIRST_SOLUTION, LEVELS_TEXT, click, play_moves, press, settle

CORRIDOR = "#######\n#@ $ .#\n#######\n"


def drawn_colours(surface: pygame.Surface) -> int:
    """How many different colours a coarse sample of the screen holds."""
    width, height = surface.get_size()
    return len(
        {surface.get_at((x, y))[:3] for x in range(0, width, 23) for y in range(0, height, 19)}
    )


def ignore(answer: Answer) -> None:
    """A dialog's answer nobody waits for."""


def every_scene(engine: GameEngine) -> list[Scene[Any]]:
    play = PlayScene(engine, PlayScreen(0))
    result = LevelResult(0, "first", 33, 8, 61.0, 967, 967, True)
    return [
        MainMenuScene(engine, MainMenuScreen()),
        LevelSelectScene(engine, LevelSelectScreen()),
        play,
        PauseScene(engine, PauseScreen(play.model)),
        LevelCompleteScene(engine, LevelCompleteScreen(result)),
        SettingsScene(engine, SettingsScreen()),
        OpenFileScene(engine, OpenFileScreen()),
        MessageScene(
            engine, MessageScreen("Title", "Some words that a dialog shows.\nA second line.")
        ),
        SlotsScene(
            engine, SlotsScreen(lambda: saving.saved_game(engine.context, 0, play.model.state))
        ),
        PromptScene(
            engine,
            PromptScreen(AskText("Save the game", "A name for this save.", "mine"), ignore),
        ),
        ConfirmScene(
            engine, ConfirmScreen(AskYesNo("Delete the save?", "It will be gone for good."), ignore)
        ),
        StatsScene(engine, StatsScreen()),
    ]


@pytest.mark.parametrize("size", [(1280, 800), (640, 480)])
def test_every_scene_enters_and_draws_a_frame(engine: GameEngine, size: tuple[int, int]) -> None:
    engine.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    for scene in every_scene(engine):
        # A blank screen first: the colours counted are this scene's, not the one before's.
        engine.screen.fill((0, 0, 0))
        engine.push(scene)
        engine.run_frames(2)
        assert engine.top is scene
        assert drawn_colours(engine.screen) > 5, type(scene).__name__


def test_the_level_editor_entry_asks_the_new_level_s_size(engine: GameEngine) -> None:
    menu = MainMenuScene(engine, MainMenuScreen())
    engine.push(menu)
    menu.model.menu.select(
        next(i for i, item in enumerate(menu.model.menu.choices) if item.label == "Level editor")
    )
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, PromptScene)
    assert engine.top.model.question.title == "New level"
    press(engine, pygame.K_ESCAPE)
    assert engine.top is menu


def test_continue_is_offered_once_a_level_was_played(engine: GameEngine) -> None:
    menu = MainMenuScene(engine, MainMenuScreen())
    engine.push(menu)
    assert not menu.model.continue_choice.enabled
    engine.push(PlayScene(engine, PlayScreen(2)))
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_END)
    pause = engine.top
    assert isinstance(pause, PauseScene)
    pause.model.menu.select(len(pause.model.menu.choices) - 1)
    press(engine, pygame.K_RETURN)
    assert engine.top is menu
    choice = menu.model.continue_choice
    assert choice.enabled and menu.model.menu.current is choice
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, PlayScene) and engine.top.model.level_index == 2


def test_campaign_missing_gives_a_message_and_present_plays_level_one(
    engine: GameEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session_module, "CAMPAIGN_PATH", tmp_path / "campaign.xsb")
    engine.context.session = Session()
    menu = MainMenuScene(engine, MainMenuScreen())
    engine.push(menu)
    menu.model.menu.select(1)
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, MessageScene) and "missing" in engine.top.model.text
    press(engine, pygame.K_RETURN)
    (tmp_path / "campaign.xsb").write_text(LEVELS_TEXT)
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, PlayScene)
    assert engine.top.model.level_index == 0 and engine.context.session.source == Campaign()


def test_level_select_keys_mouse_and_back(engine: GameEngine) -> None:
    menu = MainMenuScene(engine, MainMenuScreen())
    engine.push(menu)
    menu.model.menu.select(2)
    press(engine, pygame.K_RETURN)
    select = engine.top
    assert isinstance(select, LevelSelectScene)
    engine.run_frames(10)  # at least one preview a tick, more when time allows
    assert len(select.previews) == len(select.model.levels)
    press(engine, pygame.K_RIGHT)
    press(engine, pygame.K_RIGHT)
    assert select.model.selected == 2
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, PlayScene) and engine.top.model.level_index == 2
    press(engine, pygame.K_ESCAPE)
    pause = engine.top
    assert isinstance(pause, PauseScene)
    pause.model.menu.select(len(pause.model.menu.choices) - 1)
    press(engine, pygame.K_RETURN)
    assert engine.top is select
    click(engine, select.card_rect(engine.screen, select.model.view(), 1).center)
    assert isinstance(engine.top, PlayScene) and engine.top.model.level_index == 1
    play_moves(engine, "rRR")
    assert isinstance(engine.top, LevelCompleteScene)
    press(engine, pygame.K_ESCAPE)
    assert engine.top is select
    press(engine, pygame.K_ESCAPE)
    assert engine.top is menu


def test_level_complete_goes_on_to_the_next_level_or_plays_again(engine: GameEngine) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    engine.push(PlayScene(engine, PlayScreen(0)))
    play_moves(engine, FIRST_SOLUTION)
    assert isinstance(engine.top, LevelCompleteScene)
    press(engine, pygame.K_r)
    assert isinstance(engine.top, PlayScene) and engine.top.model.level_index == 0
    assert engine.top.model.state.move_count == 0
    play_moves(engine, FIRST_SOLUTION)
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, PlayScene) and engine.top.model.level_index == 1
    assert len(engine.scenes) == 2
    assert engine.progress.totals().levels_solved == 1  # the same level, solved twice


def test_the_last_level_offers_the_way_back(engine: GameEngine) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    last = engine.context.session.level_count - 1
    engine.push(PlayScene(engine, PlayScreen(last)))
    engine.settings.animation_speed = AnimationSpeed.INSTANT
    play_moves(engine, "drR")
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    assert complete.model.menu.current.label == "Back to the levels"
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, LevelSelectScene)


def test_settings_change_speed_volume_and_show_keys(engine: GameEngine) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    settings = SettingsScene(engine, SettingsScreen())
    engine.push(settings)
    press(engine, pygame.K_RIGHT)  # Right: faster
    assert engine.settings.animation_speed is AnimationSpeed.FAST
    press(engine, pygame.K_LEFT)
    press(engine, pygame.K_LEFT)
    assert engine.settings.animation_speed is AnimationSpeed.SLOW
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_LEFT)
    assert engine.settings.volume == pytest.approx(0.5)
    assert engine.sound.volume == pytest.approx(0.5)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RETURN)  # fullscreen: allowed or refused, never a crash
    press(engine, pygame.K_RETURN)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RIGHT)  # the solver for Solve: the next method, kept in the store
    assert engine.settings.solve_method != "fast"
    assert engine.progress.get_setting("solve_method", "") == engine.settings.solve_method
    press(engine, pygame.K_LEFT)
    assert engine.settings.solve_method == "fast"
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, MessageScene) and "Undo" in engine.top.model.text
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_ESCAPE)
    assert isinstance(engine.top, MainMenuScene)


def test_open_file_by_typing_a_path(engine: GameEngine, tmp_path: Path) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    dialog = OpenFileScene(engine, OpenFileScreen())
    engine.push(dialog)
    dialog.model.line.text = ""
    for text in (str(tmp_path), "/missing.xsb"):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    press(engine, pygame.K_RETURN)
    assert engine.top is dialog and "cannot read" in dialog.model.error
    (tmp_path / "mine.xsb").write_text(LEVELS_TEXT)
    press(engine, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "mine.xsb")))
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, LevelSelectScene)
    assert engine.context.session.source == LevelFile(str(tmp_path / "mine.xsb"))
    assert engine.context.session.title == "Test levels"


def test_open_file_lists_matching_files_and_tab_completes(
    engine: GameEngine, tmp_path: Path
) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "mine.xsb").write_text(LEVELS_TEXT)
    (tmp_path / "sets" / "notes.md").write_text("not levels")
    (tmp_path / "solo.sok").write_text(CORRIDOR)
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    dialog = OpenFileScene(engine, OpenFileScreen())
    engine.push(dialog)
    dialog.model.line.text = str(tmp_path) + "/s"
    engine.run_frames(1)
    assert dialog.model.view().candidates == ("sets/", "solo.sok")
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_TAB)
    assert dialog.model.line.text.endswith("solo.sok")
    dialog.model.line.text = str(tmp_path) + "/s"
    engine.run_frames(1)
    click(engine, dialog.candidate_rects(engine.screen, dialog.model.view())[0].center)
    engine.run_frames(1)
    assert dialog.model.line.text.endswith("sets/")
    assert dialog.model.view().candidates == ("mine.xsb",)
    press(engine, pygame.K_RETURN)
    assert isinstance(engine.top, LevelSelectScene)
    assert engine.context.session.source == LevelFile(str(tmp_path / "sets" / "mine.xsb"))


def test_dropping_a_file_opens_it_and_a_bad_one_says_why(
    engine: GameEngine, tmp_path: Path
) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    single = tmp_path / "single.xsb"
    single.write_text(CORRIDOR)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(single)))
    settle(engine)
    assert isinstance(engine.top, PlayScene)
    assert [type(scene) for scene in engine.scenes] == [
        MainMenuScene,
        LevelSelectScene,
        PlayScene,
    ]
    broken = tmp_path / "broken.xsb"
    broken.write_text("#####\n#@$ #\n#####\n")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(broken)))
    settle(engine)
    assert isinstance(engine.top, MessageScene)
    assert "no level that can be played" in engine.top.model.text
