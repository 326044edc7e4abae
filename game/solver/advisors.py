"""The advisors of forward feature space search: each looks at every child of a position, scored
by its features, and proposes the one that best serves its purpose (after Festival).

Packing: the best child that packs more of the plan. Connectivity: the best child with fewer
areas that packs no less. Hotspots: the best child with fewer boxes in another box's way that
packs no less (:mod:`game.solver.hotspots`). Then, under a plan from the backward base search,
the opener: when no child packs more, the move of the box nearest the plan's next square away
from it; under the goal-order plan, the opening advisor: the child after which the player
reaches the most squares he could not before (measured: the opener loses XSokoban 24 there, the
opening advisor loses 16 and 85 under the base plan). A child's rank is (-packed, areas, out of
plan, hotspots, estimate). Festival's explorer (a reversible move after which a box can be
pushed from a side the player could not reach) was tried and left out: with it fess-base solved
XSokoban 36 no longer at 5,000 nodes and 74 and 75 took more.
"""

from __future__ import annotations

from collections import deque
from typing import Protocol

from game.solver.analysis import UNREACHABLE
from game.solver.boxpath import nearest_box_path
from game.solver.cells import Child, Rank
from game.solver.push import Push
from game.solver.search import Problem

Pushes = tuple[Push, ...]


class Plan(Protocol):
    """What the forward search asks of a packing plan."""

    def progress(self, boxes: int) -> tuple[int, int]:
        """How much of the plan the boxes have done, and the boxes it counts on."""
        ...

    def next_squares(self, boxes: int) -> list[int]:
        """The squares the plan fills next, first first."""
        ...


class Advisors:
    """The advisors of one search, over its problem and packing plan."""

    def __init__(self, problem: Problem, plan: Plan, opener: bool) -> None:
        """``opener``: the opener advises (else the opening advisor)."""
        self.problem = problem
        self.plan = plan
        self.opener = opener
        self._walks: dict[int, list[int]] = {}

    def advised(
        self, children: list[Child[Pushes]], rank: Rank, boxes: int, region: int
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
        if not self.opener:
            opening = _opening(children, region)
            if opening is not None:
                advised.add(opening)
        elif packing is None:
            opener = self._opener(children, rank, boxes)
            if opener is not None:
                advised.add(opener)
        return advised

    def _opener(self, children: list[Child[Pushes]], rank: Rank, boxes: int) -> int | None:
        """The child that moves the box nearest the plan's next square away from it, packing
        no less and leaving no more areas; None when the plan has no next square."""
        squares = self.plan.next_squares(boxes)
        if not squares:
            return None
        walk = self._walks_from(squares[0])
        best: int | None = None
        best_merit = (UNREACHABLE, 0)
        for index, child in enumerate(children):
            if child.rank[0] > rank[0] or child.rank[1] > rank[1]:
                continue
            source = boxes & ~child.boxes
            target = child.boxes & ~boxes
            near, far = walk[source.bit_length() - 1], walk[target.bit_length() - 1]
            if far < near:
                continue
            merit = (near, -far)
            if merit < best_merit:
                best, best_merit = index, merit
        return best

    def _walks_from(self, square: int) -> list[int]:
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


def _opening(children: list[Child[Pushes]], region: int) -> int | None:
    """The child whose player's area holds the most squares outside ``region``; None when
    none holds any."""
    best: int | None = None
    most = 0
    for index, child in enumerate(children):
        gained = (child.region & ~region).bit_count()
        if gained > most:
            best, most = index, gained
    return best
