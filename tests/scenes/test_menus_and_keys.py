"""Menus and keys across the screens: a level left mid-way resumes, zoom keys however the
keyboard sends them, a resting pointer, shortcuts on menus, key bars that show what works now,
a menu that keeps its place, and the settings' words and default paths.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import navigation
from game.app.dialogs.menu import Choice, MenuModel, PointAt
from game.app.play_commands import PlayCommand
from game.app.screens import (
    LevelSelectScreen,
    MainMenuScreen,
    PlayScreen,
    Screen,
    SlotsScreen,
    StatsScreen,
)
from game.app.settings_menu import PLAIN_METHOD_HELP, default_transfer_path
from game.core.level_ref import Campaign
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.message import MessageScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from game.solver.methods import METHOD_HELP
from game.ui.editor_keys import EDITOR_KEYS, Zoom
from game.ui.play_keys import PLAY_KEYS
from game.ui.widgets import menu_command, menu_rects
from tests.engine.harness import level_collection, play_moves, press
from tests.scenes.conftest import Drawn


def test_a_level_left_mid_way_resumes_from_level_select(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    select = engine.top
    assert isinstance(select, LevelSelectScene)
    model = select.model
    model.handle(PointAt(1))
    press(engine, pygame.K_RETURN)
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.level_index == 1
    play_moves(engine, "rr")
    navigation.leave_level(engine)
    assert engine.top is select
    model.handle(PointAt(1))
    press(engine, pygame.K_RETURN)
    again = engine.top
    assert isinstance(again, PlayScene) and again.model.state.lurd() == "rR"
    notice = again.model.controller.notice
    assert notice is not None and "R starts over" in notice.text
    press(engine, pygame.K_u)
    assert again.model.state.move_count == 1  # the history came back too
    # Another level starts afresh.
    navigation.leave_level(engine)
    model.handle(PointAt(2))
    press(engine, pygame.K_RETURN)
    other = engine.top
    assert isinstance(other, PlayScene) and other.model.state.move_count == 0


def test_a_game_resumed_and_left_again_counts_its_moves_once(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    select = engine.top
    assert isinstance(select, LevelSelectScene)
    select.model.handle(PointAt(1))
    press(engine, pygame.K_RETURN)
    play = engine.top
    assert isinstance(play, PlayScene)
    level = play.model.level
    play_moves(engine, "rr")
    navigation.leave_level(engine)
    for _ in range(2):  # resumed, and left with nothing done; then one move more
        select.model.handle(PointAt(1))
        press(engine, pygame.K_RETURN)
        navigation.leave_level(engine)
    select.model.handle(PointAt(1))
    press(engine, pygame.K_RETURN)
    play_moves(engine, "r")
    navigation.leave_level(engine)
    context = engine.context
    record = context.progress.level_record(context.session.collection_id, level)
    assert record is not None and (record.attempts, record.moves_played) == (2, 3)


@pytest.mark.parametrize(
    ("key", "mod"),
    [(pygame.K_EQUALS, pygame.KMOD_LSHIFT), (pygame.K_PLUS, pygame.KMOD_LSHIFT),
     (pygame.K_PLUS, 0), (pygame.K_EQUALS, 0), (pygame.K_KP_PLUS, 0)],
)
def test_plus_zooms_in_however_the_keyboard_sends_it(key: int, mod: int) -> None:
    # A US keyboard's "+" is Shift+=: the key is "=" with Shift held.
    assert PLAY_KEYS.command(key, mod) is PlayCommand.ZOOM_IN
    assert EDITOR_KEYS.command(key, mod | pygame.KMOD_LCTRL) is Zoom.IN or (
        key == pygame.K_KP_PLUS
    )


def test_a_pointer_resting_over_a_menu_leaves_the_keyboard_its_choice() -> None:
    menu = MenuModel([Choice("Continue", lambda: None), Choice("Level editor", lambda: None)])
    area = pygame.Rect(0, 0, 600, 400)
    over_second = menu_rects(menu.view(), area)[1].center
    # SDL reports the pointer where it rests when the window opens under it: not a choice.
    resting = pygame.event.Event(pygame.MOUSEMOTION, pos=over_second, rel=(0, 0), buttons=(0, 0, 0))
    assert menu_command(resting, menu.view(), area) is None
    assert menu.current.label == "Continue"
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=over_second, rel=(3, 1), buttons=(0, 0, 0))
    command = menu_command(moved, menu.view(), area)
    assert command is not None
    menu.handle(command)
    assert menu.current.label == "Level editor"


def test_level_select_goes_to_the_campaign_with_c(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    press(engine, pygame.K_c)
    select = engine.top
    assert isinstance(select, LevelSelectScene)
    assert engine.context.session.source == Campaign() and len(engine.scenes) == 2
    assert ("C", "campaign") in select.key_hints()


@pytest.mark.parametrize("screens", [[MainMenuScreen()], [MainMenuScreen(), LevelSelectScreen()]])
def test_ctrl_v_on_a_menu_opens_pasted_levels_or_says_why_not(
    engine: GameEngine, screens: list[Screen]
) -> None:
    engine.open_stack(screens)
    engine.clipboard.put("not a level at all")
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    said = engine.top
    assert isinstance(said, MessageScene) and "no level" in said.model.text
    engine.pop()
    engine.clipboard.put("#####\n#@$.#\n#####")
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    assert isinstance(engine.top, PlayScene)  # one pasted level opens at once
    assert engine.context.session.title == "Pasted levels"


def test_statistics_say_when_more_collections_than_rows_are_there(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    engine.screen = pygame.display.set_mode((640, 480))
    levels = level_collection().levels
    for number in range(6):
        engine.progress.remember_collection(f"c{number}", f"Collection {number}", "", levels)
    engine.open_stack([MainMenuScreen(), StatsScreen()])
    engine.run_frames(1)
    shown = [item.text for item in drawn_texts]
    assert any(text.endswith("of 6, Up/Down") for text in shown), shown


def test_the_key_bar_shows_the_solution_keys_while_it_plays(
    engine: GameEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine.open_stack([MainMenuScreen(), LevelSelectScreen(), PlayScreen(0)])
    play = engine.top
    assert isinstance(play, PlayScene)
    assert ("N", "step") not in play.key_hints()
    monkeypatch.setattr(type(play.model.assist), "in_solution", property(lambda _: True))
    engine.run_frames(1)
    assert ("N", "step") in play.key_hints() and ("[ ]", "slower/faster") in play.key_hints()
    # The board is fitted above that bar.
    bottom = play.painter.status_top(engine.screen.get_size(), play.key_hints())
    assert play.camera.view.bottom <= bottom


def test_back_from_saved_games_the_pause_menu_keeps_its_place(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), LevelSelectScreen(), PlayScreen(0)])
    press(engine, pygame.K_ESCAPE)
    pause = engine.top
    assert isinstance(pause, PauseScene)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RETURN)  # Saved games
    press(engine, pygame.K_ESCAPE)
    back = engine.top
    assert back is pause
    assert isinstance(back, PauseScene) and back.model.menu.current.label == "Saved games"
    press(engine, pygame.K_UP)
    assert back.model.menu.current.label == "Restart level"


def test_back_from_settings_the_main_menu_keeps_its_place(engine: GameEngine) -> None:
    # Coming back to Continue on the top made Up choose Quit, which quits at once.
    engine.open_stack([MainMenuScreen(), LevelSelectScreen(), PlayScreen(1)])
    play_moves(engine, "rr")
    navigation.leave_level(engine)
    press(engine, pygame.K_ESCAPE)
    menu = engine.top
    assert isinstance(menu, MainMenuScene)
    choices = menu.model.menu
    assert choices.current.label.startswith("Continue")  # the game just kept
    while choices.current.label != "Settings":
        press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RETURN)
    assert engine.top is not menu
    press(engine, pygame.K_ESCAPE)
    assert engine.top is menu
    assert choices.current.label == "Settings"
    press(engine, pygame.K_UP)
    assert choices.current.label == "Statistics"
    press(engine, pygame.K_UP)
    press(engine, pygame.K_RETURN)  # the level editor's size question
    press(engine, pygame.K_ESCAPE)
    assert engine.top is menu
    assert choices.current.label == "Level editor"


def test_saved_games_offer_no_save_over_or_delete_with_no_saves(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), SlotsScreen(lambda: None)])
    slots = engine.top
    assert isinstance(slots, GameScene)
    keys = [key for key, _ in slots.key_hints()]
    assert "O" not in keys and "Del" not in keys and "Esc" in keys


def test_the_solver_methods_are_described_in_plain_words() -> None:
    jargon = ("feature space", "Festival", "best-first", "matching", "A*", "macros", "strategy")
    assert PLAIN_METHOD_HELP.keys() == METHOD_HELP.keys()  # the menu offers every method
    for method, text in PLAIN_METHOD_HELP.items():
        assert not any(word in text for word in jargon), method


def test_export_and_import_default_to_the_documents_folder(tmp_path: Path) -> None:
    assert default_transfer_path(tmp_path) == tmp_path / "sokoban-progress.json"
    (tmp_path / "Documents").mkdir()
    assert default_transfer_path(tmp_path) == tmp_path / "Documents" / "sokoban-progress.json"
