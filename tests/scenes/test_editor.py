"""The editor screen, headless, through the event queue: mouse, typing, saving, test play, leaving.

The solver's background check is off here (the controller tests cover it with a fake solver).
"""

from __future__ import annotations

import errno
from pathlib import Path

import pygame
import pytest

from game.app import navigation
from game.app.editor.editor_model import EditorView
from game.app.notice import Tone
from game.app.screens import (
    EditorLeaveScreen,
    EditorScreen,
    LevelCompleteScreen,
    LevelSelectScreen,
    PlayScreen,
)
from game.cli.scripted import run_until_still
from game.core.collection import read_collection
from game.core.edit_grid import Grid
from game.engine.engine import GameEngine
from game.engine.input_script import InputScript, parse_script
from game.scenes.editor import EditorScene
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.message import MessageScene
from game.scenes.prompt import ConfirmScene, PromptScene
from game.storage import user_levels
from game.storage.library_entry import Origin
from tests.engine.harness import play_moves, press, settle

ROOM = ["#######", "#@ $ .#", "#     #", "#######"]
SAVED = Path("levels") / "My levels.xsb"


@pytest.fixture
def editor(engine: GameEngine) -> EditorScene:
    engine.solver.think_ahead = False
    engine.open(EditorScreen(Grid.empty(7, 4)))
    scene = engine.top
    assert isinstance(scene, EditorScene)
    engine.run_frames(1)
    return scene


def view(scene: EditorScene) -> EditorView:
    return scene.model.view()


def cursor_to(engine: GameEngine, scene: EditorScene, x: int, y: int) -> None:
    """Move the cursor to column ``x``, row ``y`` with the arrow keys."""
    at = view(scene).cursor
    keys = [pygame.K_RIGHT if x > at[0] else pygame.K_LEFT] * abs(x - at[0])
    keys += [pygame.K_DOWN if y > at[1] else pygame.K_UP] * abs(y - at[1])
    for key in keys:
        press(engine, key)
    assert view(scene).cursor == (x, y)


def type_text(engine: GameEngine, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    engine.run_frames(1)


def type_room(engine: GameEngine) -> None:
    for row in ROOM:
        type_text(engine, row)
        press(engine, pygame.K_RETURN)


def centre(scene: EditorScene, x: int, y: int) -> tuple[int, int]:
    rect = scene.camera.screen_rect(x, y, scene.camera.origin_at(1.0))
    return rect.center


def mouse(engine: GameEngine, kind: int, pos: tuple[int, int], button: int = 1) -> None:
    fields: dict[str, object] = {"pos": pos, "button": button}
    if kind == pygame.MOUSEMOTION:
        fields = {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)}
    pygame.event.post(pygame.event.Event(kind, fields))
    engine.run_frames(1)


def drag(
    engine: GameEngine, scene: EditorScene, squares: list[tuple[int, int]], button: int
) -> None:
    mouse(engine, pygame.MOUSEBUTTONDOWN, centre(scene, *squares[0]), button)
    for square in squares[1:]:
        mouse(engine, pygame.MOUSEMOTION, centre(scene, *square))
    mouse(engine, pygame.MOUSEBUTTONUP, centre(scene, *squares[-1]), button)


def save_as(engine: GameEngine, name: str) -> None:
    press(engine, pygame.K_s, pygame.KMOD_LCTRL)
    assert isinstance(engine.top, PromptScene)
    type_text(engine, name)
    press(engine, pygame.K_RETURN)


def test_paint_a_level_by_mouse_and_undo_redo_the_drag(
    engine: GameEngine, editor: EditorScene
) -> None:
    drag(engine, editor, [(0, 0), (6, 0)], 1)
    assert view(editor).grid.rows()[0] == "#######"
    press(engine, pygame.K_4)  # the box
    drag(engine, editor, [(3, 1)], 1)
    press(engine, pygame.K_5)
    drag(engine, editor, [(1, 1)], 1)
    press(engine, pygame.K_3)
    drag(engine, editor, [(5, 1)], 1)
    assert view(editor).grid.rows()[1] == " @ $ ."
    drag(engine, editor, [(0, 0), (2, 0)], 3)  # right-drag erases
    assert view(editor).grid.rows()[0] == "   ####"
    press(engine, pygame.K_z, pygame.KMOD_LCTRL)
    assert view(editor).grid.rows()[0] == "#######"
    press(engine, pygame.K_y, pygame.KMOD_LCTRL)
    assert view(editor).grid.rows()[0] == "   ####"


