"""Chapters: read from the campaign's Chapter lines, opened at 70% of the one before.

Levels are made from one tiny board with different entries.
"""

from __future__ import annotations

from game.core.chapters import chapters_of, levels_open, open_chapters, stars_of
from game.core.level import Level
from game.core.xsb import parse_level

BOARD = "#####\n#@$.#\n#####"


def entry(chapter: str = "", stars: str = "") -> Level:
    level = parse_level(BOARD)
    extra = tuple((key, value) for key, value in (("Chapter", chapter), ("Stars", stars)) if value)
    return Level(level.board, level.boxes, level.player, extra=extra)


def test_a_collection_without_chapter_lines_has_none() -> None:
    assert chapters_of([entry(), entry()]) == []


def test_chapters_group_the_levels_in_order() -> None:
    levels = [entry("1 First Steps"), entry("1 First Steps"), entry(), entry("2 The Yard")]
    chapters = chapters_of(levels)
    assert [(c.number, c.name, c.indices) for c in chapters] == [
        (1, "First Steps", (0, 1, 2)),
        (2, "The Yard", (3,)),
    ]


def test_a_chapter_opens_at_seventy_percent_of_the_one_before() -> None:
    levels = [entry("1 A")] * 10 + [entry("2 B")] * 3 + [entry("3 C")] * 2
    chapters = chapters_of(levels)
    assert chapters[0].needed() == 7 and chapters[1].needed() == 3
    assert open_chapters(chapters, set(range(6))) == [True, False, False]
    assert open_chapters(chapters, set(range(7))) == [True, True, False]
    assert open_chapters(chapters, set(range(7)) | {10, 11, 12}) == [True, True, True]
    assert levels_open(chapters, set(range(6)), 15) == [True] * 10 + [False] * 5
    assert levels_open(chapters, set(range(7)), 15) == [True] * 13 + [False] * 2
    assert levels_open([], set(), 99) == [True] * 99


def test_which_levels_are_open_is_worked_out_in_one_pass_over_the_levels() -> None:
    # 20,000 levels in 200 chapters: once 40 s, each level's check going through all of them.
    levels = [entry(f"{index // 100 + 1} C{index // 100}") for index in range(20_000)]
    chapters = chapters_of(levels)
    solved = list(range(0, 20_000, 2))  # half of each chapter: only the first two open
    looked_at = 0

    class Counting(set[int]):
        def __contains__(self, index: object) -> bool:
            nonlocal looked_at
            looked_at += 1
            return super().__contains__(index)

    opened = levels_open(chapters, Counting(solved), len(levels))
    assert opened == [True] * 100 + [False] * 19_900
    assert looked_at <= len(levels)


def test_stars_are_one_to_five() -> None:
    assert stars_of(entry(stars="3")) == 3
    assert stars_of(entry(stars="9")) == 5
    assert stars_of(entry(stars="x")) is None
    assert stars_of(entry()) is None
    assert stars_of(entry(stars="9" * 5000)) == 5  # never converted whole


def test_a_chapter_number_of_thousands_of_digits_is_read_without_a_traceback() -> None:
    chapters = chapters_of([entry("9" * 5000 + " Huge")])
    assert chapters[0].name == "Huge" and chapters[0].number == 1000
