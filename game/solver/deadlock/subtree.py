"""Subtree deadlocks (after Festival's learning from subtrees): once a forward search has made
``SUBTREE_NODES`` nodes under a position, a small search of its boxes, the free ones taken off,
asks whether it is dead; a dead set, made smaller, becomes a pattern of the level's table.

Why boxes may be taken off: a solution of a position, its pushes of a taken box left out, still
solves the position without that box (the other pushes only find more floor free), so a set of
boxes that cannot all reach goals proves dead every position that holds it (see
:mod:`game.solver.deadlock.learned` for the player's side). At the start the check takes off
the wobblers, boxes that can be pushed a square and back, and every box that, the others standing
still, can be taken both to another row and to another column in a few pushes (Festival's: such a
box can get out of most jams, and keeping it would only make the search large); the search then
takes off, at every position, each box the player can push both along a row and along a column.
A search that finds every remaining box on a goal proves nothing; one that runs dry within its
limit of positions proves the set dead, and so the position (XSokoban 39: the positions where
a search wasted most of its expansions hold ten of their 25 boxes in such a set).
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from game.solver.analysis.board import bits_of, flood
from game.solver.analysis.player_area import area_after_push
from game.solver.deadlock.learned import positions_after

if TYPE_CHECKING:
    from game.solver.search.problem import Problem

SUBTREE_NODES = 64  # nodes under a position that have it checked (Festival's)
MOST_POSITIONS = 500  # positions a search may make (Festival's)
FIRST_POSITIONS = 200  # and the first search of a check (most proofs end in under 100)
MOBILE_PUSHES = 4  # how far a box is followed alone to see it reach another row and column
MOST_BOXES = 12  # larger sets are not searched (Festival's largest pattern), boxes frozen
# on goals apart (see SubtreeDeadlocks._too_many)
# How many positions the boxes taken off are kept for (some 500 bytes each), when full forgotten:
# a check's positions come back in later checks. XSokoban 28, the guided far search to its
# solution: 43,557 asks, 15,645 positions; kept 10,000 at a time, 16,322 worked out.
FREED_KEPT = 10_000


class SubtreeDeadlocks:
    """Checks positions with many nodes under them; the patterns go to the problem's table."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        width = problem.width
        # Per direction index, whether it pushes along a row (else along a column).
        self.across = [abs(offset) < width for offset in problem.offsets]
        self.checks = 0  # searches run, for the statistics
        self.proofs = 0  # positions they proved dead
        # Per position (boxes, the lowest square of the player's area), ``_without_free``'s.
        self.freed: dict[tuple[int, int], tuple[int, int]] = {}

    def learn(self, boxes: int, player: int) -> int:
        """The pattern (a set of boxes) that proves the position dead, learned now (and put in
        the table); 0 when there is none. ``player``: a square of the player's area."""
        problem = self.problem
        table = problem.learned
        region = problem.region(boxes, player)
        kept, region = self._without_mobile(*self._without_wobblers(boxes, region))
        if kept == boxes or not kept & ~problem.goals or self._too_many(kept):
            return 0
        key = (kept, (region & -region).bit_length() - 1)
        if key in table.open_subtrees:
            return 0
        self.checks += 1
        if not self._searched_dry(kept, region, FIRST_POSITIONS):
            table.open_subtrees.add(key)
            return 0
        # Made smaller, for it to match more positions: a box whose set stays dead without it
        # is dropped.
        pattern = kept
        for square in bits_of(kept):
            fewer = pattern & ~(1 << square)
            if not fewer & ~problem.goals:
                continue
            fewer_boxes, fewer_region = self._without_free(fewer, problem.region(fewer, player))
            if self._searched_dry(fewer_boxes, fewer_region, MOST_POSITIONS):
                pattern = fewer
        table.add(pattern, problem.region(pattern, player))
        self.proofs += 1
        return pattern

    def _too_many(self, boxes: int) -> bool:
        """Whether ``boxes`` are more than MOST_BOXES the search may move: a box frozen on a
        goal is a wall to it (Festival turns such boxes into walls), so it does not count. On
        Aruba8 37 a position where the guided search waited for thousands of nodes kept 15
        boxes, 6 of them frozen on goals, and the check of the 15 proves it dead (a pattern of
        3 boxes). The frozen boxes are looked for only when the count is over the cap."""
        if boxes.bit_count() <= MOST_BOXES:
            return False
        fixed = self.problem.freeze.frozen_on_goals(boxes) & self.problem.goals
        return (boxes & ~fixed).bit_count() > MOST_BOXES

    def _searched_dry(self, boxes: int, region: int, limit: int) -> bool:
        """Whether no pushes bring ``boxes`` (the player in ``region``) all onto goals, free
        boxes taken off as they come; False too when the search outgrows ``limit`` positions."""
        problem = self.problem
        goals = problem.goals
        if not boxes & ~goals:
            return False
        seen = {(boxes, (region & -region).bit_length())}
        # Fewest boxes first, then most on goals (Festival's order, but for its areas).
        queue = [(boxes.bit_count(), -(boxes & goals).bit_count(), 0, boxes, region)]
        while queue:
            problem.poll()
            *_, current, reach = heapq.heappop(queue)
            for pushed, area in positions_after(problem, current, reach):
                after, moved = self._without_free(pushed, area)
                if not after & ~goals:
                    return False
                key = (after, (moved & -moved).bit_length())
                if key in seen:
                    continue
                if len(seen) >= limit:
                    return False
                seen.add(key)
                rank = (after.bit_count(), -(after & goals).bit_count(), len(seen))
                heapq.heappush(queue, (*rank, after, moved))
        return True

    def _without_free(self, boxes: int, region: int) -> tuple[int, int]:
        """The boxes without those the player can push both along a row and along a column
        (one at a time, each taken off freeing the others), and his area then."""
        key = (boxes, (region & -region).bit_length())
        known = self.freed.get(key)
        if known is None:
            if len(self.freed) >= FREED_KEPT:
                self.freed.clear()
            known = self.freed[key] = self._free_taken_off(boxes, region)
        return known

    def _free_taken_off(self, boxes: int, region: int) -> tuple[int, int]:
        """What ``_without_free`` gives, worked out."""
        problem = self.problem
        offsets, across = problem.offsets, self.across
        while True:
            movable = problem.movable(boxes, region)
            rows = columns = 0
            for index, mask in enumerate(movable):
                if across[index]:
                    rows |= mask
                else:
                    columns |= mask
            freed = 0
            for box in bits_of(rows & columns):
                along = [False, False]
                for index, mask in enumerate(movable):
                    if mask >> box & 1 and not along[across[index]]:
                        target = box + offsets[index]
                        if problem.allowed(box, target, boxes ^ (1 << box) ^ (1 << target)):
                            along[across[index]] = True
                if along[0] and along[1]:
                    freed = 1 << box
                    break
            if not freed:
                return boxes, region
            boxes &= ~freed
            region = flood(region | freed, problem.floor & ~boxes, problem.width)

    def _without_mobile(self, boxes: int, region: int) -> tuple[int, int]:
        """The boxes without those that, the others standing still, the player can take both
        to another row and to another column in a few pushes, and his area then."""
        problem = self.problem
        changed = True
        while changed:
            changed = False
            pushable = 0
            for mask in problem.movable(boxes, region):
                pushable |= mask
            for box in bits_of(pushable):
                if self._mobile(box, boxes, region):
                    boxes &= ~(1 << box)
                    region = flood(region | 1 << box, problem.floor & ~boxes, problem.width)
                    changed = True
                    break
        return boxes, region

    def _mobile(self, box: int, boxes: int, region: int) -> bool:
        """Whether the box on ``box`` reaches a square of another row and one of another
        column within MOBILE_PUSHES pushes, the other boxes standing still."""
        problem = self.problem
        width, offsets, floor, live = problem.width, problem.offsets, problem.floor, problem.live
        others = boxes & ~(1 << box)
        row, column = divmod(box, width)
        other_row = other_column = False
        frontier = [(box, region)]
        seen = {(box, (region & -region).bit_length())}
        for _ in range(MOBILE_PUSHES):
            after_frontier = []
            for square, reach in frontier:
                for offset in offsets:
                    ahead = square + offset
                    if not (reach >> (square - offset) & live >> ahead & 1) or others >> ahead & 1:
                        continue
                    after = others | 1 << ahead
                    if not problem.allowed(square, ahead, after, square):
                        continue
                    moved = area_after_push(reach, square, ahead, floor & ~after, width)
                    key = (ahead, (moved & -moved).bit_length())
                    if key in seen:
                        continue
                    seen.add(key)
                    other_row |= ahead // width != row
                    other_column |= ahead % width != column
                    if other_row and other_column:
                        return True
                    after_frontier.append((ahead, moved))
            frontier = after_frontier
        return False

    def _without_wobblers(self, boxes: int, region: int) -> tuple[int, int]:
        """The boxes without those the player can push a square and then back (Festival's
        wobblers), and his area then."""
        problem = self.problem
        floor, width, offsets = problem.floor, problem.width, problem.offsets
        changed = True
        while changed:
            changed = False
            free = floor & ~boxes
            for box in bits_of(boxes):
                for offset in offsets:
                    ahead, beyond = box + offset, box + 2 * offset
                    # A free square ahead has a square beyond it on the board (walls round).
                    if not (region >> (box - offset) & free >> ahead) & 1 or not free >> beyond & 1:
                        continue
                    after = boxes ^ (1 << box) ^ (1 << ahead)
                    if flood(1 << box, floor & ~after, width) >> beyond & 1:
                        boxes &= ~(1 << box)
                        region = flood(region | 1 << box, floor & ~boxes, width)
                        changed = True
                        break
                if changed:
                    break
        return boxes, region
