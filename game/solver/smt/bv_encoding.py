"""``smt-bv``: the paper's bit-vector encoding, one step per move, so the plan has fewest moves.

The player is a one-hot vector and the boxes a vector of the board's squares; a move is a
constant shift, and no box may ever stand on a dead square.
"""

from __future__ import annotations

from typing import Any

from game.solver.push import Push
from game.solver.result import Limits
from game.solver.search import Outcome, Problem
from game.solver.smt.backend import deepen, push_lower_bound
from game.solver.smt.moves import pushes_of_moves
from game.solver.smt.z3planner import VectorPlanner


class BitVectorPlanner(VectorPlanner):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.moves: list[Any] = []
        self.bits_per_step = self.vectors.size * 2

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
        if self.moves:
            # After a step that pushed nothing, stepping straight back only wastes two moves;
            # forbidding it keeps every shortest plan and prunes the search (index + 2 is
            # the opposite direction).
            walked = boxes == self.boxes[-2]
            self.solver.add(z3.Implies(walked, move != self.moves[-1] + 2))
        self.moves.append(move)
        self.players.append(player_after)
        self.boxes.append(boxes_after)

    def goal(self, steps: int) -> Any:
        solved = self.vectors.solved_within(self.boxes, steps)
        if steps == 0:
            return solved
        # A shortest plan ends with a push: a walk after the last push would be wasted.
        return self.z3.And(solved, self.boxes[steps] != self.boxes[steps - 1])

    def plan(self, steps: int) -> list[Push]:
        return pushes_of_moves(self.problem, [self.value(m) for m in self.moves[:steps]])


def solve_bit_vectors(problem: Problem, limits: Limits) -> Outcome:
    return deepen(BitVectorPlanner(problem), limits, push_lower_bound(problem))
