"""Out-of-plan zones of a parking plan (after Festival): per step of the plan, the squares from
which a box could no longer reach any of the plan's later squares once its parked boxes stand.

A step's zone is the zone of the next step that changes it, so boxes leave a zone before the
packing walls them in. The forward search counts the boxes in the zone as a feature, and its
out-of-plan advisor moves the box nearest the zone further away from it (a move that can be
undone, as the explorer's must be too).
"""

from __future__ import annotations

from game.solver.analysis.board import (
    UNREACHABLE,
    bits_of,
    lone_box_distances,
    mask_of,
    pull_distances,
    side_groups_over,
)
from game.solver.search.parking import NEVER, ParkingPlan
from game.solver.search.problem import Problem

# The most work (plan steps x squares x squares) worth spending on the zones: each step's costs
# a pull search over the floor. XSokoban's largest, level 10 (32 steps, 172 squares, 946,688),
# takes 0.17 s for all of them; past this bound the guided search does without the zones.
MOST_WORK = 16_000_000


def worth_working_out(problem: Problem, plan: ParkingPlan) -> bool:
    """Whether the plan's zones are cheap enough to work out on the problem's board."""
    squares = len(problem.analysis.squares)
    return len(plan) * squares * squares <= MOST_WORK


class OutOfPlan:
    """The zones of one plan over one problem, each worked out when first asked for."""

    def __init__(self, problem: Problem, plan: ParkingPlan) -> None:
        self.problem = problem
        self.plan = plan
        self.size = problem.analysis.board.width * problem.analysis.board.height
        self._zones: dict[int, int] = {}  # per step, the squares of its own zone
        self._shifted: dict[int, int] = {}  # per step, the zone that counts at that step
        self._distances: dict[int, list[int]] = {}
        self._back: dict[int, list[int]] = {}  # per square, pushes of a lone box to it
        # Per floor, its squares' side groups: steps that wall off nothing new share a floor.
        self._groups: dict[int, dict[int, list[int]]] = {}
        if problem.analysis.side_groups:  # worked out with the distances
            self._groups[problem.analysis.floor] = problem.analysis.side_groups

    def reversible(self, source: int, target: int) -> bool:
        """Whether a lone box pushed from ``source`` to ``target`` could be pushed back."""
        back = self._back.get(source)
        if back is None:
            analysis = self.problem.analysis
            back = self._back[source] = pull_distances(
                source, analysis.floor, analysis.side_groups, analysis.offsets, self.size,
                analysis.poll,
            )
        return back[target] < UNREACHABLE

    def count(self, boxes: int, step: int) -> int:
        """How many of the boxes stand in the zone of the plan's ``step`` (steps done)."""
        return (boxes & self.zone(step)).bit_count()

    def zone(self, step: int) -> int:
        """The zone that counts once ``step`` steps are done: the zone of the first later
        step whose own zone differs from the one before it (else the step's own)."""
        found = self._shifted.get(step)
        if found is not None:
            return found
        last = len(self.plan) - 2
        found = 0
        if step <= last:
            found = self._own(step)
            for later in range(step + 1, last + 1):
                zone = self._own(later)
                if zone != self._own(later - 1):
                    found = zone
                    break
        self._shifted[step] = found
        return found

    def distances(self, step: int) -> list[int]:
        """Pushes of a lone box from the step's zone to each square, the boxes parked at that
        step standing as walls."""
        found = self._distances.get(step)
        if found is None:
            zone = self.zone(step)
            floor = self.problem.floor & ~self._parked(step)
            found = self._lone_box(zone & floor, floor, pull=False)
            self._distances[step] = found
        return found

    def _own(self, step: int) -> int:
        """The squares, live and not walled in, from which a lone box reaches none of the
        squares after ``step`` once the boxes parked for good up to it stand as walls."""
        found = self._zones.get(step)
        if found is not None:
            return found
        plan = self.plan
        walls = mask_of(plan.squares[i] for i in range(step + 1) if plan.until[i] == NEVER)
        floor = self.problem.floor & ~walls
        targets = mask_of(plan.squares[step + 1:])
        distance = self._lone_box(targets & floor, floor, pull=True)
        sources = mask_of(square for square in bits_of(floor) if distance[square] < UNREACHABLE)
        found = self._zones[step] = floor & self.problem.live & ~sources
        return found

    def _parked(self, step: int) -> int:
        """The squares of the boxes the plan has parked once ``step`` steps are done."""
        plan = self.plan
        step = max(step, plan.starts)
        return mask_of(plan.squares[i] for i in range(step) if plan.until[i] >= step)

    def _lone_box(self, starts: int, floor: int, pull: bool) -> list[int]:
        problem = self.problem
        groups = self._groups.get(floor)
        if groups is None:
            groups = side_groups_over(floor, problem.offsets, problem.width, problem.poll)
            self._groups[floor] = groups
        return lone_box_distances(
            bits_of(starts), floor, groups, problem.offsets, self.size, problem.poll, pull=pull
        )
