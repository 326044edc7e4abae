"""Tests for the difficulty counts taken from a solution.

A tiny inline level whose solution switches boxes once.
"""

from __future__ import annotations

import pytest

from game.core.xsb import parse_level
from game.levelgen.score import SolutionCounts, solution_counts

TWO_BOXES = """\
#######
#@$ . #
#  $  #
#   . #
#######
"""


def test_counts_of_a_solution_that_switches_boxes() -> None:
    level = parse_level(TWO_BOXES)
    counts = solution_counts(level, "RRDldR")
    assert counts == SolutionCounts(pushes=4, box_changes=1, box_lines=3, goal_exits=0, sessions=2)
    assert counts.score > counts.pushes


def test_a_push_off_a_goal_is_counted() -> None:
    level = parse_level("######\n#@$. #\n######\n")
    assert solution_counts(level, "RR").goal_exits == 1


def test_a_blocked_solution_is_refused() -> None:
    with pytest.raises(ValueError, match="blocked"):
        solution_counts(parse_level(TWO_BOXES), "u")
