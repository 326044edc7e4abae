"""Corral deadlocks: an area the player cannot reach whose boxes could not all be brought to
goals, nor be opened for the player, even if every other box vanished.

Taking the other boxes away only makes things easier, so a small search that runs dry on the rest
proves the whole position dead; the proven boxes become a pattern of the level's table of learned
deadlocks (see :mod:`game.solver.deadlock.learned`), found again in any position holding them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.solver.analysis.board import flood
from game.solver.deadlock.learned import learn

if TYPE_CHECKING:
    from game.solver.search.problem import Problem

NODE_LIMIT = 100  # positions a proof may search before giving up (no verdict)
MOST_BOXES = 10  # larger corrals are not tried: their searches rarely finish in time


class CorralDeadlocks:
    """Proves corral deadlocks with small searches of the corral's boxes alone."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.proofs = 0  # deadlocks found by a search of this checker, for the statistics

    def is_deadlock(self, boxes: int, region: int, corrals: list[int]) -> bool:
        """Whether some corral of the position (the player being in ``region``; ``corrals``
        the areas he cannot reach, lowest square first, see
        :func:`game.solver.analysis.areas.area_parts`) is dead, or some learned pattern is in it."""
        problem = self.problem
        player = (region & -region).bit_length() - 1
        if problem.learned.dead(boxes, player):
            return True
        unreached = problem.floor & ~boxes & ~region
        width = problem.width
        for corral in corrals:
            if not corral & unreached:
                continue
            problem.poll()
            # The corral's boxes: every box joined to it without crossing the player's area.
            # The corrals joined to it share them (and the proof), so they are passed over.
            area = flood(corral, problem.floor & ~region, width)
            unreached &= ~area
            inside = boxes & area
            if not inside & ~problem.goals or inside.bit_count() > MOST_BOXES:
                continue
            if learn(problem, inside, player, NODE_LIMIT, corral):
                self.proofs += 1
                return True
        return False
