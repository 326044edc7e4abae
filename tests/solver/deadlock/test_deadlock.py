"""Dead squares and freeze deadlocks on hand-made boards."""

from __future__ import annotations

import random

from game.core.xsb import parse_level
from game.solver import SolveStatus, dead_squares, frozen_boxes, solve
from game.solver.analysis.board import bits_of
from game.solver.search.box_moves import box_moves
from tests.solver.helpers import problem_of

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


def test_two_boxes_that_can_only_reach_one_goal_are_a_bipartite_deadlock() -> None:
    # Both boxes stand in the lower corridor: from there only the right goal is reachable
    # (the left goal lies in a pocket above, entered from the upper corridor only).
    text = "\n".join(
        [
            "#########",
            "#.   @  #",
            "### #####",
            "#  $ $ .#",
            "#########",
        ]
    )
    problem = problem_of(text)
    assert not problem.matching.matched(problem.start_boxes)
    result = solve(parse_level(text))
    assert result.status is SolveStatus.UNSOLVABLE
    assert result.nodes == 0


def test_boxes_frozen_on_goals_wall_off_the_goals_behind_them() -> None:
    # A 2x2 block of boxes on goals fills the corridor: frozen for good, it cuts the last
    # box off from the goal at the far end.
    text = "\n".join(["##########", "#.  **$@ #", "#   **   #", "##########"])
    problem = problem_of(text)
    board = parse_level(text).board
    boxes = problem.start_boxes
    frozen = problem.freeze.frozen_group(board.index(4, 1), boxes)
    assert frozen and not frozen & ~problem.goals
    assert not problem.frozen_goals.still_possible(boxes, frozen)
    assert problem.matching.matched(boxes)  # the static rule alone does not see it
    assert solve(parse_level(text)).status is SolveStatus.UNSOLVABLE


def test_goals_frozen_off_the_way_leave_the_others_reachable() -> None:
    # The same block in a taller room: the last box goes round it.
    text = "\n".join(
        ["##########", "#.  **   #", "#   **$@ #", "#        #", "#        #", "##########"]
    )
    problem = problem_of(text)
    board = parse_level(text).board
    frozen = problem.freeze.frozen_group(board.index(4, 1), problem.start_boxes)
    assert frozen and not frozen & ~problem.goals
    assert problem.frozen_goals.still_possible(problem.start_boxes, frozen)


def test_a_box_reaches_goals_only_from_the_sides_the_player_reaches() -> None:
    # The box at (4, 1) could be pushed left to the goal from the square beside the frozen
    # box, but the player reaches only its left side: pushed right it is shut in for good.
    text = "\n".join(["########", "#. @$ *#", "########"])
    problem = problem_of(text)
    board = parse_level(text).board
    boxes = problem.start_boxes
    frozen = problem.freeze.frozen_group(board.index(6, 1), boxes)
    assert frozen == 1 << board.index(6, 1)
    assert problem.frozen_goals.still_possible(boxes, frozen)  # the player anywhere
    frozen_goals = problem.frozen_goals
    all_frozen = frozen_goals.frozen_if_possible(boxes, frozen)
    assert not frozen_goals.player_reaches(boxes, all_frozen, board.index(3, 1))
    assert frozen_goals.player_reaches(boxes, all_frozen, board.index(5, 1))


def test_a_push_that_shuts_the_player_off_from_a_box_is_left_out() -> None:
    # Pushed up onto its goal, the box freezes and shuts the player into the shaft below it:
    # the other box, whose goal a lone box could reach, can never be pushed again.
    text = "\n".join(["########", "#.  $ .#", "######$#", "######@#", "########"])
    problem = problem_of(text)
    board = parse_level(text).board
    source, target = board.index(6, 2), board.index(6, 1)
    after = problem.start_boxes ^ (1 << source | 1 << target)
    assert problem.frozen_goals.still_possible(after, 1 << target)  # the player anywhere
    assert problem.allowed(source, target, after)
    assert not problem.allowed(source, target, after, source)  # he stands where the box stood
    # Neither the searches over pushes nor those over box moves make the push.
    boxes, player = problem.start_boxes, problem.start_player
    region = problem.region(boxes, player)
    assert all(after != moved for _, _, moved in problem.pushes(boxes, region))
    assert all(after != moved for _, moved, _ in box_moves(problem, boxes, region, None))


def test_only_boxes_stopped_along_both_axes_are_candidates_for_freezing() -> None:
    problem = problem_of(BLOCK)
    board = parse_level(BLOCK).board
    block = problem.start_boxes
    assert problem.freeze.candidates(block) == block
    # A lone box in the middle of the room has free squares on every side: never frozen.
    lone = 1 << board.index(4, 3)
    assert problem.freeze.candidates(lone) == 0
    # In the corner it is stopped by walls on both axes, and frozen.
    corner = 1 << board.index(1, 1)
    assert problem.freeze.candidates(corner) == corner
    assert problem.freeze.frozen_group(board.index(1, 1), corner) == corner


def test_a_box_free_along_an_axis_is_let_go_as_the_full_rule_would() -> None:
    # frozen_group answers at once for a box with nothing to stop it along one axis; for every
    # box of many random positions, its answer is the one the rule's own walk gives.
    problem = problem_of(BLOCK)
    freeze = problem.freeze
    squares = list(bits_of(problem.floor))
    chooser = random.Random(7)
    let_go = 0
    for _ in range(400):
        boxes = 0
        for square in chooser.sample(squares, chooser.randint(1, len(squares) - 1)):
            boxes |= 1 << square
        for box in bits_of(boxes):
            group = [0]
            walked = group[0] if freeze._frozen(box, boxes, freeze.walls, group) else 0
            assert freeze.frozen_group(box, boxes) == walked
            let_go += not walked
    assert let_go  # some boxes were free to move
