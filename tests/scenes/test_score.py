"""The fair score: replaying a solved level cannot farm points, and four screens show one total.

The farming steps of the campaign issue, played through the real engine with the clipboard.
"""

from __future__ import annotations

import time

import pygame

from game.app import navigation
from game.app.screens import LevelSelectScreen, PlayScreen, StatsScreen
from game.engine.engine import GameEngine
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.play import PlayScene
from game.scenes.stats import StatsScene
from tests.engine.harness import FIRST_SOLUTION, press, settle


def paste_solution(engine: GameEngine) -> LevelCompleteScene:
    engine.clipboard.put(FIRST_SOLUTION)
    press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    settle(engine)
    engine.run_frames(2)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    return complete


def test_replaying_a_solved_level_leaves_the_total_and_every_screen_agrees(
    engine: GameEngine,
) -> None:
    engine.open_stack([LevelSelectScreen()])
    navigation.play_level(engine, 0)
    first = paste_solution(engine)
    total = engine.progress.total_score()
    assert total == first.result.score == first.result.total_score > 0
    under = engine.scenes[-2]  # the solved level, dimmed under the complete screen
    assert isinstance(under, PlayScene) and under.hud_info().score == total
    for _ in range(2):  # the farming steps: the same level again, the same solution pasted
        navigation.leave_level(engine)
        navigation.play_level(engine, 0)
        again = paste_solution(engine)
        assert again.result.total_score == total
    assert engine.progress.total_score() == total
    navigation.leave_level(engine)
    select = engine.top
    assert isinstance(select, LevelSelectScene) and select.total_score == total
    navigation.play_level(engine, 1)
    play = engine.top
    assert isinstance(play, PlayScene) and play.hud_info().score == total
    stats = StatsScene(engine, StatsScreen())
    engine.push(stats)
    assert stats.data.totals.score == total


def test_a_level_finished_by_the_solver_is_shown_not_solved_and_scores_nothing(
    engine: GameEngine,
) -> None:
    play = PlayScene(engine, PlayScreen(2))
    engine.push(play)
    play.assist.ask_solution(play.state)
    deadline = time.monotonic() + 60  # the solver's worker process starts, then solves
    while not play.assist.in_solution and time.monotonic() < deadline:
        engine.run_frames(1)
        time.sleep(0.01)
    assert play.assist.in_solution
    press(engine, pygame.K_SPACE)
    for _ in range(3000):
        engine.run_frames(1)
        if isinstance(engine.top, LevelCompleteScene):
            break
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene) and complete.result.score == 0
    record = engine.progress.level_record(engine.context.session.collection_id, play.level)
    assert record is not None and not record.solved and record.solver_used
    assert engine.progress.total_score() == 0
    assert engine.progress.totals().levels_solved == 0
