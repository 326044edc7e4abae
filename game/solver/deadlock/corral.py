"""PI-corral pruning: when the player is fenced off from an area that still needs work, only
the pushes into that area have to be tried now (and none at all means a deadlock).

A corral is free floor the player cannot reach; its barrier is the boxes next to it.
"""

from __future__ import annotations

from game.solver.analysis.board import shift


class CorralPruner:
    """Finds the PI-corral with the fewest pushes into it, by the conservative rule below.

    For every barrier box and direction whose pushing square is floor outside the corral and
    not under another barrier box, and whose target is a live square: a push into the corral
    must be possible now (the player reaches its square), and a push out of the corral must
    be blocked by another barrier box.
    Then nothing outside can change the corral until one of the pushes into it is made.

    With ``pockets`` (Festival's corral expansion), each area is also judged grown by the
    other areas its barrier boxes could be pushed into it from or aside into: no push from
    such a pocket can come before the corral is opened, so the pocket belongs to it.
    """

    def __init__(
        self,
        floor: int,
        live: int,
        goals: int,
        width: int,
        offsets: tuple[int, ...],
        pockets: bool = False,
    ) -> None:
        self.floor = floor
        self.live = live
        self.goals = goals
        self.width = width
        self.offsets = offsets
        self.pockets = pockets

    def restrict(self, boxes: int, region: int, corrals: list[int]) -> list[int] | None:
        """Per direction, the boxes whose pushes must be tried; None when no PI-corral exists.
        ``corrals``: the areas of the free squares the player cannot reach (see
        :func:`game.solver.analysis.areas.area_parts`).

        All four masks empty means a corral deadlock: the corral needs work but can never
        be entered.
        """
        if not corrals:
            return None
        if len(corrals) > 1:
            whole = self.floor & ~boxes & ~region
            if self.pockets:
                # Areas that are each other's pockets grow into one corral, often all of them
                # (``whole``), and an area without pockets stays itself: each is judged once.
                grown = [self._grown(corral, corrals, boxes, region) for corral in corrals]
                corrals = list(dict.fromkeys([*corrals, *grown, whole]))
            else:
                corrals = [*corrals, whole]
        best: list[int] | None = None
        best_count = 0
        for corral in corrals:
            pushes = self._pushes_into(corral, boxes, region)
            if pushes is None:
                continue
            count = sum(m.bit_count() for m in pushes)
            if count == 0:
                return pushes
            if best is None or count < best_count:
                best, best_count = pushes, count
        return best

    def _grown(self, corral: int, corrals: list[int], boxes: int, region: int) -> int:
        """``corral`` grown by its pockets (the other areas of ``corrals`` its barrier boxes
        could be pushed into it from, or aside into), and by theirs."""
        free = self.floor & ~boxes
        while True:
            outside = free & ~corral
            barrier = self._barrier(corral, boxes)
            reached = 0
            for offset in self.offsets:
                from_outside = barrier & shift(outside, offset)
                into = from_outside & shift(corral & self.live, -offset)
                aside = from_outside & shift(outside & self.live, -offset)
                reached |= shift(into, -offset) | shift(aside, offset)
            reached &= ~region
            added = 0
            for area in corrals:
                if area & reached and not area & corral:
                    added |= area
            if not added:
                return corral
            corral |= added

    def _barrier(self, corral: int, boxes: int) -> int:
        """The boxes beside ``corral``."""
        width = self.width
        return boxes & (corral << 1 | corral >> 1 | corral << width | corral >> width)

    def _pushes_into(self, corral: int, boxes: int, region: int) -> list[int] | None:
        barrier = self._barrier(corral, boxes)
        if not (barrier & ~self.goals) and not (corral & self.goals):
            return None  # nothing left to do in there
        pushes = [0, 0, 0, 0]
        # Pushes from inside the corral, or from a square another barrier box stands on,
        # cannot come before some push of the barrier from outside, so they do not count.
        stands = self.floor & ~corral & ~barrier
        for index, offset in enumerate(self.offsets):
            relevant = barrier & shift(stands, offset) & shift(self.live, -offset)
            if not relevant:
                continue
            into = relevant & shift(corral, -offset)
            if into & ~shift(region, offset):
                return None
            outward = relevant & ~into
            if outward & ~shift(barrier, -offset):
                return None
            pushes[index] = into
        return pushes
