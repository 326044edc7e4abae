"""The Random level screen: a level made off the main loop, kept in My levels, played; Esc stops
the making at once. And the background job it runs on.
"""

from __future__ import annotations

import time

import pygame

from game.app.background import BackgroundJob, CancelCheck, ProgressLine
from game.app.screens import RandomLevelScreen
from game.engine.engine import GameEngine
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


def test_a_background_job_reports_progress_a_result_or_one_line() -> None:
    def work(cancelled: CancelCheck, progress: ProgressLine) -> int:
        progress("half way")
        return 42

    wakes: list[str] = []
    job = BackgroundJob(work, wake=lambda: wakes.append("news"))
    assert job.wait(5.0)
    outcome = job.outcome()
    assert outcome is not None and outcome.result == 42 and job.progress == "half way"
    # The progress line and the end each wake a resting loop.
    assert wakes == ["news", "news"]

    def failing(cancelled: CancelCheck, progress: ProgressLine) -> int:
        raise ValueError("boxes must be 1 to 3\nin a 8x8 level")

    broken = BackgroundJob(failing)
    assert broken.wait(5.0)
    outcome = broken.outcome()
    assert outcome is not None and outcome.error == "boxes must be 1 to 3 in a 8x8 level"
