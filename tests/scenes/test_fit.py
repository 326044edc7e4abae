"""Everything fits the window as designed: help that scrolls, a HUD with every figure, cards
centred, the board above the caption, texts in their short forms rather than cut.

Each test draws at the sizes a player met them: 640x480, 1280x800 and 1920x1080.
"""

from __future__ import annotations

import pygame
import pytest

from game.app.hud_info import HudInfo
from game.app.level_result import LevelResult
from game.app.main_menu import continue_label
from game.app.notice import Tone
from game.app.screens import (
    EditorScreen,
    LevelCompleteScreen,
    LevelSelectScreen,
    MainMenuScreen,
    PlayScreen,
    SettingsScreen,
)
from game.app.settings import AnimationSpeed, solve_methods
from game.core.collection import read_collection_text
from game.core.level_ref import CampaignLevel, LevelFile
from game.core.play import PlayState
from game.engine.engine import GameEngine
from game.scenes.level_select import LevelSelectScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.message import MessageScene
from game.scenes.play import PlayScene
from game.scenes.settings import SettingsScene
from game.solver.methods import METHODS
from game.storage.records import SavedGame
from game.ui.editor_keys import EDITOR_KEYS
from game.ui.hud import draw_hud
from game.ui.level_cards import SHOWN_STATUS
from game.ui.play_keys import PLAY_KEYS
from game.ui.text import wrap_text
from tests.engine.harness import LEVELS_TEXT, play_moves, press
from tests.scenes.conftest import Drawn
from tests.scenes.test_polish import chaptered, draw_alone

SIZES = [(640, 480), (1280, 800), (1920, 1080)]
CENTRE_TOLERANCE = 2  # pixels: a halved odd width
# A tall room whose tutorial caption would cover its bottom rows on a small window.
CAPTIONED = """\
; tall
#####
#@  #
#   #
# $ #
#   #
#   #
#   #
# . #
#####
Caption: Push the box down to the goal at the bottom of the room; walk round it first.
"""


def set_size(engine: GameEngine, size: tuple[int, int]) -> None:
    engine.screen = pygame.display.set_mode(size)


def texts(drawn: list[Drawn]) -> list[str]:
    return [item.text for item in drawn]


