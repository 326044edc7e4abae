"""Proof tests for the shipped campaign: chapters, ratings, solutions, originality, specs.

Stored solutions are checked with the rules core for every level; the solver runs on a few
small ones only, and only small specs are re-generated, so the module stays fast.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.chapters import CAPTION_KEY, CHAPTER_KEY, STARS_KEY
from game.core.collection import Collection, collection_to_text, read_collection
from game.core.level import Level
from game.core.notation import replay
from game.core.xsb import parse_level
from game.levelgen.campaign import CHAPTERS, remake
from game.levelgen.generate import RATING_KEY, SOLUTION_KEY, SPEC_KEY, LevelSpec
from game.levelgen.rating import rate, stars_of
from game.levelgen.symmetry import layout_key, level_key
from game.solver import solve
from tests.conftest import SMALL_LEVEL

CAMPAIGN = Path(__file__).resolve().parents[2] / "levels" / "campaign.xsb"
# Famous first levels (Microban 1 and 2, XSokoban 1), here only to prove none is in the campaign;
# tools/check_originality.py checks against whole published collections.
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


def extra(level: Level) -> dict[str, str]:
    return dict(level.extra)


def chapter_of(level: Level) -> int:
    return int(extra(level)[CHAPTER_KEY].split()[0])


def test_the_campaign_loads_whole_and_round_trips(campaign: Collection) -> None:
    assert campaign.errors == []
    assert len(campaign.levels) >= 60
    assert collection_to_text(campaign) + "\n" == CAMPAIGN.read_text(encoding="utf-8")
    titles = [level.title for level in campaign.levels]
    assert all(titles) and len(set(titles)) == len(titles)


def test_six_chapters_in_order_with_a_captioned_tutorial(campaign: Collection) -> None:
    numbers = [chapter_of(level) for level in campaign.levels]
    assert numbers == sorted(numbers) and sorted(set(numbers)) == [1, 2, 3, 4, 5, 6]
    labels = {extra(level)[CHAPTER_KEY] for level in campaign.levels}
    assert labels == {chapter.label for chapter in CHAPTERS}
    tutorial = [level for level in campaign.levels if chapter_of(level) == 1]
    assert 6 <= len(tutorial) <= 8
    for level in campaign.levels:
        caption = extra(level).get(CAPTION_KEY, "")
        assert bool(caption) == (chapter_of(level) == 1), level.title
    last = [len(level.boxes) for level in campaign.levels if chapter_of(level) == 6]
    assert min(last) >= 6 and max(last) <= 10


def test_ratings_and_stars_order_each_chapter_and_rise(campaign: Collection) -> None:
    means = []
    for number in range(1, 7):
        ratings = [
            int(extra(level)[RATING_KEY])
            for level in campaign.levels
            if chapter_of(level) == number
        ]
        # The tutorial keeps the order of its lessons; the others list by rising rating.
        assert number == 1 or ratings == sorted(ratings), number
        means.append(sum(ratings) / len(ratings))
    assert means == sorted(means)
    for level in campaign.levels:
        rating, stars = int(extra(level)[RATING_KEY]), int(extra(level)[STARS_KEY])
        assert stars == stars_of(rating) and 1 <= stars <= 5


def test_every_stored_rating_is_what_the_rating_measures_now(campaign: Collection) -> None:
    # The effort term is the generator's own search, so this holds whatever the solver does;
    # after a change to the formula, ``python tools/generate_levels.py --rerate`` fixes it.
    for level in campaign.levels:
        measured = rate(level, extra(level)[SOLUTION_KEY])
        assert int(extra(level)[RATING_KEY]) == measured.value, level.title


def test_every_stored_solution_solves_its_level(campaign: Collection) -> None:
    for level in campaign.levels:
        result = replay(level, extra(level)[SOLUTION_KEY])
        assert result.solved, f"{level.title}: {result.reason}"


def test_levels_are_distinct_under_turns_and_mirrors_and_none_is_published(
    campaign: Collection,
) -> None:
    assert len({level_key(level) for level in campaign.levels}) == len(campaign.levels)
    assert len({layout_key(level) for level in campaign.levels}) == len(campaign.levels)
    known = {level_key(parse_level(text)) for text in WELL_KNOWN}
    assert not known & {level_key(level) for level in campaign.levels}


def test_a_sample_of_specs_remakes_the_same_boards(campaign: Collection) -> None:
    tutorial = [level for level in campaign.levels if chapter_of(level) == 1]
    small = [
        level
        for level in campaign.levels
        if chapter_of(level) in (2, 3) and LevelSpec.parse(extra(level)[SPEC_KEY]).stages == 1
    ]
    for level in tutorial + small[::4]:
        assert remake(extra(level)[SPEC_KEY]).to_xsb() == level.to_xsb(), level.title


def test_the_solver_solves_a_sample_of_small_levels_at_most_at_par(campaign: Collection) -> None:
    sample = [level for level in campaign.levels if chapter_of(level) == 2][::4]
    for level in sample:
        par = sum(letter.isupper() for letter in extra(level)[SOLUTION_KEY])
        result = solve(level, "astar", time_limit=10)
        assert result.solved and result.pushes <= par, level.title
