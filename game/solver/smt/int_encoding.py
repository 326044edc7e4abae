"""``smt-int``: the paper's encoding on integers and arrays, one step per move (fewest moves).

The player is a pair of integer coordinates, the walls, goals and boxes are Boolean arrays
indexed by ``y * width + x``; no box may ever stand on a dead square.
"""

from __future__ import annotations

from typing import Any

from game.core.paths import DIRECTIONS
from game.core.push import Push
from game.solver.analysis.board import bits_of
from game.solver.result import Limits
from game.solver.search.problem import Outcome, Problem
from game.solver.smt.backend import deepen, push_lower_bound
from game.solver.smt.moves import pushes_of_moves
from game.solver.smt.z3planner import Z3Planner


class IntegerPlanner(Z3Planner):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem, None)
        z3 = self.z3
        analysis = problem.analysis
        self.width = analysis.board.width
        self.height = analysis.board.height
        int_sort, bool_sort = z3.IntSort(self.ctx), z3.BoolSort(self.ctx)
        # Squares the player can never reach count as walls: nothing ever stands there.
        self.wall = z3.K(int_sort, z3.BoolVal(True, self.ctx))
        for square in analysis.squares:
            self.wall = z3.Store(self.wall, square, False)
        boxes = z3.K(int_sort, z3.BoolVal(False, self.ctx))
        for square in bits_of(problem.start_boxes):
            boxes = z3.Store(boxes, square, True)
        self.boxes = [boxes]
        x, y = analysis.board.coords(problem.start_player)
        self.xs = [z3.IntVal(x, self.ctx)]
        self.ys = [z3.IntVal(y, self.ctx)]
        self.moves: list[Any] = []
        self.bits_per_step = 0  # integers and arrays: nothing is bit-blasted
        self.array_sort = z3.ArraySort(int_sort, bool_sort)

    def _inside(self, x: Any, y: Any) -> Any:
        z3 = self.z3
        return z3.And(x >= 0, x < self.width, y >= 0, y < self.height)

    def extend(self) -> None:
        z3 = self.z3
        step = len(self.moves)
        x, y, boxes = self.xs[-1], self.ys[-1], self.boxes[-1]
        move = z3.Int(f"move_{step}", self.ctx)
        x_after = z3.Int(f"x_{step + 1}", self.ctx)
        y_after = z3.Int(f"y_{step + 1}", self.ctx)
        boxes_after = z3.Const(f"box_{step + 1}", self.array_sort)
        self.solver.add(move >= 0, move <= 3)
        for index, direction in enumerate(DIRECTIONS):
            ahead_x, ahead_y = x + direction.dx, y + direction.dy
            beyond_x, beyond_y = x + 2 * direction.dx, y + 2 * direction.dy
            ahead = ahead_y * self.width + ahead_x
            beyond = beyond_y * self.width + beyond_x
            has_box = z3.Select(boxes, ahead)
            precondition = z3.And(
                self._inside(ahead_x, ahead_y),
                z3.Not(z3.Select(self.wall, ahead)),
                z3.Implies(
                    has_box,
                    z3.And(
                        self._inside(beyond_x, beyond_y),
                        z3.Not(z3.Select(boxes, beyond)),
                        z3.Not(z3.Select(self.wall, beyond)),
                    ),
                ),
            )
            pushed = z3.Store(z3.Store(boxes, ahead, False), beyond, True)
            effect = z3.And(
                x_after == ahead_x,
                y_after == ahead_y,
                z3.Implies(z3.Not(has_box), boxes_after == boxes),
                z3.Implies(has_box, boxes_after == pushed),
            )
            self.solver.add(z3.Implies(move == index, z3.And(precondition, effect)))
        for square in bits_of(self.problem.analysis.dead):
            self.solver.add(z3.Not(z3.Select(boxes_after, square)))
        self.moves.append(move)
        self.xs.append(x_after)
        self.ys.append(y_after)
        self.boxes.append(boxes_after)

    def goal(self, steps: int) -> Any:
        z3 = self.z3
        off_goal = self.problem.floor & ~self.problem.goals
        clear = [z3.Not(z3.Select(self.boxes[steps], sq)) for sq in bits_of(off_goal)]
        return z3.And([*clear, z3.BoolVal(True, self.ctx)])

    def plan(self, steps: int) -> list[Push]:
        return pushes_of_moves(self.problem, [self.value(m) for m in self.moves[:steps]])


def solve_integers(problem: Problem, limits: Limits) -> Outcome:
    return deepen(IntegerPlanner(problem), limits, push_lower_bound(problem))
