"""The solver's help in play, driven tick by tick with an in-process stand-in for the service.

Hints lead to the solved state, whole solutions step and autoplay, dead positions are reported.
"""

from __future__ import annotations

import pytest

from game.app.assist import Phase, Progress, SolverAssist
from game.app.assist_machine import (
    BACKGROUND_TIME_LIMIT,
    HINT_TIME_LIMIT,
    MIN_BACKGROUND_TIME_LIMIT,
    SETTLE_TICKS,
)
from game.app.jobs.jobs import Purpose
from game.app.jobs.solver_service import solve_answer
from game.core import Direction, PlayState, parse_level
from game.core.problems import Problem, ProblemKind
from game.solver import SolveResult, SolveStatus, solve
from game.solver.plan import Push
from tests.app.fake_solver import FakeSolver, InstantSolver, SlowSolver
from tests.conftest import SMALL_LEVEL

DEAD_END = "#######\n#@    #\n# $  .#\n#     #\n#######"


def make(level_text: str) -> tuple[PlayState, SolverAssist]:
    state = PlayState(parse_level(level_text))
    assist = SolverAssist(InstantSolver(), state.level)
    assist.after_change(state, None)
    return state, assist


def settle(state: PlayState, assist: SolverAssist) -> None:
    for _ in range(SETTLE_TICKS + 2):
        assist.tick(state, 1 / 60)


def play(state: PlayState, assist: SolverAssist, direction: Direction) -> None:
    before = state.player
    move = state.step(direction).move
    assert move is not None
    box = before + 2 * (direction.dx + direction.dy * state.board.width)
    pushed = Push(box - direction.dx - direction.dy * state.board.width, direction)
    assist.after_change(state, pushed if move.pushed else None)


def test_background_solve_makes_hints_ready_and_they_solve_the_level() -> None:
    state, assist = make(SMALL_LEVEL)
    settle(state, assist)
    assert assist.phase is Phase.READY
    hints = 0
    while not state.is_solved:
        assist.ask_hint(state)
        hint = assist.hint
        assert hint is not None
        hints += 1
        for step in hint.walk:
            play(state, assist, step)
        play(state, assist, hint.push.direction)
        settle(state, assist)
    assert hints > 1


def test_hint_asked_before_the_answer_shows_when_it_arrives() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    solver = FakeSolver()  # answers only when told
    assist = SolverAssist(solver, state.level)
    assist.ask_hint(state)
    assert assist.hint is None and assist.phase is Phase.THINKING
    assert solver.purposes == [Purpose.HINT]
    settle(state, assist)
    assert assist.hint is None and assist.wants_hint  # still waiting, nothing shown yet
    result = solve(state.level, time_limit=20)
    solver.jobs[-1].finish(solve_answer(state.level, result))
    assist.tick(state, 1 / 60)
    assert assist.hint is not None and not assist.wants_hint
    assert assist.take_charges() == 1


def test_whole_solution_steps_forward_and_back_and_autoplays() -> None:
    state, assist = make(SMALL_LEVEL)
    settle(state, assist)
    assist.ask_solution(state)
    assert assist.in_solution
    first = assist.next_solution_step()
    assert first is not None and state.step(first).moved
    assert assist.solution_step_back()
    state.undo()
    assist.steps.toggle_autoplay()
    ticks = 0
    while not state.is_solved and ticks < 10_000:
        if assist.tick(state, 1 / 60):
            step = assist.next_solution_step()
            assert step is not None and state.step(step).moved
        ticks += 1
    assert state.is_solved


def test_deadlocking_push_warns_and_rescue_counts_undos() -> None:
    state, assist = make(DEAD_END)
    for letter in "dRur":
        play(state, assist, Direction.from_letter(letter))
    play(state, assist, Direction.DOWN)
    assert assist.warning is not None
    assert "never reach a goal" in assist.warning.message
    settle(state, assist)
    assist.tick(state, 1 / 60)
    assert assist.phase is Phase.UNSOLVABLE
    assert assist.undos_needed == 1
    assert "undo 1 move" in assist.message


def test_cancel_stops_thinking() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    solver = FakeSolver()
    assist = SolverAssist(solver, state.level)
    assist.ask_hint(state)
    assist.cancel()
    assert assist.phase is Phase.IDLE
    assert solver.cancels == 1 and not solver.jobs[-1].running
    solver.answer(SolveResult(SolveStatus.SOLVED, "R", 1, 1))  # an answer after all: dropped
    settle(state, assist)
    assert assist.hint is None


def test_a_hint_on_a_lost_position_answers_at_once_and_costs_nothing() -> None:
    state, assist = make(DEAD_END)
    for letter in "dRurD":
        play(state, assist, Direction.from_letter(letter))
    settle(state, assist)
    assist.tick(state, 1 / 60)
    assert assist.phase is Phase.UNSOLVABLE
    refused = Problem(ProblemKind.NO_WAY_ON, count=1)
    assert assist.ask_hint(state) == assist.ask_solution(state) == refused
    assert refused.text == "No way on from here: undo 1 move first"
    assert not assist.wants_hint and not assist.wants_solution
    # After the undo the fresh plan comes, and no hint pops up uninvited or is charged.
    state.undo()
    assist.after_change(state, None)
    settle(state, assist)
    assert assist.phase is Phase.READY
    assert assist.hint is None


