"""Tests for reordering a solution's pushes: fewer box changes, the same pushes, still solved.

An inline level of two boxes that never meet, and a sample of the campaign's levels.
"""

from __future__ import annotations

from game.core.collection import Collection, read_collection
from game.core.metrics import pushes_of, tally_of
from game.core.notation import replay
from game.core.resources import CAMPAIGN_NAME, level_file_path
from game.core.xsb import parse_level
from game.levelgen.reorder import fewest_changes

APART = "#########\n#@$   . #\n#       #\n# $   . #\n#########\n"
HOPPING = "RdldRuuRdldRuuRdldRuuRdldR"


def read_campaign() -> Collection:
    return read_collection(level_file_path(CAMPAIGN_NAME))


def test_hopping_between_boxes_that_never_meet_becomes_one_change() -> None:
    level = parse_level(APART)
    reordered = fewest_changes(level, HOPPING)
    assert replay(level, reordered).solved
    assert tally_of(level, reordered).box_changes == 1
    assert sorted(pushes_of(level, reordered)) == sorted(pushes_of(level, HOPPING))


def test_every_campaign_solution_reordered_still_solves_with_the_same_pushes() -> None:
    for level in read_campaign().levels[::5]:
        solution = dict(level.extra)["Solution"]
        before = replay(level, solution)
        reordered = fewest_changes(level, solution)
        after = replay(level, reordered)
        assert after.solved and after.pushes == before.pushes, level.title
        changes = tally_of(level, reordered).box_changes
        assert changes <= tally_of(level, solution).box_changes, level.title
