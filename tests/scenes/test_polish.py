"""What a new player would trip over: labels that run out of their boxes, keys that do nothing,
Esc that ends the game, words like "1 levels", a paste that throws a game away.

Every screen, dialog and help is drawn at 640x480, 1280x800 and 1920x1080 with its texts measured
against their boxes.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app import saving
from game.app.main_menu import continue_label
from game.app.screens import (
    EditorScreen,
    LevelCompleteScreen,
    MainMenuScreen,
    MessageScreen,
    PlayScreen,
    Screen,
    SettingsScreen,
)
from game.core.collection import read_collection_text
from game.core.level_ref import FileLevel, LevelFile
from game.core.play import PlayState
from game.engine.engine import GameEngine
from game.engine.scene import Scene
from game.scenes.base import GameScene
from game.scenes.editor import EditorScene
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.message import MessageScene
from game.scenes.play import PlayScene
from game.scenes.prompt import ConfirmScene
from game.scenes.settings import SettingsScene
from game.ui.editor_keys import EDITOR_KEYS
from game.ui.play_keys import PLAY_KEYS
from tests.engine.harness import LEVELS_TEXT, play_moves, press
from tests.scenes.conftest import Drawn
from tests.scenes.test_scenes import every_scene

SIZES = [(640, 480), (1280, 800), (1920, 1080)]
LONG_TITLE = "Sokoban Arcade Campaign of Very Long Names for Every Single Level, Volume Two"


def draw_alone(engine: GameEngine, scene: Scene[Any]) -> None:
    engine.screen.fill((0, 0, 0))
    scene.draw(engine.screen, scene.shown(), 0.0)
    scene.draw_keys(engine.screen)


def chaptered(text: str) -> str:
    """``text``'s levels in two chapters with long names, the second starting at level 3."""
    entries = text.split("\n; ")
    names = ["1 The First Chapter of a Long Book", "2 The Second Chapter of a Long Book"]
    marked = [
        entry.rstrip("\n") + f"\nChapter: {names[0] if number < 2 else names[1]}\n"
        for number, entry in enumerate(entries[1:])
    ]
    return "\n; ".join([entries[0], *marked])


def help_scenes(engine: GameEngine) -> list[Scene[Any]]:
    """The F1 help of a level and of the editor, the longest texts a dialog shows."""
    return [
        MessageScene(engine, MessageScreen("Keys", "\n".join(PLAY_KEYS.help_lines()))),
        MessageScene(engine, MessageScreen("Editor keys", "\n".join(EDITOR_KEYS.help_lines()))),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_every_text_of_every_screen_stays_in_its_box(
    engine: GameEngine, drawn_texts: list[Drawn], size: tuple[int, int]
) -> None:
    engine.screen = pygame.display.set_mode(size)
    engine.solver.think_ahead = False
    collection = read_collection_text(chaptered(LEVELS_TEXT))
    collection.title = LONG_TITLE
    engine.context.session.open(collection, LevelFile("tests.xsb"))
    screen = engine.screen.get_rect()
    editor = EditorScene(engine, EditorScreen(collection.levels[0]))
    for scene in [*every_scene(engine), editor, *help_scenes(engine)]:
        engine.open_stack([])
        engine.push(scene)
        if isinstance(scene, MainMenuScene):
            saved = saving.saved_game(engine.context, 0, PlayState(collection.levels[0]))
            scene.model.continue_choice.label = continue_label(saved)
        drawn_texts.clear()
        draw_alone(engine, scene)
        assert drawn_texts, type(scene).__name__
        for drawn in drawn_texts:
            assert screen.contains(drawn.rect), (type(scene).__name__, drawn.text, size)
        if isinstance(scene, LevelSelectScene):
            assert any(drawn.text.startswith("Chapter 1 of 2") for drawn in drawn_texts)


def test_the_continue_label_keeps_the_level_number() -> None:
    pygame.font.init()
    collection = read_collection_text(LEVELS_TEXT)
    collection.title = LONG_TITLE
    from game.core.statistics import Statistics
    from game.storage.records import SavedGame

    state = PlayState(collection.levels[2])
    saved = SavedGame.capture(FileLevel("path", 2), LONG_TITLE, state, Statistics())
    label = continue_label(saved)
    assert label.startswith("Continue: Sokoban") and label.endswith("…, level 3")


def test_esc_on_the_main_menu_asks_before_quitting(engine: GameEngine) -> None:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    engine.running = True
    press(engine, pygame.K_ESCAPE)
    assert isinstance(engine.top, ConfirmScene) and engine.running
    press(engine, pygame.K_ESCAPE)
    assert isinstance(engine.top, MainMenuScene) and engine.running
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_y)
    assert not engine.running


