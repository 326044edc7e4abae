"""The advisors of forward feature space search: each looks at every child of a position, scored
by its features, and proposes the one that best serves its purpose (after Festival).

Packing: the best child that packs more of the plan. Connectivity: the best child with fewer areas
that packs no less. Hotspots: the best child with fewer boxes in another box's way that packs no
less (:mod:`game.solver.search.hotspots`). Then, under a plan from the backward base search, the
opener: when no child packs more, the move of the box nearest the plan's next square away from it;
under the goal-order plan, the opening advisor: the child after which the player reaches the most
squares he could not before (measured: the opener loses XSokoban 24 there, the opening advisor loses
16 and 85 under the base plan). A child's rank is (-packed, areas, out of plan, hotspots, estimate).
With the out-of-plan zones (:mod:`game.solver.search.oop`), two more: the out-of-plan advisor (a
reversible move of the box nearest the zone further from it) and the explorer (the best reversible
move after which the player can push a box from a side he could not reach). Alone, the explorer cost
fess-base XSokoban 36 at 5,000 nodes; with the zones it takes fewer nodes on five of the six levels
the zones solve."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Protocol

from game.core.push import Push
from game.solver.analysis.board import UNREACHABLE, shift
from game.solver.analysis.boxpath import nearest_box_path
from game.solver.search.cells import Child, Rank
from game.solver.search.oop import OutOfPlan, worth_working_out
from game.solver.search.parking import ParkingPlan
from game.solver.search.problem import Problem

Pushes = tuple[Push, ...]


class Plan(Protocol):
    """What the forward search asks of a packing plan."""

    watched: int  # the squares whose boxes its progress depends on (no other square counts)

    def progress(self, boxes: int) -> tuple[int, int]:
        """How much of the plan the boxes have done, and the boxes it counts on."""
        ...

    def next_squares(self, boxes: int) -> list[int]:
        """The squares the plan fills next, first first."""
        ...


class Advisors:
    """The advisors of one search, over its problem and packing plan."""

    def __init__(self, problem: Problem, plan: Plan, opener: bool, zones: bool = False) -> None:
        """``opener``: the opener advises (else the opening advisor); ``zones``: under a
        parking plan, the out-of-plan advisor and the explorer advise too."""
        self.problem = problem
        self.plan = plan
        self.opener = opener
        self._walks: dict[int, list[int]] = {}
        # The zones the plan is about to wall off, under the backward search's plan.
        self.out_of_plan: OutOfPlan | None = None
        if zones and isinstance(plan, ParkingPlan) and worth_working_out(problem, plan):
            self.out_of_plan = OutOfPlan(problem, plan)

    def advised(
        self, children: list[Child[int]], rank: Rank, boxes: int, region: int
    ) -> set[int]:
        """The indices of the children the advisors propose, of a position with ``boxes`` and
        the player's area ``region``."""
        packed, areas = rank[0], rank[1]
        packing: int | None = None
        joining: int | None = None
        cooling: int | None = None  # the hotspots advisor's
        for index, child in enumerate(children):
            ranked = child.rank
            if ranked[0] < packed:
                if packing is None or ranked < children[packing].rank:
                    packing = index
            elif ranked[0] == packed and ranked[1] < areas and (
                joining is None or ranked < children[joining].rank
            ):
                joining = index
            if ranked[0] <= packed and ranked[3] < rank[3] and (
                cooling is None or ranked < children[cooling].rank
            ):
                cooling = index
        advised = {index for index in (packing, joining, cooling) if index is not None}
        if self.out_of_plan is not None:
            clearing = self.clearing_child(children, rank, boxes) if rank[2] else None
            exploring = self.exploring_child(children, rank, boxes, region)
            advised |= {index for index in (clearing, exploring) if index is not None}
        if not self.opener:
            opening = _opening(children, region)
            if opening is not None:
                advised.add(opening)
        elif packing is None:
            opener = self.opener_child(children, rank, boxes)
            if opener is not None:
                advised.add(opener)
        return advised

    def opener_child(self, children: list[Child[int]], rank: Rank, boxes: int) -> int | None:
        """The child that moves the box nearest the plan's next square away from it, packing
        no less and leaving no more areas; None when the plan has no next square."""
        squares = self.plan.next_squares(boxes)
        if not squares:
            return None
        walk = self.walks_from(squares[0])
        return _moved_away(children, rank, boxes, walk, False, _no_nearer)

    def clearing_child(self, children: list[Child[int]], rank: Rank, boxes: int) -> int | None:
        """The out-of-plan advisor's child: a reversible move of the box nearest the step's
        zone further from it, packing no less and with no more areas or boxes in the zone."""
        out_of_plan = self.out_of_plan
        assert out_of_plan is not None
        distance = out_of_plan.distances(-rank[0])

        def allowed(source: int, target: int, near: int, far: int) -> bool:
            return near < far < UNREACHABLE and out_of_plan.reversible(source, target)

        return _moved_away(children, rank, boxes, distance, True, allowed)

    def exploring_child(
        self, children: list[Child[int]], rank: Rank, boxes: int, region: int
    ) -> int | None:
        """The explorer's child: the best reversible move packing no less after which the
        player reaches a side of a box that stayed from which he can push it."""
        out_of_plan = self.out_of_plan
        assert out_of_plan is not None
        problem = self.problem
        best: int | None = None
        for index, child in enumerate(children):
            if child.rank[0] > rank[0]:
                continue
            if best is not None and child.rank >= children[best].rank:
                continue
            after = child.boxes
            if after == boxes:
                continue
            newly = child.region & ~region & ~boxes
            if not newly:
                continue
            stay = boxes & after
            free = problem.floor & ~after
            # A box that stayed at b, the player newly at b + offset and b - offset free.
            if not any(stay & shift(newly, -o) & shift(free, o) for o in problem.offsets):
                continue
            source = (boxes & ~after).bit_length() - 1
            target = (after & ~boxes).bit_length() - 1
            if out_of_plan.reversible(source, target):
                best = index
        return best

    def walks_from(self, square: int) -> list[int]:
        """Steps from ``square`` to every square over the floor without boxes (cached)."""
        walk = self._walks.get(square)
        if walk is not None:
            return walk
        problem = self.problem
        walk = [UNREACHABLE] * (problem.analysis.board.width * problem.analysis.board.height)
        walk[square] = 0
        queue = deque([square])
        while queue:
            at = queue.popleft()
            for offset in problem.offsets:
                step = at + offset
                if problem.floor >> step & 1 and walk[step] == UNREACHABLE:
                    walk[step] = walk[at] + 1
                    queue.append(step)
        self._walks[square] = walk
        return walk

    def packing_path(self, boxes: int, region: int) -> tuple[Pushes, int, int] | None:
        """The fewest pushes found that bring a box the plan does not count on onto a next
        square of the plan: (pushes, boxes after, the player's square after); None if none."""
        plan = self.plan
        squares = plan.next_squares(boxes)
        if not squares:
            return None
        _, placed = plan.progress(boxes)
        for target in squares[:2]:
            path = nearest_box_path(self.problem.analysis, boxes, region, target, boxes & ~placed)
            if path is not None:
                first = path[0].box
                after = boxes & ~(1 << first) | 1 << target
                if self.problem.allowed(first, target, after):
                    return tuple(path), after, path[-1].box
        return None


