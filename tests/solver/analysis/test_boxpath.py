"""Tests for the one-box searches: pushing a box to a square, for the player's click-to-push,
and the LURD replay of a solution into pushes."""

from __future__ import annotations

import pytest

from game.core.direction import Direction
from game.core.metrics import played_pushes
from game.core.play import PlayState
from game.core.push import Push
from game.core.xsb import parse_level
from game.solver.analysis.boxpath import push_steps

ROOM = """\
#######
#@    #
# ### #
#  $  #
#    .#
#######"""


def test_push_steps_move_the_box_with_the_fewest_pushes() -> None:
    level = parse_level(ROOM)
    board = level.board
    box = next(iter(level.boxes))
    steps = push_steps(board, level.boxes, level.player, box, board.index(5, 4))
    assert steps is not None
    state = PlayState(level)
    for direction in steps:
        assert state.step(direction).moved
    assert state.is_solved
    assert state.push_count == 3


def test_push_steps_may_push_onto_a_dead_square() -> None:
    level = parse_level(ROOM)
    board = level.board
    box = next(iter(level.boxes))
    steps = push_steps(board, level.boxes, level.player, box, board.index(1, 3))
    assert steps is not None and steps[-1] is Direction.LEFT


def test_push_steps_none_when_impossible() -> None:
    level = parse_level(ROOM)
    board = level.board
    box = next(iter(level.boxes))
    assert push_steps(board, level.boxes, level.player, box, board.index(2, 1)) is None
    assert push_steps(board, level.boxes, level.player, box, board.index(3, 2)) is None
    assert push_steps(board, level.boxes, level.player, box, box) == []


def test_pushes_of_a_solution_are_push_records() -> None:
    level = parse_level("#####\n#@$.#\n#####")
    assert played_pushes(level, "R") == [Push(level.board.index(2, 1), Direction.RIGHT)]
    with pytest.raises(ValueError, match="move 2"):
        played_pushes(level, "RR")
