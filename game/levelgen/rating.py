"""The difficulty rating of a level and its 1-5 stars: the one place the formula is written.

    rating = min(pushes, 60) + 2 * box_lines + 4 * box_changes + 3 * pushing_sessions
             + 6 * log2(1 + search_effort)                                  (rounded)

The counts come from the level's stored solution with its pushes reordered so it switches boxes
only where it must (:mod:`game.levelgen.reorder`, :mod:`game.levelgen.score`): switching
boxes weighs most because it is what makes a player plan ahead; every new line and every new
run of pushes after walking is a decision. Pushes count, but at most 60 of them, so length alone
never makes a level hard: a 5-star rating (300) needs at least 240 from box changes, lines,
sessions and effort. ``search_effort`` is the positions the generator's own greedy push search
expands to solve the level (:mod:`game.levelgen.effort`): how far pushing each box the obvious
way misleads. It is the generator's own search, not the game's solver, so ratings stay put when
the solver improves; the logarithm keeps one hard corner from outweighing the whole solution.

Stars: rating below 45 is 1 star, below 100 is 2, below 180 is 3, below 300 is 4, else 5.
Chapters list their levels by rising rating.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.core.level import Level
from game.core.metrics import PushTally, pushes_of, tally_pushes
from game.levelgen.bitboard import Masks
from game.levelgen.effort import search_effort
from game.levelgen.reorder import fewest_changes_pushes

# The lowest rating of 2, 3, 4 and 5 stars.
STAR_THRESHOLDS = (45, 100, 180, 300)
PUSHES_COUNTED = 60
EFFORT_WEIGHT = 6


@dataclass(frozen=True)
class Rating:
    """How hard a level is: the counts it was rated on, the search's effort and the result."""

    counts: PushTally
    effort: int

    @property
    def value(self) -> int:
        return rating_value(self.counts, self.effort)

    @property
    def stars(self) -> int:
        return stars_of(self.value)


def rating_value(counts: PushTally, effort: int) -> int:
    """The rating of the formula above."""
    pushes = min(counts.pushes, PUSHES_COUNTED)
    plain = pushes + 2 * counts.box_lines + 4 * counts.box_changes + 3 * counts.sessions
    return round(plain + EFFORT_WEIGHT * math.log2(1 + max(0, effort)))


def stars_of(rating: int) -> int:
    """1 to 5 stars for a rating."""
    return 1 + sum(rating >= threshold for threshold in STAR_THRESHOLDS)


def stars_band(stars: int) -> tuple[int, int]:
    """The ratings of ``stars`` stars: from the first to one past the last (a large number for
    5 stars)."""
    bounds = (0, *STAR_THRESHOLDS, 1 << 30)
    return bounds[stars - 1], bounds[stars]


def rate(
    level: Level, lurd: str, effort: int | None = None, cancel: Callable[[], bool] | None = None
) -> Rating:
    """The rating of ``level`` solved by ``lurd`` with its pushes reordered to switch boxes as
    seldom as they can (:mod:`game.levelgen.reorder`); the effort is measured if not given."""
    nodes = search_effort(level, cancel=cancel).nodes if effort is None else effort
    masks = Masks.of(level.board)
    pushes = fewest_changes_pushes(masks, sorted(level.boxes), level.player, pushes_of(level, lurd))
    return Rating(tally_pushes(pushes, masks.offsets, level.board.goals), nodes)
