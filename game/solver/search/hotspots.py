"""Hotspots (after Festival): boxes that stand in another box's way, a feature and an advisor
of the forward feature space search.

A box off the goals is a hotspot when some other box off the goals could reach fewer goals if
the first were a wall. What a square blocks is worked out the first time a box stands there;
a child is counted from its parent's hotspots, as a move changes only the boxes that blocked
the box that moved or block it where it came.
"""

from __future__ import annotations

from game.solver.analysis.board import Analysis, bits_of
from game.solver.analysis.walled import WalledReach

# What a square blocks is worked out when a box first stands there, one walled reach of the
# floor's squares each: all of them take about squares ** 3 (0.1 s for XSokoban 10's 172 squares,
# 1.3 s for ChrysalisCollection9 45's 340, 4 s for 568, 49 s for 1,408). On larger boards no box
# counts as a hotspot. A bound of squares * squares * goals before (1,000,000) left out boards
# cheap to work out with many goals: ChrysalisCollection6 24 (171 squares, 35 goals), where
# Festival's solution is a line of advised moves and its hotspot count goes 5 to 0.
MOST_SQUARES = 350


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
        # Per square, the squares known to block it (those whose blocks are worked out).
        self._blocked_by = [0] * self.size
        self.enabled = len(analysis.squares) <= MOST_SQUARES
        # The boxes off the goals and the hotspots among them of the last parent counted
        # from: a search counts every child of a position, each one box moved from it.
        self._parent_loose = -1
        self._parent_hot = 0

    def count(self, boxes: int, parent: int | None = None) -> int:
        """How many boxes off the goals block another box off the goals; ``parent``: a
        position that ``boxes`` is one box moved from, when known (the count then looks only
        at the boxes the move may change)."""
        if not self.enabled:
            return 0
        goals = self.analysis.goals
        loose = boxes & ~goals
        if parent is None:
            return self._hot(loose).bit_count()
        before = parent & ~goals
        if before != self._parent_loose:
            self._parent_loose, self._parent_hot = before, self._hot(before)
        return self._hot_after(loose, before, self._parent_hot).bit_count()

    def _hot(self, loose: int) -> int:
        """The hotspots among ``loose`` (boxes off the goals), as a mask."""
        known = self._blocks
        hot = 0
        rest = loose
        while rest:  # per box, unrolled: this runs for every position counted from nothing
            low = rest & -rest
            rest ^= low
            square = low.bit_length() - 1
            blocked = known[square]
            if blocked < 0:
                blocked = self.blocks(square)
            if blocked & loose:  # never its own square: it is a wall then
                hot |= low
        return hot

    def _hot_after(self, loose: int, before: int, hot: int) -> int:
        """The hotspots among ``loose`` from those among ``before`` (``hot``), where boxes left
        some squares and came to others: only the boxes that would block a box on those squares
        can change, and the boxes that came."""
        blocked_by, known = self._blocked_by, self._blocks
        hot &= loose
        suspects = 0
        for square in bits_of(before & ~loose):
            suspects |= blocked_by[square]
        rest = hot & suspects
        while rest:  # hot because of a box that left, perhaps only that
            low = rest & -rest
            rest ^= low
            if not known[low.bit_length() - 1] & loose:
                hot ^= low
        for square in bits_of(loose & ~before):  # the boxes that came
            hot |= blocked_by[square] & loose
            if self.blocks(square) & loose:
                hot |= 1 << square
        return hot

    def blocks(self, square: int) -> int:
        """The squares off the goals from which a lone box reaches fewer goals while a wall
        stands on ``square`` (a box on a goal never counts as blocking)."""
        found = self._blocks[square]
        if found < 0:
            found = self._blocks[square] = self._find(square)
            blocked_by = self._blocked_by
            for other in bits_of(found):
                blocked_by[other] |= 1 << square
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
