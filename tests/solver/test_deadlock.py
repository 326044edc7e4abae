"""Dead squares and freeze deadlocks on hand-made boards."""

from __future__ import annotations

from game.core.xsb import parse_level
from game.solver import dead_squares, frozen_boxes

# A 4x4 room with one goal: a box against a wall can never leave it, so only the inner
# 2x2 squares are alive.
ROOM = "######\n#@   #\n# $  #\n#  . #\n#    #\n######"

BLOCK = "#######\n#     #\n# $$  #\n# $$  #\n#     #\n#@....#\n#######"


def test_dead_squares_of_an_open_room() -> None:
    board = parse_level(ROOM).board
    inner = {board.index(x, y) for x in (2, 3) for y in (2, 3)}
    floor = {board.index(x, y) for x in range(1, 5) for y in range(1, 5)}
    assert dead_squares(board) == frozenset(floor - inner)


def test_dead_end_corridor_squares_are_dead() -> None:
    board = parse_level("########\n#@$  . #\n#####  #\n    ####").board
    dead = dead_squares(board)
    assert board.index(1, 1) in dead  # the corridor's closed end
    assert board.index(5, 1) not in dead  # the goal
    assert board.index(3, 1) not in dead


def test_a_two_by_two_block_off_goals_is_frozen() -> None:
    level = parse_level(BLOCK)
    board = level.board
    assert frozen_boxes(board, level.boxes, dead_squares(board)) == level.boxes


def test_a_frozen_block_on_goals_is_no_deadlock() -> None:
    # One more box and goal keep the level from being solved already.
    level = parse_level("#######\n#@   .#\n# **  #\n# ** $#\n#     #\n#######")
    board = level.board
    block = level.boxes - {board.index(5, 3)}
    assert frozen_boxes(board, block, dead_squares(board)) == frozenset()


def test_boxes_that_can_still_move_are_not_frozen() -> None:
    level = parse_level(ROOM)
    board = level.board
    assert frozen_boxes(board, level.boxes, dead_squares(board)) == frozenset()


def test_a_box_frozen_by_a_wall_and_a_frozen_neighbour() -> None:
    # Two boxes side by side against the top wall: neither can ever move.
    level = parse_level("######\n# $$ #\n#  ..#\n#@   #\n######")
    board = level.board
    frozen = frozen_boxes(board, level.boxes, frozenset())
    assert frozen == level.boxes
