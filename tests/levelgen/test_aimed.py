"""Tests for levels made to a number of stars: in the band, solved, remade from their spec line.

Small targets (8x8, one to three stars), so each test runs well under a second.
"""

from __future__ import annotations

import pytest

from game.core.notation import replay
from game.levelgen.aimed import Target, aimed_level
from game.levelgen.campaign import remake
from game.levelgen.generate import SOLUTION_KEY, SPEC_KEY
from game.levelgen.rating import rate
from game.levelgen.reverse import Cancelled


@pytest.mark.parametrize("stars", [1, 2, 3])
def test_a_level_lands_in_the_band_it_aims_at(stars: int) -> None:
    target = Target(8, 8, stars, stars)
    made = aimed_level(target, seed=9)
    assert made is not None
    level = made.level
    assert made.rating.stars == stars and len(level.boxes) == stars
    assert level.width <= 8 and level.height <= 8 and not level.is_solved
    extra = dict(level.extra)
    assert replay(level, extra[SOLUTION_KEY]).solved
    assert rate(level, extra[SOLUTION_KEY]) == made.rating
    assert extra[SPEC_KEY] == target.spec(9) == made.spec


def test_a_seed_makes_the_same_level_and_its_spec_makes_it_again() -> None:
    target = Target(11, 8, 3, 3)
    made = aimed_level(target, seed=21)
    assert made is not None
    again = aimed_level(target, seed=21)
    assert again is not None and again.level == made.level
    assert remake(made.spec).to_xsb() == made.level.to_xsb()


def test_spec_lines_are_read_back_or_refused() -> None:
    target = Target(14, 11, 7, 5)
    assert Target.parse_spec(target.spec(3)) == (target, 3)
    assert Target.parse_spec("seed=1 boxes=2 blocks_wide=2 blocks_high=2") is None
    with pytest.raises(ValueError, match="names"):
        Target.parse_spec("stars=2 width=8")
    with pytest.raises(ValueError, match="not a number"):
        Target.parse_spec("width=8 height=8 boxes=x stars=2 seed=1")


def test_progress_is_told_and_a_cancel_stops_the_work() -> None:
    shares: list[float] = []
    aimed_level(Target(8, 8, 2, 2), seed=4, progress=shares.append)
    assert shares and all(0 <= share < 1 for share in shares)
    with pytest.raises(Cancelled):
        aimed_level(Target(14, 11, 7, 5), seed=1, cancel=lambda: True)
