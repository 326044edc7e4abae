"""The fair score: replaying a solved level cannot farm points, and four screens show one total.

The farming steps of the campaign issue, played through the real engine with the clipboard.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.app import navigation
from game.app.filing import keep_solution
from game.app.screens import LevelSelectScreen, MainMenuScreen, PlayScreen, StatsScreen
from game.engine.engine import GameEngine
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.play import PlayScene
from game.scenes.stats import StatsScene
from game.storage.library_entry import Origin
from tests.engine.harness import FIRST_SOLUTION, play_moves, press, settle
from tests.scenes.conftest import Drawn


def solve_first(engine: GameEngine, paste: bool = False) -> LevelCompleteScene:
    """Solve level 1 of the test levels by its keys, or by pasting its solution."""
    if paste:
        engine.clipboard.put(FIRST_SOLUTION)
        press(engine, pygame.K_v, pygame.KMOD_LCTRL)
    else:
        play_moves(engine, FIRST_SOLUTION)
    settle(engine)
    engine.run_frames(2)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    return complete


def drawn_on(engine: GameEngine, scene: LevelCompleteScene, drawn_texts: list[Drawn]) -> set[str]:
    drawn_texts.clear()
    scene.draw(engine.screen, scene.shown(), 0.0)
    return {drawn.text for drawn in drawn_texts}


def test_replaying_a_solved_level_leaves_the_total_and_every_screen_agrees(
    engine: GameEngine,
) -> None:
    engine.open_stack([LevelSelectScreen()])
    navigation.play_level(engine, 0)
    first = solve_first(engine)
    total = engine.progress.total_score()
    assert total == first.model.result.score == first.model.result.total_score > 0
    under = engine.scenes[-2]  # the solved level, dimmed under the complete screen
    assert isinstance(under, PlayScene) and under.model.hud_info().score == total
    for _ in range(2):  # the farming steps: the same level again, the same solution
        navigation.leave_level(engine)
        navigation.play_level(engine, 0)
        again = solve_first(engine)
        assert again.model.result.total_score == total
    assert engine.progress.total_score() == total
    navigation.leave_level(engine)
    select = engine.top
    assert isinstance(select, LevelSelectScene) and select.model.summary.score == total
    navigation.play_level(engine, 1)
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.hud_info().score == total
    stats = StatsScene(engine, StatsScreen())
    engine.push(stats)
    assert stats.model.data.totals.score == total


def test_a_level_finished_by_the_solver_is_shown_not_solved_and_scores_nothing(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    play = PlayScene(engine, PlayScreen(2))
    engine.push(play)
    play.model.assist.ask_solution(play.model.state)
    deadline = time.monotonic() + 60  # the solver's worker process starts, then solves
    while not play.model.assist.in_solution and time.monotonic() < deadline:
        engine.run_frames(1)
        time.sleep(0.01)
    assert play.model.assist.in_solution
    press(engine, pygame.K_SPACE)
    for _ in range(3000):
        engine.run_frames(1)
        if isinstance(engine.top, LevelCompleteScene):
            break
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene) and complete.model.result.score == 0
    assert complete.model.result.shown
    texts = drawn_on(engine, complete, drawn_texts)
    assert "Shown" in texts and "Level solved!" not in texts and "none (shown)" in texts
    record = engine.progress.level_record(engine.context.session.collection_id, play.model.level)
    assert record is not None and not record.solved and record.solver_used
    assert engine.progress.total_score() == 0
    assert engine.progress.totals().levels_solved == 0


def test_a_pasted_solution_shows_the_level_and_a_player_solves_it_after(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    engine.open_stack([LevelSelectScreen()])
    navigation.play_level(engine, 0)
    pasted = solve_first(engine, paste=True)
    assert pasted.model.result.shown and pasted.model.result.score == 0
    assert "Shown" in drawn_on(engine, pasted, drawn_texts)
    assert engine.progress.total_score() == 0
    navigation.leave_level(engine)
    navigation.play_level(engine, 0)
    played = solve_first(engine)
    assert not played.model.result.shown and played.model.result.score > 0
    assert "Level solved!" in drawn_on(engine, played, drawn_texts)


def test_a_worse_replay_says_the_best_stays_and_the_hud_follows_a_new_best(
    engine: GameEngine, tmp_path: Path, drawn_texts: list[Drawn]
) -> None:
    levels = tmp_path / "par.xsb"
    levels.write_text("Title: Par\n\n#######\n#@ $ .#\n#######\nSolution: rRR\n")
    engine.open_stack([MainMenuScreen()])
    navigation.open_collection_file(engine, str(levels))
    navigation.play_level(engine, 0)
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.hud_info().best == "-"
    play_moves(engine, "rRR")
    settle(engine)
    best = engine.top
    assert isinstance(best, LevelCompleteScene) and best.model.result.score == 1000
    assert play.model.hud_info().best == "3/2"  # the HUD under the complete screen
    press(engine, pygame.K_r)  # play again, worse: two moves more
    play_moves(engine, "rlrRR")
    settle(engine)
    worse = engine.top
    assert isinstance(worse, LevelCompleteScene) and worse.model.result.score == 820
    assert "+820, best stays 1,000" in drawn_on(engine, worse, drawn_texts)
    assert worse.model.result.total_score == 1000


def test_continue_then_solve_scores_what_play_again_scores(
    engine: GameEngine, tmp_path: Path
) -> None:
    """Continue opens the next level with the saved game's counters and the level's own par
    (it was scored without its par: 997 here instead of 1,000)."""
    levels = tmp_path / "par.xsb"
    corridor = "#######\n#@ $ .#\n#######\n"
    levels.write_text(f"Title: Par\n\n{corridor}\n{corridor}Solution: rRR\n")
    engine.open_stack([MainMenuScreen()])
    navigation.open_collection_file(engine, str(levels))
    navigation.play_level(engine, 0)
    play_moves(engine, "rRR")
    settle(engine)
    assert isinstance(engine.top, LevelCompleteScene)
    engine.open_stack([MainMenuScreen()])  # back to the menu: Continue holds level 2
    press(engine, pygame.K_RETURN)
    resumed = engine.top
    assert isinstance(resumed, PlayScene) and resumed.model.level_index == 1
    play_moves(engine, "rRR")
    settle(engine)
    continued = engine.top
    assert isinstance(continued, LevelCompleteScene)
    press(engine, pygame.K_r)  # play again
    play_moves(engine, "rRR")
    settle(engine)
    again = engine.top
    assert isinstance(again, LevelCompleteScene)
    assert continued.model.result.score == again.model.result.score == 1000


def test_a_level_select_header_counts_its_own_collection_as_the_statistics_do(
    engine: GameEngine, tmp_path: Path
) -> None:
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    navigation.play_level(engine, 0)
    play_moves(engine, FIRST_SOLUTION)  # a level of another collection: not this one's score
    settle(engine)
    twins = tmp_path / "twins.xsb"
    corridor = "#######\n#@ $ .#\n#######\n"
    twins.write_text(f"{corridor}\n{corridor}")
    navigation.open_collection_file(engine, str(twins))
    navigation.play_level(engine, 0)
    play_moves(engine, "rRR")
    settle(engine)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    score = complete.model.result.score
    navigation.leave_level(engine)
    select = engine.top
    assert isinstance(select, LevelSelectScene)
    # Two levels of one layout: solving it solves both cards, but counts once.
    assert select.model.solved == {0, 1}
    summary = select.model.summary
    assert (summary.levels, summary.solved, summary.score) == (2, 1, score)
    assert engine.progress.total_score() > score
    stats = StatsScene(engine, StatsScreen())
    engine.push(stats)
    opened = engine.context.session.collection_id
    row = next(info for info in stats.model.data.collections if info.collection_id == opened)
    assert (row.level_count, row.solved) == (2, 1)


def test_the_hud_best_is_the_libraries_best_not_only_the_players(
    engine: GameEngine, tmp_path: Path
) -> None:
    levels = tmp_path / "par.xsb"
    levels.write_text("Title: Par\n\n#######\n#@ $ .#\n#######\n")
    engine.open_stack([MainMenuScreen()])
    navigation.open_collection_file(engine, str(levels))
    collection = engine.context.session.collection
    assert collection is not None
    filed = keep_solution(engine.context, 0, collection.levels[0], "rRR", Origin.IMPORTED)
    assert filed.new
    navigation.play_level(engine, 0)
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.hud_info().best == "3/2"
    play_moves(engine, "rlrRR")  # the player's own best is two moves longer
    settle(engine)
    assert isinstance(engine.top, LevelCompleteScene)
    assert play.model.hud_info().best == "3/2"
