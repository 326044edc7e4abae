"""Play polish, round three: what a new player still tripped over (issue 34), each a test that
failed before its fix.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import editing, navigation
from game.app.hud_info import HudInfo
from game.app.menu import Choice, MenuModel, PointAt
from game.app.notice import Tone
from game.app.play_commands import PlayCommand
from game.app.screens import (
    EditorScreen,
    LevelSelectScreen,
    MainMenuScreen,
    PlayScreen,
    Screen,
    SlotsScreen,
    StatsScreen,
)
from game.app.settings_menu import PLAIN_METHOD_HELP, default_transfer_path
from game.core.collection import read_collection_text
from game.core.edit_grid import Grid
from game.core.errors import LevelError
from game.core.level_ref import Campaign, LevelFile
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
from game.scenes.editor import EditorScene
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.message import MessageScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from game.solver.methods import METHOD_HELP
from game.ui import theme
from game.ui.editor_keys import EDITOR_KEYS, Zoom
from game.ui.editor_view import board_of, marks_of
from game.ui.hud import draw_hud
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


def hud(score: int | None, level_score: int | None) -> HudInfo:
    return HudInfo("Levels", 1, 4, "", 12, 3, score, level_score, "-", "", 1, 2)


def test_every_score_on_the_hud_says_which_score_it_is(drawn_texts: list[Drawn]) -> None:
    pygame.font.init()
    draw_hud(pygame.Surface((1280, 200)), hud(4000, 1000), 9.0)
    shown = [item.text for item in drawn_texts]
    assert "THIS LEVEL" in shown and "TOTAL SCORE" in shown and "SCORE" not in shown
    assert "1,000" in shown and "4,000" in shown and not any("(+" in text for text in shown)
    drawn_texts.clear()
    draw_hud(pygame.Surface((1280, 200)), hud(None, None), 9.0)  # a test play scores nothing
    shown = [item.text for item in drawn_texts]
    assert "TOTAL SCORE" not in shown and "THIS LEVEL" not in shown and "0" not in shown


@pytest.mark.parametrize("width", [640, 1280])
def test_the_hud_columns_keep_still_as_the_clock_runs(
    drawn_texts: list[Drawn], width: int
) -> None:
    pygame.font.init()
    places = []
    for seconds in (71.0, 77.0, 111.0):  # 1:11 is narrower than 1:17 in a proportional font
        drawn_texts.clear()
        draw_hud(pygame.Surface((width, 200)), hud(4000, 1000), seconds)
        places.append({item.text: item.rect.centerx for item in drawn_texts if item.text.isupper()})
    assert places[0] == places[1] == places[2]


def test_the_level_select_header_names_its_score_and_the_total(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    engine.run_frames(1)
    header = [item.text for item in drawn_texts if "solved" in item.text]
    assert header and "points here (total score 0)" in header[-1]


def test_a_test_play_shows_no_score(engine: GameEngine) -> None:
    editing.TestPlay(engine).start(level_collection().levels[1])
    play = engine.top
    assert isinstance(play, PlayScene)
    assert play.model.hud_info().score is None and play.model.hud_info().level_score is None
    play_moves(engine, "rrr")
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    assert [label for label, _ in complete.model.view().rows] == ["Moves", "Pushes", "Time"]


UNPLAYABLE_SECOND = (
    "; one\n#####\n#@$.#\n#####\n\n"
    "; two\n#####\n#@*.#\n#####\n\n"  # one box, two goals: cannot be played
    "; three\n######\n#@$ .#\n######\n"
)


def test_a_level_that_cannot_be_played_keeps_its_number() -> None:
    collection = read_collection_text(UNPLAYABLE_SECOND)
    assert [level.title for level in collection.levels] == ["one", "three"]
    assert collection.number_of(1) == 3 and collection.file_count == 3
    assert collection.find("3").title == "three"
    with pytest.raises(LevelError, match="level 2 cannot be played: the level has 1 box"):
        collection.find("2")
    with pytest.raises(LevelError, match="the file has 3 levels"):
        collection.find("4")


def test_the_hud_and_the_cards_number_levels_as_the_file_does(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    engine.context.session.open(read_collection_text(UNPLAYABLE_SECOND), LevelFile("x.xsb"))
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    navigation.play_level(engine, 1)
    play = engine.top
    assert isinstance(play, PlayScene)
    info = play.model.hud_info()
    assert (info.level_number, info.level_count) == (3, 3)
    engine.pop()
    drawn_texts.clear()
    engine.run_frames(1)
    assert "3" in [item.text for item in drawn_texts]


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


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_editors_notice_leaves_the_column_numbers_clear(
    engine: GameEngine, drawn_texts: list[Drawn], size: tuple[int, int]
) -> None:
    engine.screen = pygame.display.set_mode(size)
    engine.open_stack([MainMenuScreen(), EditorScreen(Grid.empty(12, 9))])
    editor = engine.top
    assert isinstance(editor, EditorScene)
    text = "Cannot save: the level needs a player, a box and a goal"
    editor.model.editor.notify(text, Tone.DANGER)
    engine.run_frames(1)
    notice = next(item for item in drawn_texts if item.text.startswith("Cannot save"))
    numbers = [item for item in drawn_texts if item.text.isdigit()]
    assert numbers and not any(notice.rect.colliderect(item.rect) for item in numbers)


def test_the_editor_draws_a_dead_box_mark_over_its_cursor(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), EditorScreen(Grid.empty(5, 5))])
    editor = engine.top
    assert isinstance(editor, EditorScene)
    view = editor.model.view()
    marks = marks_of(view, board_of(view.grid)[0])
    assert marks[0].colour == theme.ACCENT_ALT  # drawn first: a red mark there stays on top


def test_saved_games_offer_no_save_over_or_delete_with_no_saves(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), SlotsScreen(lambda: None)])
    slots = engine.top
    assert isinstance(slots, GameScene)
    keys = [key for key, _ in slots.key_hints()]
    assert "O" not in keys and "Del" not in keys and "Esc" in keys


def test_the_solver_methods_are_described_in_plain_words() -> None:
    jargon = ("feature space", "Festival", "best-first", "matching", "A*", "macros")
    for method, text in PLAIN_METHOD_HELP.items():
        assert method in METHOD_HELP and not any(word in text for word in jargon), method


def test_the_editor_says_once_that_the_clipboard_holds_no_level(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), EditorScreen(Grid.empty(5, 5))])
    editor = engine.top
    assert isinstance(editor, EditorScene)
    engine.clipboard.put("hello")
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    notice = editor.model.view().notice
    assert notice is not None and notice.text == "The clipboard holds no level (rows of # $ . @)"


def test_export_and_import_default_to_the_documents_folder(tmp_path: Path) -> None:
    assert default_transfer_path(tmp_path) == tmp_path / "sokoban-progress.json"
    (tmp_path / "Documents").mkdir()
    assert default_transfer_path(tmp_path) == tmp_path / "Documents" / "sokoban-progress.json"


def test_level_select_shows_an_unplayable_level_in_its_place_and_says_why(
    engine: GameEngine,
) -> None:
    engine.context.session.open(read_collection_text(UNPLAYABLE_SECOND), LevelFile("x.xsb"))
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    select = engine.top
    assert isinstance(select, LevelSelectScene)
    assert select.model.in_view == [0, -2, 1]  # level 2 of the file keeps its place
    press(engine, pygame.K_RIGHT)
    assert select.model.selected == -2
    press(engine, pygame.K_RETURN)
    said = engine.top
    assert isinstance(said, MessageScene) and said.model.title == "Level 2 cannot be played"
    assert "1 box but 2 goals" in said.model.text
    engine.pop()
    press(engine, pygame.K_RIGHT)
    press(engine, pygame.K_RETURN)
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.hud_info().level_number == 3
