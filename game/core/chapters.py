"""Chapters of a collection (the campaign's ``Chapter:`` lines) and which of them are open.

A chapter opens once 70% of the chapter before it is solved by the player; the first is open.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.core.digits import count_of, is_count
from game.core.level import Level

CHAPTER_KEY = "Chapter"
STARS_KEY = "Stars"
CAPTION_KEY = "Caption"
# More chapters than a collection could sensibly have; a longer number is read as this + 1.
MAX_CHAPTERS = 999
# The share of a chapter the player must solve (not be shown by the solver) to open the next.
OPEN_SHARE = 0.7


@dataclass(frozen=True)
class Chapter:
    """One chapter: its number and name, and the indices of its levels in the collection."""

    number: int
    name: str
    indices: tuple[int, ...]

    def needed(self) -> int:
        """How many of its levels must be solved to open the next chapter."""
        # Rounded before the ceiling, so 10 levels at 0.7 need 7, not 8 from 7.000000001.
        return math.ceil(round(len(self.indices) * OPEN_SHARE, 6))

    def solved_in(self, solved: Collection[int]) -> int:
        return sum(index in solved for index in self.indices)


def level_field(level: Level, key: str) -> str:
    """The value of a ``Key: value`` line of the level's entry ('' if it has none)."""
    return dict(level.extra).get(key, "").strip()


def stars_of(level: Level) -> int | None:
    """The level's difficulty, 1 to 5 stars, if its entry rates it."""
    text = level_field(level, STARS_KEY)
    if not is_count(text):
        return None
    return min(5, max(1, count_of(text, 5)))


def chapters_of(levels: Sequence[Level]) -> list[Chapter]:
    """The chapters in collection order; empty when no level names one (a plain collection).

    Levels without a ``Chapter:`` line join the chapter before them.
    """
    if not any(level_field(level, CHAPTER_KEY) for level in levels):
        return []
    chapters: list[tuple[int, str, list[int]]] = []
    for index, level in enumerate(levels):
        label = level_field(level, CHAPTER_KEY)
        if label and (not chapters or label != f"{chapters[-1][0]} {chapters[-1][1]}"):
            number_text, _, name = label.partition(" ")
            number = count_of(number_text, MAX_CHAPTERS) if is_count(number_text) else 0
            chapters.append((number or len(chapters) + 1, name.strip() or label, []))
        elif not chapters:
            chapters.append((1, "Levels", []))
        chapters[-1][2].append(index)
    return [Chapter(number, name, tuple(indices)) for number, name, indices in chapters]


def open_chapters(chapters: Sequence[Chapter], solved: Collection[int]) -> list[bool]:
    """Which chapters are open, given the indices of the levels the player has solved."""
    opened: list[bool] = []
    for before in (None, *chapters[:-1]) if chapters else ():
        is_open = before is None or (opened[-1] and before.solved_in(solved) >= before.needed())
        opened.append(is_open)
    return opened


def levels_open(chapters: Sequence[Chapter], solved: Collection[int], count: int) -> list[bool]:
    """Whether each of ``count`` levels may be played (every level of a collection without
    chapters); the work grows linearly with the levels, so that a collection of 20,000 does
    not hold up the start of a level."""
    opened = [True] * count
    solved = solved if isinstance(solved, set | frozenset) else set(solved)
    for chapter, is_open in zip(chapters, open_chapters(chapters, solved), strict=True):
        if not is_open:
            for index in chapter.indices:
                if index < count:
                    opened[index] = False
    return opened
