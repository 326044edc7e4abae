"""``smt-bv``: the paper's bit-vector encoding, one step per move, so the plan has fewest moves.

The player is a one-hot vector and the boxes a vector of the board's squares; a move is a
constant shift, and no box may ever stand on a dead square.

What a move-optimal plan never does prunes the search (each rule keeps at least one shortest
plan): stand farther from the start than the moves made, or farther from the last push's
square than the moves left; walk back next to a square the walk has already left (a shortcut
would save moves); or take two perpendicular walk steps in the "wrong" order when the other
order's corner square is free (the two orders are the same walk: one of them is kept).
"""

from __future__ import annotations

from typing import Any

from game.core.push import Push
from game.solver.result import Limits
from game.solver.search.problem import Outcome, Problem
from game.solver.smt.backend import deepen
from game.solver.smt.moves import pushes_of_moves
from game.solver.smt.walks import WalkWindows, last_push_squares, move_lower_bound
from game.solver.smt.z3planner import VectorPlanner

# Direction index pairs (low, high) at right angles (index + 2 is the opposite direction): a
# walk step "high" followed by a walk step "low" is forbidden when "low then high" is open.
PERPENDICULAR = ((0, 1), (0, 3), (1, 2), (2, 3))


class BitVectorPlanner(VectorPlanner):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.moves: list[Any] = []
        self.walked: list[Any] = []  # per step, whether it pushed nothing
        # Per step, the squares of the walk so far since the last push (or the start).
        self.visited: list[Any] = [self.players[0]]
        self.bits_per_step = self.vectors.size * 4
        self.from_start = WalkWindows(problem, 1 << problem.start_player)
        self.to_end = WalkWindows(problem, last_push_squares(problem))

    def extend(self) -> None:
        z3, vectors = self.z3, self.vectors
        step = len(self.moves)
        player, boxes = self.players[-1], self.boxes[-1]
        move = z3.BitVec(f"move_{step}", 2, self.ctx)
        player_after = vectors.variable(f"player_{step + 1}")
        boxes_after = vectors.variable(f"boxes_{step + 1}")
        # The player is one square, so "ahead is floor" and "the box ahead lands on a free
        # live square" are written as "nothing outside": local clauses after bit-blasting.
        for index, offset in enumerate(self.problem.offsets):
            ahead = vectors.shift(player, offset)
            pushed = ahead & boxes
            landing = vectors.shift(pushed, offset)
            effect = z3.And(
                ahead & ~self.floor == 0,
                landing & ~(self.live & ~boxes) == 0,
                player_after == ahead,
                boxes_after == (boxes & ~pushed) | landing,
            )
            self.solver.add(z3.Implies(move == index, effect))
        self.solver.add(vectors.boxes_allowed(boxes_after, step + 1))
        self.solver.add(vectors.none_in(player_after, ~self.from_start.within(step + 1)))
        walked = boxes_after == boxes
        if self.moves:
            self._one_order(move, walked)
        self._no_shortcut(step, walked, player_after)
        self.walked.append(walked)
        self.moves.append(move)
        self.players.append(player_after)
        self.boxes.append(boxes_after)

    def _one_order(self, move: Any, walked: Any) -> None:
        """Of two perpendicular walk steps, keep one order when both are open."""
        z3, problem = self.z3, self.problem
        before, free = self.players[-2], self.floor & ~self.boxes[-2]
        both_walked = z3.And(walked, self.walked[-1])
        for low, high in PERPENDICULAR:
            corner = self.vectors.shift(before, problem.offsets[low])
            turned = z3.And(both_walked, self.moves[-1] == high, move == low)
            self.solver.add(z3.Implies(turned, corner & free == 0))

    def _no_shortcut(self, step: int, walked: Any, player_after: Any) -> None:
        """A walk step never lands on or next to a square the walk left before its last step."""
        z3, vectors = self.z3, self.vectors
        visited = vectors.variable(f"visited_{step + 1}")
        self.solver.add(visited == z3.If(walked, self.visited[-1] | player_after, player_after))
        if step >= 1:
            earlier = near = self.visited[-2]
            for offset in self.problem.offsets:
                near = near | vectors.shift(earlier, offset)
            both_walked = z3.And(walked, self.walked[-1])
            self.solver.add(z3.Implies(both_walked, player_after & near == 0))
        self.visited.append(visited)

    def goal(self, steps: int) -> Any:
        problem, vectors = self.problem, self.vectors
        solved = vectors.none_in(self.boxes[steps], problem.floor & ~problem.goals)
        if steps == 0:
            return solved
        # A shortest plan ends with a push: a walk after the last push would be wasted.
        pushed_last = self.boxes[steps] != self.boxes[steps - 1]
        near_end = [
            vectors.none_in(self.players[k], ~self.to_end.within(steps - k))
            for k in range(1, steps)
        ]
        return self.z3.And(solved, pushed_last, *near_end)

    def plan(self, steps: int) -> list[Push]:
        return pushes_of_moves(self.problem, [self.value(m) for m in self.moves[:steps]])


def solve_bit_vectors(problem: Problem, limits: Limits) -> Outcome:
    return deepen(BitVectorPlanner(problem), limits, move_lower_bound(problem))
