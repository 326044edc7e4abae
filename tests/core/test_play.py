"""The play state: steps, pushes, blocking, undo and redo, undoable restart, solved detection.

Undo is checked as an exact inverse of every kind of action.
"""

from __future__ import annotations

from game.core import Direction, PlayState, Restart, parse_level
from game.core.play import Blocked
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

CORRIDOR = "#######\n#@$ $.#\n#.  ###\n#####"


def snapshot(state: PlayState) -> tuple[int, frozenset[int], int, int]:
    return state.player, state.box_squares(), state.move_count, state.push_count


def test_step_and_push_update_counters_and_lurd() -> None:
    state = PlayState(parse_level(CORRIDOR))
    assert state.step(Direction.DOWN).move is not None
    assert state.step(Direction.UP).move is not None
    result = state.step(Direction.RIGHT)
    assert result.move is not None and result.move.pushed
    assert (state.move_count, state.push_count) == (3, 1)
    assert state.lurd() == "duR"
    assert state.facing is Direction.RIGHT


def test_walls_and_double_boxes_block() -> None:
    state = PlayState(parse_level(CORRIDOR))
    assert state.step(Direction.UP).blocked is Blocked.WALL
    assert state.step(Direction.LEFT).blocked is Blocked.WALL
    assert state.step(Direction.RIGHT).moved
    assert state.step(Direction.RIGHT).blocked is Blocked.BOX_BLOCKED
    assert state.move_count == 1


def test_undo_and_redo_are_inverse() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    start = snapshot(state)
    for letter in SMALL_SOLUTION[:12]:
        state.step(Direction.from_letter(letter))
    middle = snapshot(state)
    for _ in range(12):
        assert state.undo() is not None
    assert snapshot(state) == start
    assert state.undo() is None
    assert not state.can_undo
    for _ in range(12):
        assert state.redo() is not None
    assert snapshot(state) == middle
    assert state.redo() is None


def test_new_move_clears_redo() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    state.step(Direction.DOWN)
    state.undo()
    assert state.can_redo
    state.step(Direction.RIGHT)
    assert not state.can_redo


def test_restart_can_be_undone_and_redone() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    start = snapshot(state)
    for letter in SMALL_SOLUTION[:5]:
        state.step(Direction.from_letter(letter))
    before = snapshot(state)
    assert state.restart()
    assert snapshot(state) == start
    assert not state.restart()  # nothing to restart: no extra history entry
    assert isinstance(state.undo(), Restart)
    assert snapshot(state) == before
    assert state.lurd() == SMALL_SOLUTION[:5]
    assert isinstance(state.redo(), Restart)
    assert snapshot(state) == start


def test_solved_detection_and_boxes_on_goals() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    assert state.boxes_on_goals == 1
    for letter in SMALL_SOLUTION:
        assert state.step(Direction.from_letter(letter)).moved
    assert state.is_solved
    assert (state.move_count, state.push_count) == (33, 8)
    state.undo()
    assert not state.is_solved


def test_position_is_a_level_for_mid_game_solving() -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    state.step(Direction.DOWN)
    position = state.position()
    assert position.player == state.player
    assert position.boxes == state.box_squares()
    assert position.board is state.board
