"""Keys that open a text field never type into it, for every dialog with a text field.

SDL sends a key press and the text it types in one batch of input; each test does the same.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import saving
from game.app.dialogs.questions import AskText
from game.app.screens import (
    EditorScreen,
    LevelSelectScreen,
    MainMenuScreen,
    PromptScreen,
    SettingsScreen,
    SlotsScreen,
)
from game.core.collection import read_collection_text
from game.core.play import PlayState
from game.engine.engine import GameEngine
from game.scenes.open_file import OpenFileScene
from game.scenes.prompt import PromptScene
from game.storage.user_levels import save_level
from tests.engine.harness import LEVELS_TEXT, headless_engine, press, top_menu
from tests.engine.realtime import SimulatedClock, drive


def press_typing(engine: GameEngine, key: int, text: str, mod: int = 0) -> None:
    """A key press, the text SDL makes of it and the release, in one batch; then one frame."""
    fields = {"key": key, "mod": mod, "unicode": text, "scancode": 0}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, fields))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, fields))
    engine.run_frames(1)


def opened_field(engine: GameEngine) -> str:
    dialog = engine.top
    assert isinstance(dialog, PromptScene | OpenFileScene), type(dialog).__name__
    return dialog.model.line.text


def choose_row(engine: GameEngine, label: str) -> None:
    """Move the top scene's menu to the entry starting with ``label``."""
    menu = top_menu(engine)
    menu.select(next(i for i, item in enumerate(menu.choices) if item.label.startswith(label)))


def open_editor(engine: GameEngine) -> None:
    engine.solver.think_ahead = False
    level = read_collection_text(LEVELS_TEXT).levels[1]
    engine.open(EditorScreen(level))
    engine.run_frames(1)


def test_i_in_the_editor_opens_the_title_without_an_i(engine: GameEngine) -> None:
    open_editor(engine)
    for _ in range(2):  # the second press was the one seen typing "i"
        press_typing(engine, pygame.K_i, "i")
        assert isinstance(engine.top, PromptScene) and opened_field(engine) == "corridor"
        press(engine, pygame.K_ESCAPE)


def test_ctrl_s_in_the_editor_opens_the_name_without_an_s(engine: GameEngine) -> None:
    open_editor(engine)
    press_typing(engine, pygame.K_s, "s", pygame.KMOD_LCTRL)
    assert opened_field(engine) == "corridor"
    press(engine, pygame.K_ESCAPE)
    press_typing(engine, pygame.K_s, "S", pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert opened_field(engine) == "My levels"


def test_space_on_new_save_opens_the_name_without_a_space(engine: GameEngine) -> None:
    collection = engine.context.session.collection
    assert collection is not None
    level = collection.levels[0]
    saved = saving.saved_game(engine.context, 0, PlayState(level))
    engine.open(SlotsScreen(lambda: saved))
    press_typing(engine, pygame.K_SPACE, " ")
    assert opened_field(engine) == saved.place


@pytest.mark.parametrize("row", ["Export progress", "Import progress"])
def test_space_on_export_or_import_opens_the_path_without_a_space(
    engine: GameEngine, row: str
) -> None:
    engine.open(SettingsScreen())
    choose_row(engine, row)
    press_typing(engine, pygame.K_SPACE, " ")
    assert opened_field(engine) == str(Path.home() / "sokoban-progress.json")


def test_o_in_level_select_opens_a_path_without_an_o(engine: GameEngine) -> None:
    engine.open(LevelSelectScreen())
    press_typing(engine, pygame.K_o, "o")
    assert isinstance(engine.top, OpenFileScene) and not opened_field(engine).endswith("o")


def test_space_on_open_level_file_opens_a_path_without_a_space(engine: GameEngine) -> None:
    engine.open(MainMenuScreen())
    choose_row(engine, "Open level file")
    press_typing(engine, pygame.K_SPACE, " ")
    assert isinstance(engine.top, OpenFileScene) and not opened_field(engine).endswith(" ")


def test_space_on_level_editor_opens_the_size_without_a_space(engine: GameEngine) -> None:
    engine.open(MainMenuScreen())
    choose_row(engine, "Level editor")
    press_typing(engine, pygame.K_SPACE, " ")
    assert opened_field(engine) == "10x8"


def test_m_in_level_select_opens_the_collection_name_without_an_m(engine: GameEngine) -> None:
    levels = read_collection_text(LEVELS_TEXT).levels
    assert save_level("My levels", levels[0]) is None
    assert save_level("Other", levels[1]) is None
    engine.open(LevelSelectScreen())
    press_typing(engine, pygame.K_m, "m")
    assert opened_field(engine) == "My levels"


def test_text_typed_after_the_opening_batch_goes_in(engine: GameEngine) -> None:
    open_editor(engine)
    press_typing(engine, pygame.K_i, "i")
    press_typing(engine, pygame.K_x, "x")
    assert opened_field(engine) == "x"  # the suggestion is selected: typing replaces it


def test_the_caret_blinks_while_the_loop_rests_and_nothing_else_is_drawn() -> None:
    clock = SimulatedClock()
    for engine in headless_engine(clock=clock):
        engine.open(MainMenuScreen())
        drive(engine, [], clock, settle=0.5)
        drawn = engine.drawn_frames
        drive(engine, [], clock, settle=2.0)
        assert engine.drawn_frames == drawn  # a menu at rest is not drawn again
        engine.open(PromptScreen(AskText("Save the game", "A name."), lambda answer: None))
        drive(engine, [], clock, settle=0.5)
        drawn = engine.drawn_frames
        drive(engine, [], clock, settle=2.0)
        # The caret shows and hides each half second: four blinks in two seconds of rest.
        assert engine.drawn_frames - drawn in (3, 4, 5)
