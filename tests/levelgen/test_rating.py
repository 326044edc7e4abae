"""Tests for the difficulty rating and its stars: the formula, the capped pushes, the reordered
counts and the generator's own effort search it is measured with.

Small inline levels; the formula itself is written once, in game.levelgen.rating.
"""

from __future__ import annotations

import math

from game.core.metrics import PushTally, tally_of
from game.core.xsb import parse_level
from game.levelgen.effort import search_effort
from game.levelgen.rating import (
    PUSHES_COUNTED,
    STAR_THRESHOLDS,
    Rating,
    rate,
    rating_value,
    stars_band,
    stars_of,
)

TWO_BOXES = """\
#######
#@$ . #
#  $  #
#   . #
#######
"""
# Two boxes that need not meet: a solution may hop between them, a player need not.
APART = """\
#########
#@$   . #
#       #
# $   . #
#########
"""


def test_pushing_sessions_are_runs_of_pushes_between_walks() -> None:
    level = parse_level(TWO_BOXES)
    counts = tally_of(level, "RRDldR")
    assert counts.sessions == 2  # RR and D, then a walk (l d), then R
    assert counts.box_changes == 1 and counts.box_lines == 3


def test_the_rating_weighs_each_count_as_documented() -> None:
    counts = PushTally(pushes=10, box_changes=2, box_lines=5, goal_exits=0, sessions=3)
    plain = 10 + 2 * 5 + 4 * 2 + 3 * 3
    assert rating_value(counts, 0) == plain
    assert rating_value(counts, 63) == plain + 6 * math.log2(64)
    assert Rating(counts, 63).value == rating_value(counts, 63)


def test_pushes_alone_never_reach_five_stars() -> None:
    endless = PushTally(pushes=10_000, box_changes=0, box_lines=1, goal_exits=0, sessions=1)
    assert rating_value(endless, 0) == PUSHES_COUNTED + 2 + 3
    assert stars_of(rating_value(endless, 0)) < 3


def test_stars_run_from_one_to_five_at_the_thresholds() -> None:
    assert stars_of(0) == 1
    for stars, threshold in enumerate(STAR_THRESHOLDS, start=2):
        assert stars_of(threshold - 1) == stars - 1
        assert stars_of(threshold) == stars
        assert stars_band(stars)[0] == threshold == stars_band(stars - 1)[1]
    assert stars_of(10_000) == 5 and stars_band(5)[1] > 10_000


def test_rate_counts_the_box_changes_a_player_needs() -> None:
    level = parse_level(APART)
    hopping = "RdldRuuRdldRuuRdldRuuRdldR"  # top box, bottom box, top, bottom, ...
    assert tally_of(level, hopping).box_changes > 1
    rated = rate(level, hopping)
    assert rated.counts.box_changes == 1 and rated.counts.pushes == 8
    assert rated.effort == search_effort(level).nodes
    assert rate(level, hopping, effort=7).effort == 7
