"""How hard a generated level looks: counts taken from a solution, and one score made of them.

The counts are the usual secondary metrics (box lines, box changes, pushing sessions) plus
pushes that lift a box off a goal; the rating made of them lives in :mod:`game.levelgen.rating`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.direction import Direction
from game.core.level import Level
from game.core.notation import parse_lurd
from game.core.play import PlayState


@dataclass(frozen=True)
class SolutionCounts:
    """What a solution asks of the player.

    ``box_changes`` counts pushes of another box than the one pushed before; ``box_lines``
    counts runs of pushes of one box in one direction; ``goal_exits`` counts pushes that
    move a box off a goal; ``sessions`` counts runs of pushes with no walking step between
    them (the pull search cannot know it and leaves it 0).
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


def solution_counts(level: Level, lurd: str) -> SolutionCounts:
    """The counts of a LURD solution played from the start of ``level``.

    The solution must be playable (ValueError otherwise); it need not solve the level.
    """
    state = PlayState(level)
    goals = level.board.goals
    pushes = changes = lines = exits = sessions = 0
    pushed_last = False
    last_box: int | None = None
    last_direction: Direction | None = None
    for letter in parse_lurd(lurd):
        direction = Direction.from_letter(letter)
        box = state.board.neighbour(state.player, direction)
        result = state.step(direction)
        if result.move is None:
            raise ValueError(f"the solution is blocked at a move {letter!r}")
        if not result.move.pushed or box is None:
            pushed_last = False
            continue
        sessions += not pushed_last
        pushed_last = True
        pushes += 1
        if box != last_box:
            changes += last_box is not None
            lines += 1
        elif direction is not last_direction:
            lines += 1
        exits += box in goals
        last_box = state.board.neighbour(box, direction)
        last_direction = direction
    return SolutionCounts(pushes, changes, lines, exits, sessions)