def test_clicking_the_palette_chooses_the_piece(engine: GameEngine, editor: EditorScene) -> None:
    rects = editor.painter.palette_rects(engine.screen.get_size())
    mouse(engine, pygame.MOUSEBUTTONDOWN, rects[3].center)
    assert view(editor).piece.value == "box"


def test_type_a_level_and_save_it_then_reopen_it_from_level_select(
    engine: GameEngine, editor: EditorScene, temporary_home: Path
) -> None:
    type_room(engine)
    assert view(editor).grid.rows() == ROOM
    assert view(editor).status[0].text == "a valid level"
    save_as(engine, "typed")
    assert engine.top is editor and not view(editor).unsaved
    saved = read_collection(temporary_home / SAVED)
    assert [level.title for level in saved.levels] == ["typed"]
    engine.open(LevelSelectScreen())
    press(engine, pygame.K_m)
    session = engine.context.session
    assert session.collection is not None and session.collection.levels[0].title == "typed"
    navigation.leave_level(engine)
    press(engine, pygame.K_e)
    assert isinstance(engine.top, EditorScene) and engine.top.model.view().grid.rows() == ROOM


@pytest.mark.parametrize(
    ("rows", "reason"),
    [
        (["#####", "# $.#", "#####"], "no player"),
        (["#####", "#@ .#", "#####"], "no box"),
        (["######", "#@$$.#", "######"], "2 boxes and 1 goal"),
        (["######", "#@*  #", "######"], "already solved"),
        (["#####", "#@$. ", "#####"], "the player can walk off the board"),
    ],
)
def test_each_save_rule_refuses_with_its_reason(
    engine: GameEngine, rows: list[str], reason: str, temporary_home: Path
) -> None:
    engine.solver.think_ahead = False
    engine.open(EditorScreen(Grid.from_rows(rows)))
    scene = engine.top
    assert isinstance(scene, EditorScene)
    press(engine, pygame.K_s, pygame.KMOD_LCTRL)
    notice = view(scene).notice
    assert engine.top is scene
    assert notice is not None and notice.tone is Tone.DANGER
    assert notice.text.startswith(f"Cannot save: {reason}")
    assert not (temporary_home / SAVED).exists()


def test_a_level_name_is_a_title_and_never_a_path(
    engine: GameEngine, editor: EditorScene, temporary_home: Path
) -> None:
    # "Wait..." or "1/2" is a title like any other: it is a line of My levels, not a file.
    type_room(engine)
    save_as(engine, "../../escape...")
    assert engine.top is editor
    assert [path.relative_to(temporary_home) for path in temporary_home.rglob("*.xsb")] == [SAVED]
    assert read_collection(temporary_home / SAVED).levels[0].title == "../../escape..."


def test_saving_over_a_name_and_an_unsolvable_level_ask_first(
    engine: GameEngine, editor: EditorScene, temporary_home: Path
) -> None:
    type_room(engine)
    save_as(engine, "twice")
    save_as(engine, "twice")
    assert isinstance(engine.top, ConfirmScene)
    assert engine.top.model.question.title == "Replace it?"
    press(engine, pygame.K_y)
    assert engine.top is editor
    cursor_to(engine, editor, 3, 1)
    type_text(engine, " ")
    cursor_to(engine, editor, 1, 2)
    type_text(engine, "$")  # a box in a corner: it can never move
    assert view(editor).marked == {(1, 2)}
    save_as(engine, "stuck")
    assert isinstance(engine.top, ConfirmScene)
    assert engine.top.model.question.title == "Cannot be solved"
    press(engine, pygame.K_n)
    saved = read_collection(temporary_home / SAVED)
    assert [level.title for level in saved.levels] == ["twice"]


