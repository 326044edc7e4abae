"""The solver in play, through the real engine: hints, solve and step, autoplay, cancel, warnings.

The solver service runs its real worker process; frames run on the fake clock while it works.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable

import pygame

from game.app import saving
from game.app.assist import Phase
from game.app.screens import PlayScreen
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.engine.engine import GameEngine
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from tests.engine.harness import LURD_KEYS, play_moves, press, settle
from tests.scenes.test_play import start

SHIFT = pygame.KMOD_SHIFT
# Many boxes in an open room: breadth-first search needs far longer than a test waits.
HARD = """\
; hard
###########
#@        #
#  $ $ $  #
#   $ $   #
#  $ $ $  #
#         #
#  .....  #
#   ...   #
#         #
###########
"""
DEAD_END = "; dead end\n#######\n#@    #\n# $  .#\n#     #\n#######\n"


def wait_for(engine: GameEngine, done: Callable[[], bool], seconds: float = 30.0) -> None:
    """Run frames (with real time passing for the worker) until ``done()`` is true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return
        engine.run_frames(2)
        time.sleep(0.01)
    raise AssertionError("timed out waiting for the solver")


def test_following_hints_solves_the_level(engine: GameEngine) -> None:
    play = start(engine, 0)
    hints = 0
    while not isinstance(engine.top, LevelCompleteScene):
        press(engine, pygame.K_h, SHIFT)
        wait_for(engine, lambda: play.model.assist.hint is not None)
        hint = play.model.assist.hint
        assert hint is not None
        hints += 1
        walk = "".join(step.value for step in hint.walk) + hint.push.direction.value
        play_moves(engine, walk)
        settle(engine)
        assert hints < 50
    assert engine.context.statistics.hints_used == hints
    assert play.model.state.is_solved


def test_the_same_hint_asked_three_times_is_charged_once(engine: GameEngine) -> None:
    play = start(engine, 0)
    for _ in range(3):
        press(engine, pygame.K_h, SHIFT)
        wait_for(engine, lambda: play.model.assist.hint is not None)
        engine.run_frames(2)
    assert engine.context.statistics.hints_used == 1
    hint = play.model.assist.hint
    assert hint is not None
    play_moves(engine, "".join(step.value for step in hint.walk) + hint.push.direction.value)
    settle(engine)
    press(engine, pygame.K_h, SHIFT)  # the next position: the next hint costs again
    wait_for(engine, lambda: play.model.assist.hint is not None)
    engine.run_frames(2)
    assert engine.context.statistics.hints_used == 2


def test_a_hint_used_on_a_level_left_unsolved_is_on_its_record(engine: GameEngine) -> None:
    play = start(engine, 0)
    press(engine, pygame.K_h, SHIFT)
    wait_for(engine, lambda: play.model.assist.hint is not None)
    engine.run_frames(2)
    level = play.model.level
    engine.pop()  # left without a move
    record = saving.level_record(engine.context, level)
    assert record is not None and record.hints == 1 and not record.solved


def test_solve_then_step_back_and_autoplay(engine: GameEngine) -> None:
    play = start(engine, 0)
    press(engine, pygame.K_s, SHIFT)
    wait_for(engine, lambda: play.model.assist.in_solution)
    press(engine, pygame.K_n)
    settle(engine)
    press(engine, pygame.K_n)
    settle(engine)
    assert play.model.state.move_count == 2
    press(engine, pygame.K_b)
    settle(engine)
    assert play.model.state.move_count == 1
    assert play.model.assist.steps.index == 1
    press(engine, pygame.K_RIGHTBRACKET)
    press(engine, pygame.K_SPACE)
    assert play.model.assist.steps.autoplay
    engine.run_frames(5000)
    assert isinstance(engine.top, LevelCompleteScene)
    assert play.model.state.is_solved
    assert engine.context.statistics.solver_used
    assert engine.context.statistics.score_now() == 0  # a solver's solution scores nothing


def test_escape_cancels_thinking_without_leaving(engine: GameEngine) -> None:
    engine.context.session.open(read_collection_text(HARD), LevelFile("tests.xsb"))
    play = start(engine, 0)
    play.model.assist.method = "bfs"
    press(engine, pygame.K_s, SHIFT)
    engine.run_frames(30)
    assert play.model.assist.phase is Phase.THINKING
    status = play.model.assist.status()
    assert status is not None and "Thinking" in status.text
    press(engine, pygame.K_ESCAPE)
    assert play.model.assist.phase is Phase.IDLE
    assert not isinstance(engine.top, PauseScene)
    press(engine, pygame.K_ESCAPE)
    assert isinstance(engine.top, PauseScene)


def test_deadlocking_push_shows_the_warning(engine: GameEngine) -> None:
    engine.context.session.open(read_collection_text(DEAD_END), LevelFile("tests.xsb"))
    play = start(engine, 0)
    play_moves(engine, "dRur")
    assert play.model.assist.warning is None
    play_moves(engine, "D")
    warning = play.model.assist.warning
    assert warning is not None and len(warning.boxes) == 1
    status = play.model.assist.status()
    assert status is not None and "Deadlock" in status.text
    wait_for(engine, lambda: play.model.assist.undos_needed is not None)
    press(engine, LURD_KEYS["u"])  # U undoes the fatal push
    settle(engine)
    assert play.model.assist.warning is None


def test_leaving_a_level_during_a_solve_is_clean(engine: GameEngine) -> None:
    both = read_collection_text(HARD + "\n" + DEAD_END)
    engine.context.session.open(both, LevelFile("tests.xsb"))
    play = start(engine, 0)
    play.model.assist.method = "bfs"
    press(engine, pygame.K_s, SHIFT)
    engine.run_frames(30)
    engine.pop()  # back to the menu: the search is cancelled
    second = PlayScene(engine, PlayScreen(1))
    engine.push(second)
    press(engine, pygame.K_h, SHIFT)
    wait_for(engine, lambda: second.model.assist.hint is not None)
    assert play.model.assist.hint is None
    workers = multiprocessing.active_children()  # the solver's worker, if it still runs
    engine.solver.shutdown()
    assert not any(worker.is_alive() for worker in workers)


def test_the_level_file_s_own_solution_answers_the_first_hint_at_once(
    engine: GameEngine,
) -> None:
    # The HUD's par comes from this solution: the hint follows it, with no search, rather
    # than a way the solver finds (a random level's par said 13 pushes, its hint 17 to go).
    both_ways = "; both ways\n#######\n#.$@$.#\n#######\nSolution: RlL\n"
    engine.context.session.open(read_collection_text(both_ways), LevelFile("ways.xsb"))
    play = start(engine, 0)
    press(engine, pygame.K_h, SHIFT)
    hint = play.model.assist.hint
    assert hint is not None and hint.push.direction.value == "r" and hint.pushes_left == 2
