"""The advisors of feature space search: each looks at a position and proposes at most one
move that should improve a feature (packing, connectivity).

A move is (weight, progress, pushes, boxes after, player's square after); advised moves get
weight 0 in the search, every other move weight 1.
"""

from __future__ import annotations

from game.solver.analysis import flood
from game.solver.boxpath import nearest_box_path
from game.solver.packing import PackingPlan
from game.solver.push import Push
from game.solver.search import Problem

Move = tuple[int, int, tuple[Push, ...], int, int]
ADVISED = 0  # the weight of a move an advisor proposes
PLAIN = 1  # the weight of any other move


class Advisors:
    """The advisors of one search, over its problem and packing plan."""

    def __init__(self, problem: Problem, plan: PackingPlan) -> None:
        self.problem = problem
        self.plan = plan

    def opening(self, moves: list[Move], region: int) -> int | None:
        """The move after which the player can walk to the most squares he could not reach
        before (the connectivity advisor); None if no move opens anything."""
        problem = self.problem
        floor, width = problem.floor, problem.width
        best: int | None = None
        best_gain = 0
        for index, (_, _, pushes, after, stand) in enumerate(moves):
            box = pushes[0].box
            around = 1 << (box - 1) | 1 << (box + 1) | 1 << (box - width) | 1 << (box + width)
            free = floor & ~after
            if not around & free & ~region:
                continue  # the square the box left touches nothing new
            problem.poll()
            gain = (flood(1 << stand, free, width) & ~region).bit_count() - 1
            if gain > best_gain:
                best, best_gain = index, gain
        return best

    def packing(self, boxes: int, region: int) -> Move | None:
        """The fewest pushes that bring a box not yet packed onto the next goal to fill."""
        plan = self.plan
        targets = plan.targets(boxes)
        if not targets:
            return None
        packed = plan.packed_mask(boxes)
        for target in targets[:2]:
            path = nearest_box_path(self.problem.analysis, boxes, region, target, boxes & ~packed)
            if path is not None:
                first = path[0].box
                after = boxes & ~(1 << first) | 1 << target
                if not self.problem.allowed(first, target, after):
                    continue
                return (ADVISED, -len(path), tuple(path), after, path[-1].box)
        return None
