"""Tests for single generated levels: valid, solved by their stored solution, rated, repeatable.

Small specs only, so the whole module runs in a few seconds.
"""

from __future__ import annotations

import pytest

from game.core.notation import replay
from game.levelgen.generate import (
    AUTHOR,
    SOLUTION_KEY,
    SPEC_KEY,
    Cancelled,
    LevelSpec,
    generate_level,
)
from game.levelgen.rating import rate

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
    assert replay(level, made.solution).solved
    assert rate(level, made.solution) == made.rating


def test_the_spec_line_remakes_the_same_level() -> None:
    made = generate_level(SMALL)
    assert made is not None
    spec = LevelSpec.parse(dict(made.level.extra)[SPEC_KEY])
    assert spec == SMALL
    again = generate_level(spec)
    assert again is not None and again.level == made.level


def test_later_stages_search_on_from_the_first() -> None:
    one = LevelSpec(seed=5, boxes=3, blocks_wide=3, blocks_high=2, state_limit=300)
    made = generate_level(one)
    staged = generate_level(LevelSpec(**{**one.__dict__, "stages": 3}))
    assert made is not None and staged is not None
    assert replay(staged.level, staged.solution).solved
    assert staged.rating.counts.pushes >= made.rating.counts.pushes


def test_an_impossible_demand_gives_none() -> None:
    spec = LevelSpec(seed=1, boxes=1, blocks_wide=2, blocks_high=2, min_pushes=500)
    assert generate_level(spec) is None


def test_a_cancel_stops_the_work() -> None:
    with pytest.raises(Cancelled):
        generate_level(SMALL, cancel=lambda: True)


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


def test_clustered_goals_touch_each_other() -> None:
    spec = LevelSpec(seed=2, boxes=3, blocks_wide=2, blocks_high=2, state_limit=2_000)
    made = generate_level(LevelSpec(**{**spec.__dict__, "goal_cluster": 1}))
    assert made is not None
    goals = made.level.board.goals
    width = made.level.width
    for goal in goals:
        assert {goal - 1, goal + 1, goal - width, goal + width} & goals


def test_a_cancel_during_a_long_search_stops_it_soon() -> None:
    asked = 0

    def cancel() -> bool:
        nonlocal asked
        asked += 1
        return asked > 3

    big = LevelSpec(seed=1, boxes=6, blocks_wide=4, blocks_high=4, state_limit=10**9)
    with pytest.raises(Cancelled):
        generate_level(big, cancel=cancel)
    assert asked == 4
