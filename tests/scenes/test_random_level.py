"""The Random level screen: a level made off the main loop, kept in My levels, played; Esc stops
the making at once.
"""

from __future__ import annotations

import time

import pygame

from game.app.ready_levels import ReadyLevels
from game.app.screens import RandomLevelScreen
from game.engine.engine import GameEngine
from game.levelgen.cells import Cell, cells_of
from game.scenes.play import PlayScene
from game.scenes.random_level import RandomLevelScene
from game.storage import user_levels
from tests.engine.harness import press


def wait_for(engine: GameEngine, scene: RandomLevelScene, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while scene.job is not None and time.monotonic() < deadline:
        engine.run_frames(1)
        time.sleep(0.01)


def test_a_random_level_is_made_kept_and_played(engine: GameEngine) -> None:
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.difficulty, scene.size = 1, 0
    scene.next_seed = lambda: 7  # a seed known to give a one-star level
    scene.menu.select(2)
    press(engine, pygame.K_RETURN)  # Generate
    # A small level may already be made within that one frame: its job is then gone.
    assert scene.job is not None or scene.level is not None
    wait_for(engine, scene)
    assert scene.level is not None, scene.message
    assert dict(scene.level.extra)["Stars"] == "1"
    scene.menu.select(1)
    press(engine, pygame.K_RETURN)  # Keep in My levels
    kept = user_levels.load(user_levels.DEFAULT_COLLECTION)
    assert [level.title for level in kept.levels] == [scene.level.title]
    scene.menu.select(0)
    press(engine, pygame.K_RETURN)  # Play it
    play = engine.top
    assert isinstance(play, PlayScene) and play.level.board == scene.level.board


def test_a_level_made_ahead_for_the_cell_opens_at_once(engine: GameEngine) -> None:
    engine.ready_levels = ReadyLevels(next_seed=lambda: 7)
    engine.ready_levels.start()
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.difficulty, scene.size = 1, 0
    small = cells_of(1)[0]
    scene.menu.select(2)
    press(engine, pygame.K_RETURN)  # none ready: made now, and one asked for ahead
    wait_for(engine, scene)
    made_now = scene.level
    assert made_now is not None
    deadline = time.monotonic() + 60
    while not engine.ready_levels.ready(small):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    scene.menu.select(2)
    press(engine, pygame.K_RETURN)  # Make another
    assert scene.job is None and scene.level is not made_now  # no job: the ready one, at once
    assert scene.level is not None
    assert dict(scene.level.extra)["Stars"] == "1" and scene.level.title == small.level_title(7)
    assert scene.level.width <= small.width and len(scene.level.boxes) == small.boxes


class OneReady(ReadyLevels):
    """Says one cell has a level made ahead, and makes nothing."""

    def __init__(self, cell: Cell) -> None:
        super().__init__()
        self.cell = cell

    def ready(self, cell: Cell) -> bool:
        return cell == self.cell


def test_changing_the_difficulty_goes_to_the_size_made_ahead(engine: GameEngine) -> None:
    medium, large = cells_of(4)[0], cells_of(4)[1]
    assert (medium.size, large.size) == ("Medium", "Large")
    engine.ready_levels = OneReady(large)
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.difficulty, scene.size = 3, 1  # Medium, which 4 stars offers too
    assert scene._cell().size == "Medium"
    press(engine, pygame.K_RIGHT)  # the Difficulty row: 4 stars
    assert scene.difficulty == 4 and scene._cell() == large
    press(engine, pygame.K_LEFT)  # 3 stars has none made ahead: the size stays
    assert scene.difficulty == 3 and scene._cell().size == "Large"


def test_esc_stops_the_making_at_once(engine: GameEngine) -> None:
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.difficulty, scene.size = 5, 3
    scene.menu.select(2)
    press(engine, pygame.K_RETURN)
    job = scene.job
    assert job is not None
    press(engine, pygame.K_ESCAPE)
    assert scene.job is None and engine.top is scene and "Stopped" in scene.message
    assert job.wait(10.0)
    press(engine, pygame.K_ESCAPE)
    assert engine.top is not scene
