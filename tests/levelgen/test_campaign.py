"""Tests for the campaign plan: six chapters, the tutorial boards, picking and remaking levels.

The shipped file itself is checked in tests/campaign.
"""

from __future__ import annotations

import pytest

from game.core.notation import replay
from game.levelgen.campaign import CHAPTERS, TUTORIAL, chapter_levels, remake
from game.levelgen.generate import GeneratedLevel, LevelSpec, generate_level
from game.levelgen.tutorial import LESSONS, tutorial_spec
from game.solver import solve


def test_six_chapters_of_at_least_sixty_levels_with_a_short_tutorial() -> None:
    assert [chapter.number for chapter in CHAPTERS] == [1, 2, 3, 4, 5, 6]
    assert sum(chapter.levels for chapter in CHAPTERS) >= 60
    assert CHAPTERS[0] is TUTORIAL and 6 <= TUTORIAL.levels <= 8
    most_boxes = [max(chapter.boxes) for chapter in CHAPTERS[1:]]
    assert most_boxes == sorted(most_boxes)
    assert min(CHAPTERS[-1].boxes) >= 6 and max(CHAPTERS[-1].boxes) <= 10


def test_every_tutorial_board_is_small_solvable_and_has_a_one_line_caption() -> None:
    taught = " ".join(lesson.caption for lesson in LESSONS)
    for words in ("arrow keys", "push", "pulled", "Ctrl+Z", "R puts", "Shift+H", "Click"):
        assert words in taught, words
    for number, lesson in enumerate(LESSONS, start=1):
        assert "\n" not in lesson.caption and len(lesson.caption) <= 100
        level = remake(tutorial_spec(number))
        assert len(level.boxes) <= 2 and level.width <= 10 and level.height <= 7
        result = solve(level, "astar", time_limit=10)
        assert result.solved and result.pushes <= 8, lesson.title


def test_a_spec_remakes_its_level_and_a_bad_one_is_refused() -> None:
    spec = LevelSpec(seed=3, boxes=2, blocks_wide=2, blocks_high=2, state_limit=2_000)
    made = generate_level(spec)
    assert made is not None
    assert remake(spec.describe()) == made.level
    with pytest.raises(ValueError, match="tutorial boards"):
        remake("tutorial=99")
    with pytest.raises(ValueError):
        remake("seed=1 colour=red")


def test_a_chapter_keeps_a_spread_or_its_hardest_by_rising_rating() -> None:
    pool: list[GeneratedLevel] = []
    for seed in range(12):
        spec = LevelSpec(seed=seed, boxes=1, blocks_wide=2, blocks_high=2, state_limit=500)
        made = generate_level(spec)
        if made is not None:
            pool.append(made)
    chapter = CHAPTERS[1]
    kept = chapter_levels(pool, chapter)
    ratings = [made.rating.value for made in kept]
    assert ratings == sorted(ratings) and len(kept) == min(chapter.levels, len(pool))
    small = [made.rating.value for made in chapter_levels(pool, CHAPTERS[-1])]
    assert small == sorted(made.rating.value for made in pool)[len(pool) - len(small) :]
    for made in kept:
        assert replay(made.level, made.solution).solved