# -- help ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["play", "editor"])
def test_help_at_640x480_shows_its_heading_and_scrolls_to_its_last_line(
    engine: GameEngine, drawn_texts: list[Drawn], where: str
) -> None:
    set_size(engine, (640, 480))
    engine.solver.think_ahead = False
    collection = engine.context.session.collection
    assert collection is not None
    level = collection.levels[0]
    engine.open(PlayScreen(0) if where == "play" else EditorScreen(level))
    press(engine, pygame.K_F1)
    help_scene = engine.top
    assert isinstance(help_scene, MessageScene)
    keys = PLAY_KEYS if where == "play" else EDITOR_KEYS
    lines = wrap_text("\n".join(keys.help_lines()), 22, 640 - 40 - 60)
    screen = engine.screen.get_rect()

    def shown() -> list[str]:
        drawn_texts.clear()
        assert help_scene is not None
        draw_alone(engine, help_scene)
        assert all(screen.contains(item.rect) for item in drawn_texts)
        return texts(drawn_texts)

    first = shown()
    assert help_scene.model.title in first and lines[0] in first and lines[-1] not in first
    assert any(action == "scroll" for _, action in help_scene.key_hints())
    press(engine, pygame.K_DOWN)
    assert lines[0] not in shown() and lines[1] in shown()
    press(engine, pygame.K_UP)
    assert lines[0] in shown()
    press(engine, pygame.K_PAGEDOWN)
    assert help_scene.model.first_line > 1
    press(engine, pygame.K_PAGEUP)
    assert help_scene.model.first_line == 0
    for _ in range(len(lines)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    engine.run_frames(1)
    last = shown()
    assert help_scene.model.title in last and lines[-1] in last and lines[0] not in last
    press(engine, pygame.K_HOME)
    assert lines[0] in shown()
    press(engine, pygame.K_ESCAPE)
    assert not isinstance(engine.top, MessageScene)


def test_help_that_fits_does_not_offer_to_scroll(engine: GameEngine) -> None:
    set_size(engine, (1920, 1080))
    engine.open(PlayScreen(0))
    press(engine, pygame.K_F1)
    help_scene = engine.top
    assert isinstance(help_scene, MessageScene)
    assert all(action != "scroll" for _, action in help_scene.key_hints())
    press(engine, pygame.K_DOWN)
    assert help_scene.model.first_line == 0


# -- the HUD -------------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [640, 800, 1280, 1920])
def test_the_hud_keeps_every_figure_at_any_width(
    drawn_texts: list[Drawn], width: int
) -> None:
    pygame.font.init()
    info = HudInfo(
        "Sokoban Arcade Campaign", 7, 61, "Click to Walk", 1234, 321, 12931, 1000,
        "102/30", "99/28", 2, 4,
    )
    surface = pygame.Surface((width, 200))
    bar = draw_hud(surface, info, 754.0)
    shown = texts(drawn_texts)
    labels = ("MOVES", "PUSHES", "BOXES", "TIME", "PAR", "THIS LEVEL", "TOTAL SCORE", "BEST")
    for label in labels:
        assert label in shown, (label, width)
    for value in ("1234", "321", "2/4", "12:34", "12,931", "1,000", "102/30", "99/28"):
        assert value in shown, (value, width)
    assert any(text.startswith("Level 7/61  Click to Walk") for text in shown)
    rects = [item.rect for item in drawn_texts]
    for index, rect in enumerate(rects):
        assert bar.contains(rect), (drawn_texts[index].text, width)
        overlapping = [other for other in rects[index + 1 :] if rect.colliderect(other)]
        assert not overlapping, (drawn_texts[index].text, width)


# -- level select --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_cards_are_centred_at_any_width(engine: GameEngine, size: tuple[int, int]) -> None:
    set_size(engine, size)
    engine.open(LevelSelectScreen())
    scene = engine.top
    assert isinstance(scene, LevelSelectScene)
    surface = engine.screen
    view = scene.model.view()
    cards = [scene.card_rect(surface, view, position) for position in scene.visible_positions(view)]
    union = cards[0].unionall(cards[1:])
    assert abs(union.centerx - size[0] // 2) <= CENTRE_TOLERANCE


@pytest.mark.parametrize("size", SIZES)
def test_short_forms_are_drawn_whole(
    engine: GameEngine, drawn_texts: list[Drawn], size: tuple[int, int]
) -> None:
    """A card the solver showed, the complete screen's chapter note, the menu's Continue: each
    has a short form that fits, so none is cut with an ellipsis."""
    set_size(engine, size)
    collection = read_collection_text(chaptered(LEVELS_TEXT))
    engine.context.session.open(collection, LevelFile("tests.xsb"))
    session = engine.context.session
    engine.progress.record_attempt(session.collection_id, collection.levels[0], solver_used=True)
    engine.open(LevelSelectScreen())
    engine.run_frames(3)
    result = LevelResult(1, "corridor", 3, 1, 4.0, 1000, 1000, True)
    engine.open(LevelCompleteScreen(result))
    menu = MainMenuScene(engine, MainMenuScreen())
    saved = SavedGame.capture(
        CampaignLevel(11), "Sokoban Arcade Campaign", PlayState(collection.levels[0]),
        engine.context.statistics,
    )
    menu.model.continue_choice.label = continue_label(saved)
    select, complete = engine.scenes[-2:]
    for scene in (select, complete, menu):
        drawn_texts.clear()
        draw_alone(engine, scene)
        shown = texts(drawn_texts)
        assert not [text for text in shown if "…" in text], (type(scene).__name__, size)
        if scene is select:
            assert SHOWN_STATUS in shown
        if scene is complete:
            assert any("Next chapter: solve 70%" in text for text in shown)
    assert "Continue the campaign, level 12" in shown


# -- the board -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_board_is_fitted_above_the_whole_caption(
    engine: GameEngine, drawn_texts: list[Drawn], size: tuple[int, int]
) -> None:
    set_size(engine, size)
    engine.context.session.open(read_collection_text(CAPTIONED), LevelFile("tall.xsb"))
    engine.open(PlayScreen(0))
    engine.run_frames(2)
    scene = engine.top
    assert isinstance(scene, PlayScene)
    view = scene.model.view()
    assert view.caption
    camera = scene.camera
    board_bottom = camera.origin[1] + camera.rows * camera.tile_size
    caption_top = scene.painter.caption_top(size, view, scene.key_hints()) + 10  # the pill's margin
    assert board_bottom <= caption_top, (board_bottom, caption_top)
    draw_alone(engine, scene)
    caption = " ".join(item.text for item in drawn_texts if item.rect.top >= caption_top)
    assert caption.startswith(view.caption), caption  # wrapped on a narrow window, not cut


# -- copying -------------------------------------------------------------------------------------
def test_copying_says_what_was_copied(engine: GameEngine) -> None:
    engine.open(PlayScreen(1))
    scene = engine.top
    assert isinstance(scene, PlayScene)
    press(engine, pygame.K_c, pygame.KMOD_LCTRL)
    notice = scene.model.view().notice
    assert notice is not None and notice[0] == "Level copied"
    play_moves(engine, "r")
    press(engine, pygame.K_c, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert engine.clipboard.get() == "r"
    notice = scene.model.view().notice
    assert notice is not None and notice[0] == "1 move copied"
    play_moves(engine, "l")
    press(engine, pygame.K_c, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert scene.model.view().notice == ("2 moves copied", Tone.GOOD)


# -- settings ------------------------------------------------------------------------------------
def test_the_animation_speed_note_describes_the_chosen_speed(engine: GameEngine) -> None:
    engine.open(SettingsScreen())
    scene = engine.top
    assert isinstance(scene, SettingsScene) and scene.model.menu.current.label == "Animation speed"
    notes = set()
    for _ in AnimationSpeed:
        speed = engine.settings.animation_speed
        assert scene.model.row_note().startswith(f"{speed.label}:")
        notes.add(scene.model.row_note())
        press(engine, pygame.K_RIGHT)
    assert len(notes) == len(AnimationSpeed)


def test_the_solver_note_names_the_chosen_method_and_no_other(
    engine: GameEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    choices = [method for method in solve_methods() if not method.startswith(("smt", "sat"))]
    monkeypatch.setattr("game.app.settings_menu.solve_methods", lambda: choices)
    engine.open(SettingsScreen())
    scene = engine.top
    assert isinstance(scene, SettingsScene)
    scene.model.menu.select(
        next(
            i for i, item in enumerate(scene.model.menu.choices) if item.label == "Solver for Solve"
        )
    )
    for _ in choices:
        note = scene.model.row_note()
        named = {method for method in METHODS if f" {method}:" in note or f" {method}," in note}
        assert named == {engine.settings.solve_method}, note
        press(engine, pygame.K_RIGHT)
    assert not any(m in scene.model.row_note() for m in ("smt-", "sat-push"))
