"""Tests of the solution metrics: each of the six numbers on a small level, and the orders.

The level is small enough to count the numbers by hand.
"""

from __future__ import annotations

import pytest

from game.core.direction import Direction
from game.core.metrics import (
    BlockedSolution,
    MetricOrder,
    SolutionMetrics,
    measure,
    played_pushes,
    player_lines,
    pushes_of,
    solves,
)
from game.core.notation import NotationError
from game.core.paths import DIRECTIONS
from game.core.push import Push
from game.core.xsb import parse_level

TWO_BOXES = """\
#######
#@ $ .#
#     #
#  $ .#
#######
"""


def test_measure_counts_each_metric_by_hand() -> None:
    lvl = parse_level(TWO_BOXES)
    # Push the top box twice right, walk round, push the bottom box twice right.
    lurd = "rRRdlldRR"
    metrics = measure(lvl, lurd)
    assert metrics == SolutionMetrics(
        moves=9, pushes=4, box_lines=2, box_changes=1, pushing_sessions=2, player_lines=5
    )
    assert solves(lvl, lurd)


def test_played_pushes_are_each_box_square_before_its_push() -> None:
    lvl = parse_level(TWO_BOXES)
    top, bottom = lvl.board.index(3, 1), lvl.board.index(3, 3)
    assert played_pushes(lvl, "rRRdlldRR") == [
        Push(top, Direction.RIGHT),
        Push(top + 1, Direction.RIGHT),
        Push(bottom, Direction.RIGHT),
        Push(bottom + 1, Direction.RIGHT),
    ]
    assert pushes_of(lvl, "rR") == [(top, DIRECTIONS.index(Direction.RIGHT))]


def test_an_unfinished_or_broken_solution_does_not_solve() -> None:
    lvl = parse_level(TWO_BOXES)
    assert not solves(lvl, "rRR")
    assert not solves(lvl, "rRRx")
    with pytest.raises(BlockedSolution) as blocked:
        measure(lvl, "lrRRR")
    assert blocked.value.move == 1
    with pytest.raises(NotationError):
        measure(lvl, "rRx")


def test_player_lines_ignore_the_case_of_pushes() -> None:
    assert player_lines("") == 0
    assert player_lines("rRrR") == 1
    assert player_lines("rdrd") == 4


def test_orders_break_ties_on_the_next_metric() -> None:
    fewer_moves = SolutionMetrics(10, 5, 3, 2, 2, 4)
    fewer_pushes = SolutionMetrics(12, 4, 3, 2, 2, 4)
    assert MetricOrder.MOVES.better(fewer_moves, fewer_pushes)
    assert MetricOrder.PUSHES.better(fewer_pushes, fewer_moves)
    tied = SolutionMetrics(10, 5, 2, 2, 2, 4)
    assert MetricOrder.MOVES.better(tied, fewer_moves)
    assert not MetricOrder.MOVES.better(fewer_moves, fewer_moves)
    fewer_changes = SolutionMetrics(20, 9, 4, 1, 3, 9)
    assert MetricOrder.BOX_CHANGES.better(fewer_changes, fewer_moves)
    assert MetricOrder.BOX_LINES.better(tied, fewer_changes)
