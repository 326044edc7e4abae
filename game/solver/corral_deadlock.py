"""Corral deadlocks: an area the player cannot reach whose boxes could not all be brought to
goals, nor be opened for the player, even if every other box vanished.

Taking the other boxes away only makes things easier, so a small search that runs dry on the
rest proves the whole position dead; its verdicts are kept, keyed by the boxes it searched.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.solver.analysis import flood

if TYPE_CHECKING:
    from game.solver.search import Problem

NODE_LIMIT = 100  # positions a proof may search before giving up (no verdict)
MOST_BOXES = 10  # larger corrals are not tried: their searches rarely finish in time
KEPT = 200_000  # verdicts remembered


class CorralDeadlocks:
    """Proves corral deadlocks with small searches of the corral's boxes alone."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.verdicts: dict[tuple[int, int], bool] = {}
        self.proofs = 0  # deadlocks found, for the statistics

    def is_deadlock(self, boxes: int, region: int) -> bool:
        """Whether some corral of the position (the player being in ``region``) is dead."""
        problem = self.problem
        free = problem.floor & ~boxes
        unreached = free & ~region
        width = problem.width
        player = (region & -region).bit_length() - 1
        while unreached:
            problem.poll()
            corral = flood(unreached & -unreached, free, width)
            unreached &= ~corral
            # The corral's boxes: every box joined to it without crossing the player's area.
            area = flood(corral, problem.floor & ~region, width)
            inside = boxes & area
            if not inside & ~problem.goals or inside.bit_count() > MOST_BOXES:
                continue
            if self._dead(inside, corral, player):
                self.proofs += 1
                return True
        return False

    def _dead(self, boxes: int, corral: int, player: int) -> bool:
        # The player's square fixes his area among these boxes: no flood on a known verdict.
        key = (boxes, player)
        verdict = self.verdicts.get(key)
        if verdict is None:
            verdict = self._search(boxes, self.problem.region(boxes, player), corral)
            if len(self.verdicts) >= KEPT:
                self.verdicts.clear()
            self.verdicts[key] = verdict
        return verdict

    def _search(self, boxes: int, region: int, corral: int) -> bool:
        """True if no pushes of these boxes alone get them all onto goals or let the player
        into the corral; False as soon as one does, or when the search grows too large."""
        problem = self.problem
        goals = problem.goals
        seen = {(boxes, (region & -region).bit_length())}
        queue = deque([(boxes, region)])
        while queue:
            problem.poll()
            current, reach = queue.popleft()
            if reach & corral or not current & ~goals:
                return False
            for box, _, after in problem.pushes(current, reach):
                moved = problem.region(after, box)
                key = (after, (moved & -moved).bit_length())
                if key in seen:
                    continue
                if len(seen) >= NODE_LIMIT:
                    return False
                seen.add(key)
                queue.append((after, moved))
        return True
