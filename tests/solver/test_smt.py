"""The SMT planners: optimal plan lengths, decoded and replayed solutions, the dead-square
constraints, progress and cancel. Skipped when z3 is not installed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.core.notation import replay
from game.core.xsb import parse_level
from game.solver import SolveStatus, solve
from game.solver.analysis.board import Analysis, mask_of
from game.solver.search.problem import Problem
from game.solver.smt.bv_encoding import BitVectorPlanner
from game.solver.smt.int_encoding import IntegerPlanner
from game.solver.smt.push_encoding import PushPlanner
from game.solver.smt.walks import move_lower_bound
from game.solver.smt.z3planner import Z3Planner

z3 = pytest.importorskip("z3")

# Three boxes: fewest moves 13 (4 pushes); fewest pushes 4.
THREE_BOXES = """\
######
#+   #
#$$$.#
#.   #
######
"""
# One box: fewest moves 5 (3 pushes).
ONE_BOX = """\
######
#   .#
#@$  #
#    #
######
"""
# Pushing the box up puts it on the dead top row; pushing it right does not.
CORNER = """\
######
#    #
#@$ .#
#    #
######
"""


@pytest.mark.parametrize(
    ("method", "reference", "count"),
    [("smt-bv", "astar-moves", "moves"), ("smt-push", "bfs", "pushes")],
)
def test_plans_are_as_short_as_the_optimal_searches(
    method: str, reference: str, count: str
) -> None:
    level = parse_level(THREE_BOXES)
    found = solve(level, method=method, time_limit=60)
    expected = solve(level, method=reference, time_limit=60)
    assert found.solved and expected.solved
    assert getattr(found, count) == getattr(expected, count)
    check = replay(level, found.lurd)
    assert check.solved
    assert (check.moves, check.pushes) == (found.moves, found.pushes)


def test_the_integer_encoding_finds_the_fewest_moves() -> None:
    level = parse_level(ONE_BOX)
    result = solve(level, method="smt-int", time_limit=60)
    assert result.solved
    assert result.moves == 5
    assert replay(level, result.lurd).solved


def _problem(text: str) -> Problem:
    level = parse_level(text)
    return Problem(Analysis(level.board, level.player), mask_of(level.boxes), level.player)


def _square(text: str, x: int, y: int) -> int:
    return parse_level(text).board.index(x, y)


def _box_at(planner: Z3Planner, step: int, square: int) -> Any:
    boxes = planner.boxes[step]
    if isinstance(planner, IntegerPlanner):
        return z3.Select(boxes, square)
    return z3.Extract(square, square, boxes) == 1


@pytest.mark.parametrize("planner_class", [IntegerPlanner, BitVectorPlanner, PushPlanner])
def test_no_box_ever_stands_on_a_dead_square(
    planner_class: Callable[[Problem], Z3Planner],
) -> None:
    planner = planner_class(_problem(CORNER))
    for _ in range(3):
        planner.extend()
    top, right = _square(CORNER, 2, 1), _square(CORNER, 3, 2)
    assert planner.solver.check(_box_at(planner, 3, top)) == z3.unsat
    assert planner.solver.check(_box_at(planner, 3, right)) == z3.sat


def test_the_move_horizon_starts_at_a_lower_bound() -> None:
    # ONE_BOX: three pushes at least, and the player starts behind the box.
    problem = _problem(ONE_BOX)
    assert move_lower_bound(problem) == 3
    planner = BitVectorPlanner(problem)
    answers = []
    for steps in range(1, 6):
        planner.extend()
        answers.append(planner.solve_at(steps))
    assert answers == [False, False, False, False, True]


def test_progress_reports_each_plan_length_tried() -> None:
    tried: list[int] = []
    result = solve(
        parse_level(THREE_BOXES),
        method="smt-push",
        time_limit=60,
        progress=lambda horizon, seconds: tried.append(horizon),
    )
    assert result.solved
    assert tried == sorted(set(tried))
    assert tried[-1] == result.pushes


def test_a_cancelled_solve_stops() -> None:
    result = solve(parse_level(THREE_BOXES), method="smt-bv", time_limit=60, cancel=lambda: True)
    assert result.status is SolveStatus.CANCELLED