@pytest.mark.parametrize("screen", [MainMenuScreen(), SettingsScreen()])
def test_f1_shows_the_keys_of_any_screen(engine: GameEngine, screen: Screen) -> None:
    engine.open(screen)
    scene = engine.top
    assert isinstance(scene, GameScene)
    press(engine, pygame.K_F1)
    shown = engine.top
    assert isinstance(shown, MessageScene) and shown.model.title == "Keys"
    for keys, _ in scene.key_hints():
        assert keys in shown.model.text
    press(engine, pygame.K_F1)
    assert engine.top is scene


def test_f1_in_a_level_lists_every_key(engine: GameEngine) -> None:
    engine.push(PlayScene(engine, PlayScreen(0)))
    press(engine, pygame.K_F1)
    shown = engine.top
    assert isinstance(shown, MessageScene)
    assert "Ctrl+Shift+Z" in shown.model.text and "Shift+H" in shown.model.text


def test_the_last_levels_complete_screen_offers_no_next_level(engine: GameEngine) -> None:
    from game.app.level_result import LevelResult

    last = engine.context.session.level_count - 1
    result = LevelResult(last, "last", 9, 3, 5.0, 900, 900, True)
    scene = LevelCompleteScene(engine, LevelCompleteScreen(result))
    assert all("next" not in action for _, action in scene.key_hints())
    result = LevelResult(0, "first", 9, 3, 5.0, 900, 900, True)
    first = LevelCompleteScene(engine, LevelCompleteScreen(result))
    assert any("next" in action for _, action in first.key_hints())


def test_the_settings_caption_follows_the_chosen_row(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    engine.push(SettingsScene(engine, SettingsScreen()))
    captions = []
    for _ in range(3):
        drawn_texts.clear()
        assert engine.top is not None
        draw_alone(engine, engine.top)
        assert isinstance(engine.top, SettingsScene)
        note = engine.top.model.row_note()
        assert any(d.text == note for d in drawn_texts)
        captions.append(note)
        press(engine, pygame.K_DOWN)
    assert len(set(captions)) == 3


def test_pasting_a_level_over_a_game_in_progress_asks_first(engine: GameEngine) -> None:
    play = PlayScene(engine, PlayScreen(1))
    engine.push(play)
    play_moves(engine, "r")
    engine.clipboard.put("#####\n#@$.#\n#####\n")
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    assert isinstance(engine.top, ConfirmScene)
    press(engine, pygame.K_n)
    assert engine.top is play and play.model.state.move_count == 1
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    press(engine, pygame.K_y)
    top = engine.top
    assert isinstance(top, PlayScene) and top is not play and top.model.level.width == 5


def test_a_result_that_could_not_be_written_says_so_on_the_complete_screen(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    from game.app.level_result import LevelResult

    problem = "The progress store is busy; the solution is kept and saved at the next save"
    result = LevelResult(0, "first", 9, 3, 5.0, 900, 900, True, save_problem=problem)
    scene = LevelCompleteScene(engine, LevelCompleteScreen(result))
    engine.push(scene)
    draw_alone(engine, scene)
    assert any(drawn.text.startswith("The progress store is busy") for drawn in drawn_texts)


def test_import_is_refused_while_progress_lives_in_memory(engine: GameEngine) -> None:
    assert not engine.progress.persistent
    settings = SettingsScene(engine, SettingsScreen())
    problem = settings.model.import_from("/nowhere/export.json")
    assert problem is not None and "memory" in problem.text