def test_test_play_and_come_back_with_the_edit_and_its_history(
    engine: GameEngine, editor: EditorScene
) -> None:
    type_room(engine)
    press(engine, pygame.K_p)
    assert isinstance(engine.top_screen(), PlayScreen)
    play_moves(engine, "rRR")
    settle(engine)
    assert isinstance(engine.top_screen(), LevelCompleteScreen)
    navigation.leave_level(engine)
    assert engine.top is editor
    assert editor.model.editor.metadata.solution == "rRR"
    assert view(editor).status[-1].text.startswith("your solution still works")
    # An edit that blocks it: a wall between the box and its goal.
    cursor_to(engine, editor, 4, 1)
    type_text(engine, "#")
    assert view(editor).status[-1].text == "your solution breaks at push 1 of 2"
    press(engine, pygame.K_z, pygame.KMOD_LCTRL)
    press(engine, pygame.K_z, pygame.KMOD_LCTRL)
    # The wall, then the last typed square: typing undoes one square at a time.
    assert view(editor).grid.rows()[1] == ROOM[1] and view(editor).grid.rows()[3] == "######"


def test_shift_with_wrap_and_resize_by_keys(engine: GameEngine, editor: EditorScene) -> None:
    type_room(engine)
    press(engine, pygame.K_UP, pygame.KMOD_LSHIFT)
    assert view(editor).grid.rows() == [ROOM[1], ROOM[2], ROOM[3], ROOM[0]]
    press(engine, pygame.K_RIGHT, pygame.KMOD_LCTRL)
    assert view(editor).grid.width == 8
    press(engine, pygame.K_z, pygame.KMOD_LCTRL)
    assert view(editor).grid.width == 7
    press(engine, pygame.K_y, pygame.KMOD_LCTRL)
    assert view(editor).grid.width == 8


def test_leaving_with_unsaved_changes_asks(engine: GameEngine, editor: EditorScene) -> None:
    type_text(engine, "#")
    press(engine, pygame.K_ESCAPE)
    assert isinstance(engine.top_screen(), EditorLeaveScreen)
    press(engine, pygame.K_ESCAPE)  # stay
    assert engine.top is editor
    press(engine, pygame.K_ESCAPE)
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RETURN)  # leave without saving
    assert editor not in engine.scenes


def test_a_pasted_text_that_is_not_a_level_is_one_line(
    engine: GameEngine, editor: EditorScene
) -> None:
    engine.clipboard.put("hello, this is not a level")
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    notice = view(editor).notice
    assert notice is not None and notice.text.startswith("The clipboard holds no level")
    engine.clipboard.put("7#|#@-$-.#|7#")
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    assert view(editor).grid.rows() == ["#######", "#@ $ .#", "#######"]


@pytest.mark.parametrize("size", [(1280, 800), (640, 480)])
def test_the_editor_draws_at_both_sizes(engine: GameEngine, size: tuple[int, int]) -> None:
    engine.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    engine.solver.think_ahead = False
    engine.open(EditorScreen(Grid.from_rows(ROOM)))
    press(engine, pygame.K_d)
    engine.run_frames(2)
    colours = {
        engine.screen.get_at((x, y))[:3]
        for x in range(0, size[0], 23)
        for y in range(0, size[1], 19)
    }
    assert len(colours) > 5


