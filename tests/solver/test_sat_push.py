"""The SAT push planner: fewest pushes, a decoded plan the rules accept, walks that need a
loop cut, and no box on a dead square. Skipped when python-sat is not installed."""

from __future__ import annotations

import pytest

from game.core.notation import replay
from game.core.xsb import parse_level
from game.solver import solve
from game.solver.analysis.board import Analysis, mask_of
from game.solver.search.problem import Problem
from game.solver.smt.sat_push import SatPushPlanner

pytest.importorskip("pysat.solvers")

# Three boxes: fewest pushes 4.
THREE_BOXES = """\
######
#+   #
#$$$.#
#.   #
######
"""
# The player starts walled off from the right room by the boxes: the walk to the far side of
# a box has to go round, and a reach that floats in the other room must be cut.
TWO_ROOMS = """\
#########
#@  #   #
# $ $  .#
#   #  .#
#########
"""
# Pushing the box up puts it on the dead top row; pushing it right does not.
CORNER = """\
######
#    #
#@$ .#
#    #
######
"""


def _problem(text: str) -> Problem:
    level = parse_level(text)
    return Problem(Analysis(level.board, level.player), mask_of(level.boxes), level.player)


@pytest.mark.parametrize("text", [THREE_BOXES, TWO_ROOMS, CORNER])
def test_plans_have_the_fewest_pushes_and_replay(text: str) -> None:
    level = parse_level(text)
    found = solve(level, method="sat-push", time_limit=60)
    expected = solve(level, method="bfs", time_limit=60)
    assert found.solved and expected.solved
    assert found.pushes == expected.pushes
    check = replay(level, found.lurd)
    assert check.solved
    assert (check.moves, check.pushes) == (found.moves, found.pushes)


def test_no_box_ever_stands_on_a_dead_square() -> None:
    planner = SatPushPlanner(_problem(CORNER))
    for _ in range(3):
        planner.extend()
    board = parse_level(CORNER).board
    top, right = board.index(2, 1), board.index(3, 2)
    # A dead square has no box variable at all: no step can put a box there.
    assert all(top not in boxes for boxes in planner.boxes[1:])
    assert planner.sat.solve([planner.boxes[1][right]]) is True


def test_an_unsolvable_start_is_reported() -> None:
    level = parse_level("#####\n#@$ #\n#  .#\n#####\n")
    assert solve(level, method="sat-push", time_limit=10).status.value == "unsolvable"


def test_reach_into_a_walled_off_room_is_cut() -> None:
    planner = SatPushPlanner(_problem(TWO_ROOMS))
    answers = []
    for steps in range(1, 10):
        planner.extend()
        answers.append(planner.solve_at(steps))
    assert answers == [False] * 8 + [True]
    assert planner.loops  # the first models reached the right room without a way in
    assert len(planner.plan(9)) == 9
