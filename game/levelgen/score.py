"""How hard a generated level looks: counts taken from a solution, and one score made of them.

The counts are the usual secondary metrics (box lines, box changes, pushing sessions) plus
pushes that lift a box off a goal; the rating made of them lives in :mod:`game.levelgen.rating`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.direction import Direction
from game.core.level import Level
from game.core.notation import parse_lurd
from game.core.paths import DIRECTIONS
from game.core.play import PlayState


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


# A push: the pushed box's square before it, and the index of its direction in DIRECTIONS.
Push = tuple[int, int]


def pushes_of(level: Level, lurd: str) -> list[Push]:
    """The pushes of a LURD solution played from the start of ``level``; ValueError if it is
    blocked (it need not solve the level)."""
    state = PlayState(level)
    pushes: list[Push] = []
    for letter in parse_lurd(lurd):
        direction = Direction.from_letter(letter)
        box = state.board.neighbour(state.player, direction)
        result = state.step(direction)
        if result.move is None:
            raise ValueError(f"the solution is blocked at a move {letter!r}")
        if result.move.pushed and box is not None:
            pushes.append((box, DIRECTIONS.index(direction)))
    return pushes


def tally(pushes: list[Push], width: int, goals: frozenset[int]) -> SolutionCounts:
    """The counts of ``pushes`` on a board ``width`` squares wide with ``goals``. A pushing
    session ends where the player must walk to the next push."""
    offsets = [direction.dx + direction.dy * width for direction in DIRECTIONS]
    changes = lines = exits = sessions = 0
    last_box = last_way = player = -1
    for square, way in pushes:
        if last_box < 0:
            lines, sessions = 1, 1
        else:
            changes += square != last_box
            lines += square != last_box or way != last_way
            sessions += square - offsets[way] != player
        exits += square in goals
        last_box, last_way, player = square + offsets[way], way, square
    return SolutionCounts(len(pushes), changes, lines, exits, sessions)


def solution_counts(level: Level, lurd: str) -> SolutionCounts:
    """The counts of a LURD solution played from the start of ``level`` (see :func:`tally`);
    ValueError if it is blocked."""
    return tally(pushes_of(level, lurd), level.width, level.board.goals)
