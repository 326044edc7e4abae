"""Tests for the difficulty rating and its stars, and the pushing sessions it counts.

Small inline levels; the formula itself is written once, in game.levelgen.rating.
"""

from __future__ import annotations

import math

from game.core.xsb import parse_level
from game.levelgen.rating import STAR_THRESHOLDS, Rating, rate, rating_value, stars_of
from game.levelgen.score import SolutionCounts, solution_counts

TWO_BOXES = """\
#######
#@$ . #
#  $  #
#   . #
#######
"""


def test_pushing_sessions_are_runs_of_pushes_between_walks() -> None:
    level = parse_level(TWO_BOXES)
    counts = solution_counts(level, "RRDldR")
    assert counts.sessions == 2  # RR, then a walk (D l d), then R
    assert counts.box_changes == 1 and counts.box_lines == 3


def test_the_rating_weighs_each_count_as_documented() -> None:
    counts = SolutionCounts(pushes=10, box_changes=2, box_lines=5, goal_exits=0, sessions=3)
    plain = 10 + 2 * 5 + 4 * 2 + 3 * 3
    assert rating_value(counts, 0) == plain
    assert rating_value(counts, 63) == plain + 6 * math.log2(64)
    assert Rating(counts, 63).value == rating_value(counts, 63)


def test_stars_run_from_one_to_five_at_the_thresholds() -> None:
    assert stars_of(0) == 1
    for stars, threshold in enumerate(STAR_THRESHOLDS, start=2):
        assert stars_of(threshold - 1) == stars - 1
        assert stars_of(threshold) == stars
    assert stars_of(10_000) == 5


def test_rate_measures_the_solver_effort_when_not_given() -> None:
    level = parse_level(TWO_BOXES)
    measured = rate(level, "RRDldR")
    assert measured.solver_nodes > 0
    assert rate(level, "RRDldR", solver_nodes=7).solver_nodes == 7
    assert measured.stars == 1