def _opening(children: list[Child[int]], region: int) -> int | None:
    """The child whose player's area holds the most squares outside ``region``; None when
    none holds any."""
    best: int | None = None
    most = 0
    for index, child in enumerate(children):
        gained = (child.region & ~region).bit_count()
        if gained > most:
            best, most = index, gained
    return best


# Whether a move of one box from ``source`` to ``target`` may be advised, the box ``near`` the
# square it moves away from before and ``far`` after.
MoveTest = Callable[[int, int, int, int], bool]


def _no_nearer(_source: int, _target: int, near: int, far: int) -> bool:
    return far >= near


def _moved_away(
    children: list[Child[int]],
    rank: Rank,
    boxes: int,
    distance: list[int],
    zone: bool,
    allowed: MoveTest,
) -> int | None:
    """Of the children that pack no less, leave no more areas (with ``zone``, no more boxes
    out of plan either), move a box (not only the player) and pass ``allowed``, the one that
    moves the box nearest by ``distance``, then farthest from where it was (the opener's and
    the out-of-plan advisor's choice)."""
    best: int | None = None
    best_merit = (UNREACHABLE, 0)
    packed, areas, out = rank[0], rank[1], rank[2]
    for index, child in enumerate(children):
        ranked = child.rank
        if ranked[0] > packed or ranked[1] > areas or (zone and ranked[2] > out):
            continue
        if child.boxes == boxes:
            continue
        source = (boxes & ~child.boxes).bit_length() - 1
        target = (child.boxes & ~boxes).bit_length() - 1
        near, far = distance[source], distance[target]
        if not allowed(source, target, near, far):
            continue
        merit = (near, -far)
        if merit < best_merit:
            best, best_merit = index, merit
    return best
