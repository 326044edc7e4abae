"""Tests for single generated levels: valid, solvable by their stored solution, repeatable.

Small specs only, so the whole module runs in a few seconds.
"""

from __future__ import annotations

import pytest

from game.core.notation import replay
from game.levelgen.generate import AUTHOR, PAR_KEY, SOLUTION_KEY, LevelSpec, generate_level
from game.levelgen.score import solution_counts

SMALL = LevelSpec(seed=11, boxes=2, blocks_wide=2, blocks_high=2, state_limit=3_000)


def test_a_fixed_seed_gives_a_valid_level_its_solution_solves() -> None:
    made = generate_level(SMALL)
    assert made is not None
    level = made.level
    assert len(level.boxes) == len(level.board.goals) == 2
    assert not level.is_solved
    assert level.author == AUTHOR
    extra = dict(level.extra)
    assert extra[SOLUTION_KEY] == made.solution
    result = replay(level, made.solution)
    assert result.solved
    assert int(extra[PAR_KEY]) == result.pushes == made.counts.pushes
    assert solution_counts(level, made.solution) == made.counts


def test_the_same_spec_gives_the_same_level() -> None:
    first, second = generate_level(SMALL), generate_level(SMALL)
    assert first is not None and second is not None
    assert first.level == second.level


def test_the_comment_holds_the_spec_that_remakes_the_level() -> None:
    made = generate_level(SMALL)
    assert made is not None
    spec = LevelSpec.parse(made.level.comment)
    assert spec == SMALL
    again = generate_level(spec)
    assert again is not None and again.level.to_xsb() == made.level.to_xsb()


def test_deep_levels_get_their_par_from_the_solver() -> None:
    spec = LevelSpec(seed=5, boxes=3, blocks_wide=3, blocks_high=2, state_limit=2_000, deep=1)
    made = generate_level(spec)
    assert made is not None
    assert replay(made.level, made.solution).solved


def test_an_impossible_demand_gives_none() -> None:
    spec = LevelSpec(seed=1, boxes=1, blocks_wide=2, blocks_high=2, min_pushes=500)
    assert generate_level(spec) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seed=1 boxes=2 blocks_wide=2", "needs blocks_high"),
        ("seed=1 boxes=x blocks_wide=2 blocks_high=2", "whole number"),
        ("seed=1 colour=2", "not one of"),
    ],
)
def test_bad_specs_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LevelSpec.parse(text)
