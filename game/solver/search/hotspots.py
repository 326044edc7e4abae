"""Hotspots (after Festival): boxes that stand in another box's way, a feature and an advisor
of the forward feature space search.

A box off the goals is a hotspot when some other box off the goals could reach fewer goals if
the first were a wall. What a square blocks is worked out the first time a box stands there.
"""

from __future__ import annotations

from game.solver.analysis.board import Analysis, bits_of
from game.solver.analysis.walled import WalledReach

# Working out what every square blocks grows with squares * squares * goals (0.34 s for XSokoban
# 89's 155 squares and 21 goals, 1.5 s when each wall filled the floor again and pulled from
# every goal); on larger boards no box counts as a hotspot.
MOST_WORK = 1_000_000


class Hotspots:
    """Per square, the squares a box there blocks (found when first asked), and the count of
    hotspots among a position's boxes."""

    def __init__(self, analysis: Analysis, reach: list[int], walled: WalledReach) -> None:
        """``reach``: per square, the goals a lone box there can be pushed to; ``walled``
        the same once walls are added."""
        self.analysis = analysis
        self.walled = walled
        self.size = analysis.board.width * analysis.board.height
        self.reach = reach
        self._blocks = [-1] * self.size  # per square, what it blocks (-1: not yet known)
        squares = len(analysis.squares)
        self.enabled = squares * squares * len(analysis.goal_list) <= MOST_WORK

    def count(self, boxes: int) -> int:
        """How many boxes off the goals block another box off the goals."""
        if not self.enabled:
            return 0
        loose = boxes & ~self.analysis.goals
        known = self._blocks
        hot = 0
        rest = loose
        while rest:  # per box, unrolled: this runs for every child of every position
            low = rest & -rest
            rest ^= low
            square = low.bit_length() - 1
            blocked = known[square]
            if blocked < 0:
                blocked = self.blocks(square)
            if blocked & loose:  # never its own square: it is a wall then
                hot += 1
        return hot

    def blocks(self, square: int) -> int:
        """The squares off the goals from which a lone box reaches fewer goals while a wall
        stands on ``square`` (a box on a goal never counts as blocking)."""
        found = self._blocks[square]
        if found < 0:
            found = self._blocks[square] = self._find(square)
        return found

    def _find(self, square: int) -> int:
        analysis = self.analysis
        if analysis.goals >> square & 1:
            return 0
        reach = self.walled.reach(1 << square)
        blocked = 0
        for other in bits_of(analysis.live & ~analysis.goals & ~(1 << square)):
            if reach[other] != self.reach[other]:
                blocked |= 1 << other
        return blocked
