"""The level select over time, on the engine's own loop and a simulated clock: a held arrow
walks the cards as designed, the previews are drawn while the loop runs, the last of them
shown, and then the resting loop draws nothing more."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app.screens import LevelSelectScreen, MainMenuScreen
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.engine import key_repeat
from game.engine.engine import GameEngine
from game.scenes import level_select
from game.scenes.level_select import LevelSelectScene
from tests.engine.harness import headless_engine
from tests.engine.realtime import SimulatedClock, drive, held

ROOM = "#######\n#@ $ .#\n#  $ .#\n#######\n"


@pytest.fixture
def clock() -> SimulatedClock:
    return SimulatedClock()


@pytest.fixture
def select(clock: SimulatedClock) -> Iterator[tuple[GameEngine, LevelSelectScene]]:
    """The level select of 60 rooms, on the simulated clock."""
    for engine in headless_engine(clock=clock):
        rooms = "\n".join(f"; room {number}\n{ROOM}" for number in range(1, 61))
        engine.context.session.open(read_collection_text(rooms), LevelFile("rooms.xsb"))
        engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
        scene = engine.top
        assert isinstance(scene, LevelSelectScene)
        yield engine, scene


def test_a_held_arrow_walks_the_cards_and_stops_at_its_release(
    select: tuple[GameEngine, LevelSelectScene], clock: SimulatedClock
) -> None:
    engine, scene = select
    # Held 33 ticks (not a whole number of repeats, so no tick falls on the release).
    drive(engine, held(pygame.K_RIGHT, 1.0, 0.55), clock, settle=2.0)
    moves = 1 + len(range(key_repeat.REPEAT_DELAY_TICKS, 33, key_repeat.REPEAT_INTERVAL_TICKS))
    assert scene.model.selected == moves


def test_a_held_down_arrow_scrolls_the_rows_with_the_choice(
    select: tuple[GameEngine, LevelSelectScene], clock: SimulatedClock
) -> None:
    engine, scene = select
    drive(engine, held(pygame.K_DOWN, 1.0, 1.0), clock)
    view = scene.model.view()
    columns = scene.grid(engine.screen, False).columns
    assert scene.model.selected > 4 * columns  # further down than a screenful
    assert any(card.chosen for card in view.cards) and view.first_row > 0


def test_previews_are_drawn_while_the_loop_runs_then_nothing_is_drawn(
    select: tuple[GameEngine, LevelSelectScene],
    clock: SimulatedClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    engine, scene = select
    monkeypatch.setattr(level_select, "PREVIEW_SECONDS_PER_TICK", 0.0)  # one a tick
    drive(engine, [], clock, settle=1.0)
    cards = scene.model.view().cards
    assert cards and all(card.index in scene.previews for card in cards)
    # The last frame drawn shows every preview: drawing now draws the same picture.
    shown = engine.screen.copy()
    engine.render(0.0)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(engine.screen, "RGB")
    drawn = engine.drawn_frames
    drive(engine, [], clock, settle=2.0)
    assert engine.drawn_frames == drawn