def test_thinking_ahead_never_says_it_failed_and_its_budget_shrinks() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    solver = SlowSolver()
    assist = SolverAssist(solver, state.level)
    assist.after_change(state, None)
    settle(state, assist)
    for _ in range(5):
        # The window loses the focus and gets it back: the think-ahead is asked again.
        assist.set_focus(False, state)
        assist.set_focus(True, state)
        settle(state, assist)
        assert assist.message == "" and assist.phase is Phase.IDLE
    assert solver.limits[0] == BACKGROUND_TIME_LIMIT
    assert solver.limits[1] == BACKGROUND_TIME_LIMIT / 2
    assert solver.limits[-1] == MIN_BACKGROUND_TIME_LIMIT
    # A hint the player asks for gets the full time, and may say that it failed.
    assist.ask_hint(state)
    assert solver.limits[-1] == HINT_TIME_LIMIT
    assist.tick(state, 1 / 60)
    assert assist.phase is Phase.GAVE_UP and "no solution in time" in assist.message


def test_a_hint_stopped_at_the_memory_cap_says_so_and_not_that_time_ran_out() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    solver = SlowSolver()
    solver.stop = SolveStatus.MEMORY
    assist = SolverAssist(solver, state.level)
    assist.ask_hint(state)
    assist.tick(state, 1 / 60)
    assert assist.phase is Phase.GAVE_UP
    assert assist.message.startswith("The solver ran out of memory")


def test_thinking_ahead_waits_while_the_window_has_no_focus() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    solver = SlowSolver()
    assist = SolverAssist(solver, state.level)
    assist.set_focus(False, state)
    assist.after_change(state, None)
    settle(state, assist)
    assert solver.limits == []
    assist.set_focus(True, state)
    settle(state, assist)
    assert solver.limits == [BACKGROUND_TIME_LIMIT]


@pytest.mark.parametrize("method", ["smt-push", "sat-push"])
def test_solve_asks_the_chosen_method_and_its_progress_is_a_plan_length(method: str) -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    solver = SlowSolver()
    assist = SolverAssist(solver, state.level, solve_method=method)
    assist.after_change(state, None)
    settle(state, assist)
    assist.ask_solution(state)
    assert solver.methods == ["fast", method]
    assist.progress = Progress(7, 1.5)
    status = assist.status()
    assert status is not None and "trying plans of 7 steps" in status.text


def test_a_plan_kept_from_before_gives_its_hint_while_another_search_runs() -> None:
    state, assist = make(SMALL_LEVEL)
    settle(state, assist)
    assert assist.phase is Phase.READY
    assist.solve_method = "bfs"  # Shift+S asks another method: a new search, the plan kept
    assist.ask_solution(state)
    assert assist.phase is Phase.THINKING
    assist.ask_hint(state)
    assert assist.hint is not None and assist.take_charges() == 1


def test_a_known_solution_answers_a_hint_at_once_and_again_after_a_restart() -> None:
    from tests.conftest import SMALL_SOLUTION

    solver = FakeSolver()
    state = PlayState(parse_level(SMALL_LEVEL))
    assist = SolverAssist(solver, state.level)
    assist.know_solution(SMALL_SOLUTION)
    assist.after_change(state, None)
    settle(state, assist)
    assist.ask_hint(state)
    assert assist.hint is not None and solver.requests == []
    first = assist.hint.push
    play_hint(state, assist)
    state.restart()
    assist.after_change(state, None)
    settle(state, assist)
    assist.ask_hint(state)
    assert assist.hint is not None and assist.hint.push == first
    assert solver.requests == []


def test_what_the_think_ahead_found_mid_level_answers_at_once_after_a_restart() -> None:
    from tests.conftest import SMALL_SOLUTION

    solver = InstantSolver()
    state = PlayState(parse_level(SMALL_LEVEL))
    assist = SolverAssist(solver, state.level)
    first_push = SMALL_SOLUTION.index("U") + 1
    for letter in SMALL_SOLUTION[:first_push]:
        play(state, assist, Direction.from_letter(letter))
    settle(state, assist)  # the think-ahead solves from here, after one push
    assert assist.phase is Phase.READY and len(solver.requests) == 1
    state.restart()
    assist.after_change(state, None)
    settle(state, assist)
    assist.ask_hint(state)
    assert assist.hint is not None and len(solver.requests) == 1  # no search again
    while not state.is_solved:
        assist.ask_hint(state)
        play_hint(state, assist)
    assert len(solver.requests) == 1


def test_a_known_solution_that_does_not_replay_is_no_plan() -> None:
    solver = FakeSolver()
    state = PlayState(parse_level(SMALL_LEVEL))
    assist = SolverAssist(solver, state.level)
    assist.know_solution("llll")
    assist.after_change(state, None)
    settle(state, assist)
    assert assist.plan is None and len(solver.requests) == 1


def play_hint(state: PlayState, assist: SolverAssist) -> None:
    """Walk to the hinted push and make it."""
    hint = assist.hint
    assert hint is not None
    for direction in hint.walk:
        play(state, assist, direction)
    play(state, assist, hint.push.direction)


def test_a_hint_asked_while_thinking_ahead_starts_over_at_the_players_priority() -> None:
    """The think-ahead runs lowest, and a process cannot raise its priority again: the hint
    the player asks for is a search of its own, not a wait on the starved one."""
    state = PlayState(parse_level(SMALL_LEVEL))
    solver = FakeSolver()  # answers only when told
    assist = SolverAssist(solver, state.level)
    assist.after_change(state, None)
    settle(state, assist)
    assert solver.purposes == [Purpose.THINK_AHEAD]
    assist.ask_hint(state)
    assert solver.purposes == [Purpose.THINK_AHEAD, Purpose.HINT]
    assert [purpose.shown for purpose in solver.purposes] == [False, True]  # its priority
