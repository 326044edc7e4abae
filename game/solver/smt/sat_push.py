"""``sat-push``: the push encoding (one step = a free walk and one push) as clauses for CaDiCaL,
solved under one assumption per horizon, so the plan has the fewest pushes.

The walk is a set of reached squares closed over free neighbours and supported by a neighbour
or the player; supports that go round in a loop away from the player are cut lazily, by a loop
clause added (for every step) whenever a model reaches squares the player cannot walk to.
"""

from __future__ import annotations

from game.core.paths import DIRECTIONS
from game.core.push import Push
from game.solver.analysis.board import bits_of, flood, mask_of, shift
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.search.problem import Outcome, Problem
from game.solver.smt.backend import deepen, push_lower_bound
from game.solver.smt.bounds import BoxBounds
from game.solver.smt.sat_solver import SatSolver

# Square -> literal: a box on it (boxes), the player can walk to it (reach).
Squares = dict[int, int]


class SatPushPlanner:
    """States 0..N: boxes on live squares and the squares reached; steps: one push each."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.sat = sat = SatSolver()
        self.bounds = BoxBounds(problem)
        floor = problem.floor
        self.squares = list(bits_of(floor))
        self.live = list(bits_of(problem.live))
        self.neighbours = {
            square: [square + o for o in problem.offsets if floor >> (square + o) & 1]
            for square in self.squares
        }
        self.bits_per_step = 2 * len(self.squares)
        true = sat.true
        self.boxes: list[Squares] = [
            {sq: true if problem.start_boxes >> sq & 1 else -true for sq in self.live}
        ]
        start_reach = problem.region(problem.start_boxes, problem.start_player)
        self.reach: list[Squares] = [
            {sq: true if start_reach >> sq & 1 else -true for sq in self.squares}
        ]
        # Per step, (box square, direction index) -> the literal "that box is pushed that way".
        self.pushes: list[dict[tuple[int, int], int]] = []
        self.loops: list[tuple[int, int]] = []  # (unfounded squares, the floor around them)
        self.found: list[Push] = []

    def _free(self, state: int, square: int) -> int:
        """The literal "no box on ``square``" in ``state`` (boxes only ever stand on live
        squares after the start)."""
        box = self.boxes[state].get(square)
        return -box if box is not None else self.sat.true

    def _player_in(self, state: int, area: int) -> list[int]:
        """Literals of which one holds when the player stands in ``area`` in ``state``: after a
        push he stands where the pushed box stood."""
        if state == 0:
            return [self.sat.true] if area >> self.problem.start_player & 1 else []
        return [lit for (sq, _), lit in self.pushes[state - 1].items() if area >> sq & 1]

    def _add_reach(self, state: int) -> None:
        """The squares reached in ``state`` (above 0): free, closed under walking to a free
        neighbour, and each one the player's or next to a reached one."""
        sat = self.sat
        reach = {sq: sat.new_variable() for sq in self.squares}
        self.reach.append(reach)
        stands = {sq: self._player_in(state, 1 << sq) for sq in self.squares}
        for sq, here in reach.items():
            if sq in self.boxes[state]:
                sat.add([-here, -self.boxes[state][sq]])
            sat.add([-here, *stands[sq], *(reach[n] for n in self.neighbours[sq])])
            for player in stands[sq]:
                sat.add([-player, here])
            for n in self.neighbours[sq]:
                sat.add([-here, -self._free(state, n), reach[n]])
        for area, around in self.loops:
            self._cut_loop(state, area, around)

    def _cut_loop(self, state: int, area: int, around: int) -> None:
        """A square of ``area`` is reached only through a reached square ``around`` it or with
        the player inside: the walk cannot start from nowhere."""
        reach = self.reach[state]
        entries = [reach[sq] for sq in bits_of(around)] + self._player_in(state, area)
        for sq in bits_of(area):
            self.sat.add([-reach[sq], *entries])

    def extend(self) -> None:
        sat, problem = self.sat, self.problem
        step = len(self.pushes)
        if step > 0:
            self._add_reach(step)
        boxes, reach = self.boxes[step], self.reach[step]
        allowed = self.bounds.reachable_after(step + 1)
        pushes: dict[tuple[int, int], int] = {}
        for sq in self.live:
            for index, offset in enumerate(problem.offsets):
                target, behind = sq + offset, sq - offset
                if not allowed >> target & 1 or not problem.live >> target & 1:
                    continue
                if behind not in reach:
                    continue
                push = pushes[sq, index] = sat.new_variable()
                sat.add([-push, boxes[sq]])
                sat.add([-push, -boxes[target]])
                sat.add([-push, reach[behind]])
        sat.add(list(pushes.values()))
        sat.at_most_one(list(pushes.values()))
        after: Squares = {}
        for sq in self.live:
            box = after[sq] = sat.new_variable()
            if not allowed >> sq & 1:
                sat.add([-box])
            leaving = [lit for (source, _), lit in pushes.items() if source == sq]
            arriving = [
                lit
                for (source, index), lit in pushes.items()
                if source + problem.offsets[index] == sq
            ]
            for lit in arriving:
                sat.add([-lit, box])
            for lit in leaving:
                sat.add([-lit, -box])
            sat.add([-boxes[sq], box, *leaving])
            sat.add([-box, boxes[sq], *arriving])
        self.pushes.append(pushes)
        self.boxes.append(after)

    def solve_at(self, steps: int) -> bool | None:
        sat, problem = self.sat, self.problem
        goal = sat.new_variable()
        for sq in self.live:
            if not problem.goals >> sq & 1:
                sat.add([-goal, -self.boxes[steps][sq]])
        for state in range(1, steps):
            for sq in bits_of(self.bounds.too_far(steps - state) & problem.live):
                sat.add([-goal, -self.boxes[state][sq]])
        while True:
            answer = sat.solve([goal])
            if not answer:
                return answer
            if not self._cut_unfounded(steps):
                self.found = self._decode(steps)
                return True

    def _cut_unfounded(self, steps: int) -> bool:
        """Cut every reached area the model's player cannot walk to; whether there was one."""
        problem, sat = self.problem, self.sat
        found = False
        for state in range(1, steps):
            boxes = mask_of(sq for sq, lit in self.boxes[state].items() if sat.holds(lit))
            player = next(
                sq for (sq, _), lit in self.pushes[state - 1].items() if sat.holds(lit)
            )
            walked = problem.region(boxes, player)
            reached = mask_of(sq for sq, lit in self.reach[state].items() if sat.holds(lit))
            stray = reached & ~walked
            while stray:
                area = flood(stray & -stray, stray, problem.width)
                stray &= ~area
                grown = area
                for offset in problem.offsets:
                    grown |= shift(area, offset)
                around = grown & problem.floor & ~area
                self.loops.append((area, around))
                for earlier in range(1, len(self.reach)):
                    self._cut_loop(earlier, area, around)
                found = True
        return found

    def _decode(self, steps: int) -> list[Push]:
        plan = []
        for pushes in self.pushes[:steps]:
            for (sq, index), lit in pushes.items():
                if self.sat.holds(lit):
                    plan.append(Push(sq, DIRECTIONS[index]))
        return plan

    def plan(self, steps: int) -> list[Push]:
        return self.found

    def interrupt(self) -> None:
        self.sat.interrupt()


def solve_sat_pushes(problem: Problem, limits: Limits) -> Outcome:
    if problem.start_boxes & ~problem.live:
        raise StopSearch(SolveStatus.UNSOLVABLE, "a box starts on a dead square")
    planner = SatPushPlanner(problem)
    return deepen(planner, limits, push_lower_bound(problem))
