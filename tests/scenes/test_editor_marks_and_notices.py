"""The editor's notices and marks: a notice clear of the column numbers, a dead box's mark over
the cursor, and one plain word when the clipboard holds no level.
"""

from __future__ import annotations

import pygame
import pytest

from game.app.notice import Tone
from game.app.screens import (
    EditorScreen,
    MainMenuScreen,
)
from game.core.edit_grid import Grid
from game.engine.engine import GameEngine
from game.scenes.editor import EditorScene
from game.ui import theme
from game.ui.editor_view import board_of, marks_of
from tests.engine.harness import press
from tests.scenes.conftest import Drawn


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


def test_the_editor_says_once_that_the_clipboard_holds_no_level(engine: GameEngine) -> None:
    engine.open_stack([MainMenuScreen(), EditorScreen(Grid.empty(5, 5))])
    editor = engine.top
    assert isinstance(editor, EditorScene)
    engine.clipboard.put("hello")
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    notice = editor.model.view().notice
    assert notice is not None and notice.text == "The clipboard holds no level (rows of # $ . @)"
