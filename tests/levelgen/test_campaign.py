"""Tests for the shipped campaign file and the campaign plan.

The campaign must load cleanly, carry a solution for every level that really solves it, and
hold no copy of a well-known published layout.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.collection import Collection, collection_to_text, read_collection
from game.core.notation import replay
from game.core.xsb import parse_level
from game.levelgen.campaign import TIERS, tier_counts
from game.levelgen.generate import COMMENT_PREFIX, PAR_KEY, SOLUTION_KEY, LevelSpec
from game.levelgen.names import level_titles
from tests.conftest import SMALL_LEVEL

CAMPAIGN = Path(__file__).resolve().parents[2] / "levels" / "campaign.xsb"

# Famous first levels, written here only to prove the campaign holds none of them.
WELL_KNOWN = (
    SMALL_LEVEL,
    "######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n",
    "    #####\n    #   #\n    #$  #\n  ###  $##\n  #  $ $ #\n### # ## #   ######\n"
    "#   # ## #####  ..#\n# $  $          ..#\n##### ### #@##  ..#\n    #     #########\n"
    "    #######\n",
)


@pytest.fixture(scope="module")
def campaign() -> Collection:
    return read_collection(CAMPAIGN)


def test_the_campaign_loads_without_errors(campaign: Collection) -> None:
    assert campaign.errors == []
    assert len(campaign.levels) >= 30
    titles = [level.title for level in campaign.levels]
    assert all(titles) and len(set(titles)) == len(titles)
    assert all(level.author for level in campaign.levels)


def test_the_campaign_round_trips(campaign: Collection) -> None:
    assert collection_to_text(campaign) + "\n" == CAMPAIGN.read_text(encoding="utf-8")


def test_every_stored_solution_solves_its_level_in_par_pushes(campaign: Collection) -> None:
    for level in campaign.levels:
        extra = dict(level.extra)
        result = replay(level, extra[SOLUTION_KEY])
        assert result.solved, f"{level.title}: {result.reason}"
        assert result.pushes == int(extra[PAR_KEY]), level.title


def test_every_level_says_how_to_make_it_again(campaign: Collection) -> None:
    for level in campaign.levels:
        assert level.comment.startswith(COMMENT_PREFIX)
        spec = LevelSpec.parse(level.comment)
        assert spec.boxes == len(level.boxes)


def test_the_levels_grow_from_one_box_and_stay_a_sensible_size(campaign: Collection) -> None:
    boxes = [len(level.boxes) for level in campaign.levels]
    assert boxes == sorted(boxes) and boxes[0] == 1 and boxes[-1] >= 5
    for level in campaign.levels:
        assert level.width <= 20 and level.height <= 16, level.title
    assert len({level.fingerprint() for level in campaign.levels}) == len(campaign.levels)


def test_no_level_is_a_well_known_published_one(campaign: Collection) -> None:
    known = {parse_level(text).to_xsb() for text in WELL_KNOWN}
    for level in campaign.levels:
        assert level.to_xsb() not in known, level.title


def test_tier_counts_add_up_and_titles_differ() -> None:
    for count in (1, 7, 40, 55):
        counts = tier_counts(count)
        assert sum(counts) == count and len(counts) == len(TIERS)
    titles = level_titles(60, seed=3)
    assert len(set(titles)) == 60
    assert titles == level_titles(60, seed=3)
