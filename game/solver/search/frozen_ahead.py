"""Boxes frozen on goals ahead of the parking plan, and whether they shut a way the plan's next
steps need: only then does the forward search count them against a position.

A box frozen on a goal the plan fills later stands where the plan will have it, before its turn.
Festival lets such boxes be: on Aruba8 37 its solution freezes boxes in the rooms' far corners
long before their steps. On XSokoban 50 a box frozen early in the goal room's corner (7, 1) left
the steps before its own, (11, 1) and (9, 1), no way in. The difference is whether the frozen
boxes, as walls, take from any square a lone box's way to a square the plan fills before them.
"""

from __future__ import annotations

from game.solver.analysis.board import bits_of
from game.solver.search.parking import ParkingPlan
from game.solver.search.problem import Problem

# How many sets of frozen boxes the squares they cut off are kept for (one int each).
HARM_KEPT = 100_000


class FrozenAhead:
    """Counts the boxes frozen ahead of one parking plan that cut off a step before theirs."""

    def __init__(self, problem: Problem, plan: ParkingPlan) -> None:
        self.problem = problem
        self.plan = plan
        self.step_of = {square: step for step, square in enumerate(plan.squares)}
        # Per step, the plan's squares before it: the squares of steps first..last are
        # before[last] & ~before[first].
        self.before = [0]
        for square in plan.squares:
            self.before.append(self.before[-1] | 1 << square)
        self._open: list[int] | None = None  # per square, the plan's squares a lone box reaches
        self._harm: dict[int, int] = {}

    def count(self, boxes: int, placed: int) -> int:
        """How many boxes stand frozen on goals the plan does not count on yet (``placed``:
        the boxes it does), when, as walls, they cut off the square of a step between the
        plan's next one and theirs that no box fills yet; else 0."""
        frozen = self.problem.freeze.frozen_on_goals(boxes, placed) & ~placed
        if not frozen:
            return 0
        last = max(self.step_of.get(square, 0) for square in bits_of(frozen))
        first = min(
            (self.step_of.get(square, last) for square in self.plan.next_squares(boxes)),
            default=last,
        )
        if first >= last:
            return 0
        pending = self.before[last] & ~self.before[first] & ~boxes
        return frozen.bit_count() if pending & self._cut_off(frozen) else 0

    def _cut_off(self, walls: int) -> int:
        """The plan's squares that walls on ``walls`` take from some square's lone box."""
        harm = self._harm.get(walls)
        if harm is None:
            reach, watched = self.problem.walled_reach, self.plan.watched
            if self._open is None:
                self._open = reach.reach(0, watched)
            walled = reach.reach(walls, watched)
            harm = 0
            for square in bits_of(self.problem.floor & ~walls):
                harm |= self._open[square] & ~walled[square]
            harm &= ~walls
            if len(self._harm) >= HARM_KEPT:
                self._harm.clear()
            self._harm[walls] = harm
        return harm