def test_a_full_disk_is_one_line_and_the_edit_stays_unsaved(
    engine: GameEngine, editor: EditorScene, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(user_levels, "replace_file", full)
    type_room(engine)
    save_as(engine, "lost")
    assert isinstance(engine.top, MessageScene) and engine.top.model.title == "Not saved"
    assert "No space left" in engine.top.model.text and "\n" not in engine.top.model.text
    press(engine, pygame.K_ESCAPE)
    assert engine.top is editor and view(editor).unsaved


def test_title_author_and_comment_are_saved(
    engine: GameEngine, editor: EditorScene, temporary_home: Path
) -> None:
    type_room(engine)
    press(engine, pygame.K_i)
    for text in ("Corridor", "Me", "A first try"):
        assert isinstance(engine.top, PromptScene)
        type_text(engine, text)
        press(engine, pygame.K_RETURN)
    assert engine.top is editor
    press(engine, pygame.K_s, pygame.KMOD_LCTRL)
    press(engine, pygame.K_RETURN)  # the title is the name offered
    level = read_collection(temporary_home / SAVED).levels[0]
    assert (level.title, level.author, level.comment) == ("Corridor", "Me", "A first try")


def test_an_input_script_paints_by_clicks_and_right_clicks(
    engine: GameEngine, editor: EditorScene
) -> None:
    def at(x: int, y: int) -> str:
        return "{} {}".format(*centre(editor, x, y))

    lines = [f"click {at(x, 0)}" for x in range(7)]
    lines += ["key 5", f"click {at(1, 1)}", "key 4", f"click {at(3, 1)}", "key 6"]
    lines += [f"click {at(5, 1)}", f"rclick {at(5, 1)}", f"rclick {at(6, 0)}"]
    script = InputScript(parse_script("\n".join(lines)))
    engine.add_input_source(script)
    run_until_still(engine, script, None)
    assert view(editor).grid.rows()[:2] == ["######", " @ $ ."]


def test_zoom_keys_change_the_tile_size(engine: GameEngine, editor: EditorScene) -> None:
    fit = editor.camera.tile_size
    press(engine, pygame.K_MINUS, pygame.KMOD_LCTRL)
    assert editor.camera.tile_size < fit
    press(engine, pygame.K_0, pygame.KMOD_LCTRL)
    assert editor.camera.tile_size == fit


def test_a_test_play_leaves_the_players_records_and_session_alone(
    engine: GameEngine, editor: EditorScene
) -> None:
    store, session_source = engine.progress, engine.context.session.source
    score = engine.progress.total_score()
    type_room(engine)
    press(engine, pygame.K_p)
    assert engine.progress is not store
    play_moves(engine, "rRR")
    settle(engine)
    navigation.leave_level(engine)
    assert engine.progress is store and store.load_session() is None
    assert editor.model.editor.metadata.solution == "rRR"
    engine.pop()
    assert engine.context.session.source == session_source
    assert engine.progress.total_score() == score


def test_f1_shows_every_editor_key(engine: GameEngine, editor: EditorScene) -> None:
    press(engine, pygame.K_F1)
    assert isinstance(engine.top, MessageScene)
    assert "Shift+Delete" in engine.top.model.text and "Ctrl+Alt+C" in engine.top.model.text


def test_a_test_play_ends_back_in_the_editor_and_keeps_the_players_own_solution(
    engine: GameEngine, editor: EditorScene
) -> None:
    type_room(engine)
    # The solver's solution came first, with fewer pushes than the player will make.
    editor.model.editor.keep_solution("rRR", Origin.SOLVER)
    assert view(editor).status[-1].text == "the solver's solution still works (2 pushes)"
    press(engine, pygame.K_p)
    mine = "drrruLdlluRRR"
    play_moves(engine, mine)
    settle(engine)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    labels = [item.label for item in complete.model.menu.choices]
    assert labels == ["Play again", "Back to the editor"]
    press(engine, pygame.K_RETURN)
    assert engine.top is editor
    assert editor.model.editor.metadata.solution == mine
    assert editor.model.editor.metadata.solution_origin is Origin.PLAYER
    assert view(editor).status[-1].text == "your solution still works (4 pushes)"


def test_the_editor_is_drawn_exactly_when_what_it_shows_changes(
    engine: GameEngine, editor: EditorScene
) -> None:
    engine.run_frames(2)
    drawn = engine.drawn_frames
    press(engine, pygame.K_LEFT)  # the cursor is in the corner already
    mouse(engine, pygame.MOUSEMOTION, centre(editor, 3, 2))  # no button held: no stroke
    engine.run_frames(5)
    assert engine.drawn_frames == drawn
    press(engine, pygame.K_RIGHT)
    assert engine.drawn_frames == drawn + 1
    press(engine, pygame.K_MINUS, pygame.KMOD_LCTRL)  # the camera's change is drawn too
    assert engine.drawn_frames == drawn + 2
