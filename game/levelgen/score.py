"""How hard a generated level looks to the pull search: one number made of a solution's counts.

The counts are game.core.metrics' push tally; the rating a finished level gets from them lives
in :mod:`game.levelgen.rating`.
"""

from __future__ import annotations


def difficulty(pushes: int, box_changes: int, box_lines: int, goal_exits: int) -> int:
    """One number to compare levels: switching boxes weighs most, then turns, then pushes.

    Switching between boxes is what forces a player to plan ahead, so it counts most.
    """
    return pushes + 2 * box_lines + 4 * box_changes + 3 * goal_exits
