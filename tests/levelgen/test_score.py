"""Tests for the push tally of a solution and the pull search's difficulty made of it.

A tiny inline level whose solution switches boxes once.
"""

from __future__ import annotations

import pytest

from game.core.metrics import PushTally, tally_of
from game.core.xsb import parse_level
from game.levelgen.score import difficulty

TWO_BOXES = """\
#######
#@$ . #
#  $  #
#   . #
#######
"""


def test_counts_of_a_solution_that_switches_boxes() -> None:
    level = parse_level(TWO_BOXES)
    counts = tally_of(level, "RRDldR")
    assert counts == PushTally(pushes=4, box_changes=1, box_lines=3, sessions=2, goal_exits=0)
    assert difficulty(4, 1, 3, 0) == 4 + 2 * 3 + 4 * 1


def test_a_push_off_a_goal_is_counted() -> None:
    level = parse_level("######\n#@$. #\n######\n")
    assert tally_of(level, "RR").goal_exits == 1


def test_a_blocked_solution_is_refused() -> None:
    with pytest.raises(ValueError, match="blocked"):
        tally_of(parse_level(TWO_BOXES), "u")
