"""Keys as a player presses them, at real moments with rests between: one tap is one step
after any pause, and a held key repeats as designed, in play, in the editor and in menus.

The engine's own loop runs, rests included; most tests run it on a simulated clock (minutes of
play in seconds, the same every time), one on the real clock with a thread at the keyboard.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest

from game.app.play_controller import REPEAT_DELAY_TICKS, REPEAT_INTERVAL_TICKS
from game.app.screens import EditorScreen, MainMenuScreen, PlayScreen
from game.core.collection import read_collection_text
from game.core.edit_grid import Grid
from game.core.level_ref import LevelFile
from game.engine import key_repeat
from game.engine.engine import GameEngine
from game.engine.rest import Clock
from game.engine.ticks import TICK_SECONDS
from game.scenes.editor import EditorScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.play import PlayScene
from tests.app.fake_solver import FakeSolver
from tests.engine.harness import headless_engine
from tests.engine.realtime import SimulatedClock, drive, held, taps

# A corridor long enough for runs of 25 steps each way, its box far off at the other end.
CORRIDOR = "#" * 62 + "\n#@" + " " * 57 + "$.#\n" + "#" * 62 + "\n"
RUN = 25
PLAYER_PAUSES = (0.02, 3.0)
PLAYER_HOLDS = (0.01, 0.15)


def back_and_forth(count: int, forth: int, back: int) -> list[int]:
    """``count`` keys: runs of ``RUN`` of ``forth``, then of ``back``, in turn."""
    return [forth if (index // RUN) % 2 == 0 else back for index in range(count)]


def engine_on(clock: Clock) -> Iterator[GameEngine]:
    """An engine on ``clock`` with the corridor open, the solver a stand-in that never
    answers (the think-ahead must not matter here)."""
    for engine in headless_engine(FakeSolver(), clock):
        corridor = read_collection_text(CORRIDOR)
        engine.context.session.open(corridor, LevelFile("corridor.xsb"))
        yield engine


@pytest.fixture
def clock() -> SimulatedClock:
    return SimulatedClock()


@pytest.fixture
def engine(clock: SimulatedClock) -> Iterator[GameEngine]:
    yield from engine_on(clock)


def open_play(engine: GameEngine) -> PlayScene:
    engine.open(PlayScreen(0))
    scene = engine.top
    assert isinstance(scene, PlayScene)
    return scene


def test_two_hundred_taps_after_any_pause_walk_two_hundred_steps(
    engine: GameEngine, clock: SimulatedClock
) -> None:
    play = open_play(engine)
    keys = back_and_forth(200, pygame.K_RIGHT, pygame.K_LEFT)
    drive(engine, taps(keys, PLAYER_PAUSES, PLAYER_HOLDS, seed=49), clock)
    assert play.model.state.move_count == 200
    assert engine.ticks.dropped == 0


@pytest.mark.parametrize("pause", [0.5, 1.0, 3.0, 10.0])
def test_a_tap_after_a_long_rest_walks_one_step(
    engine: GameEngine, clock: SimulatedClock, pause: float
) -> None:
    play = open_play(engine)
    # The hold just under the repeat delay: the rest before it must not count toward it.
    hold = (REPEAT_DELAY_TICKS - 1) * TICK_SECONDS
    drive(engine, taps([pygame.K_RIGHT] * 5, (pause, pause), (hold, hold), seed=1), clock)
    assert play.model.state.move_count == 5


def test_a_held_arrow_walks_on_as_designed(engine: GameEngine, clock: SimulatedClock) -> None:
    play = open_play(engine)
    drive(engine, held(pygame.K_RIGHT, 1.0, 1.0), clock)
    # A step at the press, then one each time both the repeat's wait and the step's
    # animation are over, until the release a second (60 ticks) later.
    step = max(REPEAT_INTERVAL_TICKS, engine.settings.animation_speed.ticks_per_step)
    assert play.model.state.move_count == 1 + len(range(REPEAT_DELAY_TICKS, 60, step))


def test_taps_on_the_real_clock_walk_one_step_each() -> None:
    """The real clock, rests and all: a thread presses the keys at their moments."""
    for engine in engine_on(time):
        play = open_play(engine)
        keys = back_and_forth(24, pygame.K_RIGHT, pygame.K_LEFT)
        # Holds well under the repeat delay (0.23 s): a loaded machine's late frame is no tap.
        drive(engine, taps(keys, (0.02, 1.0), (0.01, 0.12), seed=7))
        assert play.model.state.move_count == 24


def open_editor(engine: GameEngine) -> EditorScene:
    engine.open(EditorScreen(Grid.empty(40, 10)))
    scene = engine.top
    assert isinstance(scene, EditorScene)
    return scene


def test_editor_cursor_taps_move_one_square_each(
    engine: GameEngine, clock: SimulatedClock
) -> None:
    editor = open_editor(engine)
    keys = back_and_forth(60, pygame.K_RIGHT, pygame.K_LEFT)
    drive(engine, taps(keys, PLAYER_PAUSES, PLAYER_HOLDS, seed=3), clock)
    # 25 right, 25 left, 10 right.
    assert editor.model.view().cursor == (10, 0)


def test_a_held_editor_arrow_repeats(engine: GameEngine, clock: SimulatedClock) -> None:
    editor = open_editor(engine)
    drive(engine, held(pygame.K_RIGHT, 2.0, 1.0), clock)
    repeats = len(range(key_repeat.REPEAT_DELAY_TICKS, 60, key_repeat.REPEAT_INTERVAL_TICKS))
    assert editor.model.view().cursor == (1 + repeats, 0)


def open_menu(engine: GameEngine) -> MainMenuScene:
    engine.open(MainMenuScreen())
    scene = engine.top
    assert isinstance(scene, MainMenuScene)
    return scene


def test_menu_taps_move_the_choice_once_each(
    engine: GameEngine, clock: SimulatedClock
) -> None:
    menu = open_menu(engine).model.menu
    first = menu.selected
    drive(engine, taps([pygame.K_DOWN] * 7, PLAYER_PAUSES, PLAYER_HOLDS, seed=5), clock)
    expected = first
    for _ in range(7):
        expected = (expected + 1) % len(menu.choices)
    assert menu.selected == expected


def test_a_held_menu_key_repeats_and_stops_at_its_release(
    engine: GameEngine, clock: SimulatedClock
) -> None:
    menu = open_menu(engine).model.menu
    first = menu.selected
    # Held 33 ticks (not a whole number of repeats, so no tick falls on the release).
    drive(engine, held(pygame.K_DOWN, 1.0, 0.55), clock, settle=2.0)
    moves = 1 + len(range(key_repeat.REPEAT_DELAY_TICKS, 33, key_repeat.REPEAT_INTERVAL_TICKS))
    assert menu.selected == (first + moves) % len(menu.choices)
