"""``smt-push``: one step is a free walk and one push, so the horizon counts pushes (fewest).

The walk is a reachability constraint: the squares the player reaches are flooded from where
he stands through the free squares, one layer per square of walk, as constant shifts.
"""

from __future__ import annotations

from typing import Any

from game.core.paths import DIRECTIONS
from game.core.push import Push
from game.solver.analysis.board import bits_of
from game.solver.result import Limits
from game.solver.search.problem import Outcome, Problem
from game.solver.smt.backend import deepen, push_lower_bound
from game.solver.smt.z3planner import VectorPlanner


def walk_layers(problem: Problem) -> int:
    """Flood layers that reach every square the player could walk to: a walk never needs more
    steps than there are free squares."""
    free = len(problem.analysis.squares) - problem.start_boxes.bit_count()
    return max(1, free - 1)


class PushPlanner(VectorPlanner):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.layers = walk_layers(problem)
        self.bits_per_step = self.vectors.size * (self.layers + 7)
        self.pushes: list[list[Any]] = []

    def reach(self, step: int, player: Any, boxes: Any) -> Any:
        """The squares the player can walk to; each layer is a variable of its own, which
        keeps Z3's rewriting from multiplying the shifts through the layers."""
        vectors = self.vectors
        free = vectors.variable(f"free_{step}")
        self.solver.add(free == self.floor & ~boxes)
        region = player
        for layer in range(self.layers):
            grown = region
            for offset in self.problem.offsets:
                grown = grown | vectors.shift(region, offset)
            region = vectors.variable(f"reach_{step}_{layer}")
            self.solver.add(region == grown & free)
        return region

    def extend(self) -> None:
        vectors = self.vectors
        step = len(self.pushes)
        boxes = self.boxes[-1]
        region = self.reach(step, self.players[-1], boxes)
        # One vector per direction: the box (one bit in all four) pushed that way.
        pushes = [vectors.variable(f"push_{step}_{index}") for index in range(4)]
        moved = vectors.variable(f"moved_{step}")
        targets = []
        open_target = self.live & ~boxes
        for push, offset in zip(pushes, self.problem.offsets, strict=True):
            behind_reached = vectors.shift(region, offset)
            self.solver.add(
                push & ~(boxes & behind_reached & vectors.shift(open_target, -offset)) == 0
            )
            targets.append(vectors.shift(push, offset))
        self.solver.add(moved == pushes[0] | pushes[1] | pushes[2] | pushes[3])
        self.solver.add(moved != 0, moved & (moved - 1) == 0)
        for first in range(4):
            for second in range(first + 1, 4):
                self.solver.add(pushes[first] & pushes[second] == 0)
        boxes_after = vectors.variable(f"boxes_{step + 1}")
        self.solver.add(
            boxes_after == (boxes & ~moved) | targets[0] | targets[1] | targets[2] | targets[3]
        )
        self.solver.add(vectors.boxes_allowed(boxes_after, step + 1))
        self.pushes.append(pushes)
        self.players.append(moved)  # after the push the player stands where the box stood
        self.boxes.append(boxes_after)

    def goal(self, steps: int) -> Any:
        return self.vectors.solved_within(self.boxes, steps)

    def plan(self, steps: int) -> list[Push]:
        plan: list[Push] = []
        for pushes in self.pushes[:steps]:
            for index, push in enumerate(pushes):
                for square in bits_of(self.value(push)):
                    plan.append(Push(square, DIRECTIONS[index]))
        return plan


def solve_pushes(problem: Problem, limits: Limits) -> Outcome:
    return deepen(PushPlanner(problem), limits, push_lower_bound(problem))
