"""How hard a generated level looks: counts taken from a solution, and one score made of them.

The counts are the usual secondary metrics (box lines, box changes, pushing sessions) plus
pushes that lift a box off a goal; the rating made of them lives in :mod:`game.levelgen.rating`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.level import Level
from game.core.metrics import Push, PushTally, pushes_of, tally_of, tally_pushes

__all__ = ["Push", "SolutionCounts", "difficulty", "pushes_of", "solution_counts", "tally"]


@dataclass(frozen=True)
class SolutionCounts:
    """What a solution asks of the player.

    ``box_changes`` counts pushes of another box than the one pushed before; ``box_lines``
    counts runs of pushes of one box in one direction; ``goal_exits`` counts pushes that
    move a box off a goal; ``sessions`` counts runs of pushes with no walk needed between
    them (the breadth-first pull search cannot know it and leaves it 0).
    """

    pushes: int
    box_changes: int
    box_lines: int
    goal_exits: int
    sessions: int = 0

    @property
    def score(self) -> int:
        return difficulty(self.pushes, self.box_changes, self.box_lines, self.goal_exits)


def difficulty(pushes: int, box_changes: int, box_lines: int, goal_exits: int) -> int:
    """One number to compare levels: switching boxes weighs most, then turns, then pushes.

    Switching between boxes is what forces a player to plan ahead, so it counts most.
    """
    return pushes + 2 * box_lines + 4 * box_changes + 3 * goal_exits


def tally(pushes: Sequence[Push], offsets: Sequence[int], goals: frozenset[int]) -> SolutionCounts:
    """The counts of ``pushes`` (see :func:`game.core.metrics.tally_pushes`, the one place
    they are counted)."""
    return _counts(tally_pushes(pushes, offsets, goals))


def solution_counts(level: Level, lurd: str) -> SolutionCounts:
    """The counts of a LURD solution played from the start of ``level``; ValueError if it is
    blocked."""
    return _counts(tally_of(level, lurd))


def _counts(tallied: PushTally) -> SolutionCounts:
    return SolutionCounts(
        tallied.pushes, tallied.box_changes, tallied.box_lines, tallied.goal_exits, tallied.sessions
    )
