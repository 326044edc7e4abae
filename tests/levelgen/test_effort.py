"""Tests for the generator's own effort search: it solves, it counts, it stops, it stays put.

The rating's effort term and every stored campaign rating depend on its node counts, so one
level's count is pinned here: a change to the search shows up as a failure, not as drift.
"""

from __future__ import annotations

import pytest

from game.core.notation import replay
from game.core.xsb import parse_level
from game.levelgen.bitboard import Masks
from game.levelgen.effort import push_distances, search_effort
from game.levelgen.reverse import Cancelled

STRAIGHT = "#######\n#@$  .#\n#######\n"
TWO_BOXES = "#######\n#@$ . #\n#  $  #\n#   . #\n#######\n"
# Pushing each box straight at its nearest goal leads the search astray for a while.
ASTRAY = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n"


def test_a_straight_level_takes_one_position_a_push() -> None:
    effort = search_effort(parse_level(STRAIGHT))
    assert effort.nodes == 3 and effort.lurd == "RRR"


def test_the_effort_of_a_level_that_leads_astray_is_pinned() -> None:
    level = parse_level(ASTRAY)
    effort = search_effort(level)
    assert effort.nodes == 29  # measured once; the campaign's ratings were made with it
    assert replay(level, effort.lurd).solved
    assert search_effort(parse_level(TWO_BOXES)).nodes == 5


def test_a_level_not_solved_within_the_limit_counts_as_the_limit() -> None:
    assert search_effort(parse_level(ASTRAY), node_limit=3).nodes == 3
    dead = parse_level("######\n#$ @.#\n######\n")  # the box is stuck against the wall
    assert search_effort(dead, node_limit=50).nodes == 50


def test_push_distances_leave_out_the_squares_no_box_can_leave() -> None:
    level = parse_level(STRAIGHT)
    distance = push_distances(Masks.of(level.board))
    goal = next(iter(level.board.goals))
    assert distance[goal] == 0 and distance[goal - 3] == 3
    assert goal - 4 not in distance  # against the wall: a box there never moves right


def test_a_cancel_stops_the_search() -> None:
    calls = 0

    def cancel() -> bool:
        nonlocal calls
        calls += 1
        return True

    big = parse_level("#" * 14 + "\n#@" + " " * 11 + "#\n" + ("#" + " $" * 6 + "#\n") * 6
                      + ("#" + " ." * 6 + "#\n") * 6 + "#" * 14 + "\n")
    with pytest.raises(Cancelled):
        search_effort(big, cancel=cancel)
    assert calls == 1
