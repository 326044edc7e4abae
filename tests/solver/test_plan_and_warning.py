"""Hints from a push plan, and the deadlock warnings shown right after a push.

Small hand-made positions pin down each case.
"""

from __future__ import annotations

from game.core import Direction, PlayState, parse_level
from game.core.metrics import played_pushes
from game.solver import dead_squares
from game.solver.plan import Push, PushPlan
from game.solver.warning import DeadlockWatch
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION


def test_pushes_of_a_solution_and_hints_follow_it() -> None:
    level = parse_level(SMALL_LEVEL)
    pushes = played_pushes(level, SMALL_SOLUTION)
    assert len(pushes) == 8
    plan = PushPlan(pushes)
    state = PlayState(level)
    while plan.next_push is not None:
        hint = plan.hint(state.board, state.box_squares(), state.player)
        assert hint is not None
        for step in hint.walk:
            walked = state.step(step).move
            assert walked is not None and not walked.pushed
        moved = state.step(hint.push.direction).move
        assert moved is not None and moved.pushed
        assert hint.target in state.box_squares()
        assert plan.follow(hint.push)
    assert state.is_solved


def test_a_different_push_makes_the_plan_stale() -> None:
    level = parse_level(SMALL_LEVEL)
    plan = PushPlan(played_pushes(level, SMALL_SOLUTION))
    assert not plan.follow(Push(0, Direction.UP))
    assert len(plan) == 8


def test_box_on_dead_square_warns() -> None:
    level = parse_level("######\n#@   #\n# $ .#\n#    #\n######")
    state = PlayState(level)
    for letter in "rD":
        state.step(Direction.from_letter(letter))
    box = next(iter(state.box_squares()))
    warning = DeadlockWatch(level.board).after_push(state.box_squares(), box - 1, box)
    assert warning is not None and warning.boxes == {box}
    assert "never reach a goal" in warning.message


def test_frozen_pair_warns_and_a_free_box_does_not() -> None:
    level = parse_level("#######\n#   . #\n#@$ $.#\n#     #\n#######")
    board = level.board
    watch = DeadlockWatch(board)
    assert watch.after_push(level.boxes, board.index(1, 2), board.index(2, 2)) is None
    # Two boxes side by side against the top wall, where a goal keeps the row alive: frozen.
    pair = frozenset({board.index(2, 1), board.index(3, 1)})
    assert not pair & dead_squares(board)
    warning = watch.after_push(pair, board.index(3, 2), board.index(3, 1))
    assert warning is not None and warning.boxes == pair
    assert "frozen" in warning.message


def test_boxes_that_cannot_share_out_the_goals_warn() -> None:
    # Both boxes in the lower corridor can reach only its goal: one push there is fatal.
    level = parse_level("#########\n#.   @  #\n### #####\n#  $  $.#\n#########")
    board = level.board
    watch = DeadlockWatch(board)
    warning = watch.after_push(level.boxes, board.index(2, 3), board.index(3, 3))
    assert warning is not None and "each reach a goal" in warning.message


def test_boxes_stuck_on_goals_that_wall_off_a_goal_warn() -> None:
    text = "##########\n#.  **$@ #\n#   **   #\n##########"
    level = parse_level(text)
    board = level.board
    warning = DeadlockWatch(board).after_push(level.boxes, board.index(5, 3), board.index(5, 2))
    assert warning is not None and "wall off a goal" in warning.message
    assert board.index(5, 2) in warning.boxes


def test_boxes_shut_round_a_free_square_warn() -> None:
    # Pushed up, the box closes the square to its right: the boxes round it can only be pushed
    # into it, and the one just pushed is off its goal.
    text = "\n".join(
        ["########", "#      #", "#  **  #", "#    * #", "#  $** #", "#  @  .#", "########"]
    )
    level = parse_level(text)
    board = level.board
    source, target = board.index(3, 4), board.index(3, 3)
    after = (level.boxes - {source}) | {target}
    warning = DeadlockWatch(board).after_push(after, source, target)
    assert warning is not None and "shut in free squares" in warning.message
    assert target in warning.boxes and board.index(4, 2) in warning.boxes
