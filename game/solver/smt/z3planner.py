"""What the Z3 encodings share: a context of their own, goal checks under assumptions, the
interrupt, and bit-vector helpers for sets of squares.

Each horizon's goal is asserted behind a fresh literal and checked as an assumption, so the
solver keeps what it learned while the horizon grows (incremental solving).
"""

from __future__ import annotations

from typing import Any

from game.solver.search.problem import Problem
from game.solver.smt.backend import load
from game.solver.smt.bounds import BoxBounds


class Z3Planner:
    """A planner on Z3; subclasses add the steps and say what the goal is after N steps."""

    boxes: list[Any]  # where the boxes stand after each step, step 0 the start

    def __init__(self, problem: Problem, logic: str | None) -> None:
        self.z3 = z3 = load("z3")
        self.ctx = z3.Context()
        self.solver = z3.SolverFor(logic, ctx=self.ctx) if logic else z3.Solver(ctx=self.ctx)
        self.problem = problem
        self.model: Any = None

    def extend(self) -> None:
        raise NotImplementedError

    def goal(self, steps: int) -> Any:
        raise NotImplementedError

    def solve_at(self, steps: int) -> bool | None:
        z3 = self.z3
        flag = z3.Bool(f"goal_{steps}", self.ctx)
        self.solver.add(z3.Implies(flag, self.goal(steps)))
        answer = self.solver.check(flag)
        if answer == z3.sat:
            self.model = self.solver.model()
            return True
        if answer == z3.unsat:
            # This horizon is done with: fixing its literal false retires its goal clauses and
            # what was learned from them, instead of leaving them for the solver to branch on.
            self.solver.add(z3.Not(flag))
            return False
        return None

    def interrupt(self) -> None:
        self.ctx.interrupt()

    def value(self, term: Any) -> int:
        """The model's value of an integer or bit-vector term."""
        return int(self.model.eval(term, model_completion=True).as_long())


class SquareVectors:
    """Sets of squares as bit-vectors over the whole board (bit ``y * width + x``), so a step in
    a direction is a constant shift; and the constraints on where boxes stand."""

    def __init__(self, planner: Z3Planner) -> None:
        self.z3 = planner.z3
        self.ctx = planner.ctx
        self.problem = problem = planner.problem
        self.size = problem.analysis.board.width * problem.analysis.board.height
        self.bounds = BoxBounds(problem)

    def constant(self, mask: int) -> Any:
        return self.z3.BitVecVal(mask, self.size, self.ctx)

    def variable(self, name: str) -> Any:
        return self.z3.BitVec(name, self.size, self.ctx)

    def shift(self, vector: Any, offset: int) -> Any:
        """Every square of ``vector`` moved by ``offset`` squares."""
        if offset > 0:
            return vector << offset
        return self.z3.LShR(vector, -offset)

    def none_in(self, vector: Any, mask: int) -> Any:
        """Whether no square of ``vector`` lies in ``mask``."""
        return vector & self.constant(mask) == 0

    def boxes_allowed(self, boxes: Any, step: int) -> Any:
        """No box on a dead square, nor farther from the start than ``step`` pushes; nor on a
        wall: saying so outright lets the solver drop those bits at once."""
        away = ((1 << self.size) - 1) & ~self.bounds.reachable_after(step)
        return self.none_in(boxes, away)

    def solved_within(self, boxes: list[Any], steps: int) -> Any:
        """Every box on a goal after ``steps`` steps, each box near enough its goal before."""
        problem = self.problem
        solved = self.none_in(boxes[steps], problem.floor & ~problem.goals)
        near = [self.none_in(boxes[k], self.bounds.too_far(steps - k)) for k in range(steps)]
        return self.z3.And(solved, *near)


class VectorPlanner(Z3Planner):
    """A planner on bit-vectors: the floor and the live squares as constants, and the start's
    player and boxes as step 0 of ``players`` and ``boxes``."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem, "QF_BV")
        self.vectors = vectors = SquareVectors(self)
        self.floor = vectors.constant(problem.analysis.floor)
        self.live = vectors.constant(problem.analysis.live)
        self.players = [vectors.constant(1 << problem.start_player)]
        self.boxes = [vectors.constant(problem.start_boxes)]
