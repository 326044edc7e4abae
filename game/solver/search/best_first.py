"""Greedy best-first search over pushes, on the matching estimate: the fast method's search for
small levels, with tunnel and goal-room macros, resumable between slices of a portfolio.
"""

from __future__ import annotations

import heapq

from game.core.paths import DIRECTIONS
from game.core.push import Push
from game.solver.analysis.areas import area_parts
from game.solver.analysis.board import UNREACHABLE
from game.solver.deadlock.corral import CorralPruner
from game.solver.result import Limits
from game.solver.search.problem import ROOT, Outcome, Problem, Record, Tree
from game.solver.search.rooms import GoalRooms


class BestFirst:
    """Best-first search on the matching estimate times ``estimate_weight`` plus the pushes
    made times ``push_weight`` (greedy when that is 0), deepest first among equals.

    With ``macros``, pushes through one-wide tunnels are one move (with the player behind the
    box in a tunnel, nothing else useful can happen there), and a box that reaches the
    entrance of a goal room goes straight on to the room's next goal.
    ``run`` may stop with PhaseOver and be called again to go on where it stopped.
    """

    name = "greedy"

    def __init__(
        self,
        problem: Problem,
        limits: Limits,
        estimate_weight: int = 1,
        push_weight: int = 0,
        macros: bool = True,
    ) -> None:
        self.problem = problem
        self.limits = limits
        self.estimate_weight = estimate_weight
        self.push_weight = push_weight
        self.live_for_tunnels = problem.live if macros else 0
        self.corrals = CorralPruner(
            problem.floor, problem.live, problem.goals, problem.width, problem.offsets
        )
        self.rooms = GoalRooms(problem.analysis, problem.start_boxes)
        self.entrances = self.rooms.entrances if macros else 0
        self.used_macros = False
        self.tree = Tree()
        self.estimates: dict[int, int] = {}
        self.seen: set[tuple[int, int]] = set()
        self.counter = 0
        self.heap: list[tuple[int, int, int, int, int, Record]] = [
            (0, 0, 0, problem.start_boxes, problem.start_player, ROOT)
        ]

    def run(self) -> Outcome:
        problem, limits, heap = self.problem, self.limits, self.heap
        while heap:
            _, _, depth, boxes, player, record = heap[0]
            region = problem.region(boxes, player)
            key = (boxes, (region & -region).bit_length())
            if key in self.seen:
                heapq.heappop(heap)
                problem.poll()  # a node is a new position: only those tick
                continue
            # A slice that ends here leaves the node queued (taken off, it would be lost).
            limits.tick()
            heapq.heappop(heap)
            self.seen.add(key)
            node = self.tree.add(record)
            found = self._expand(node, depth, boxes, region)
            if found is not None:
                return Outcome(found, self.used_macros)
        return Outcome(None, self.used_macros)

    def _expand(self, node: int, depth: int, boxes: int, region: int) -> list[Push] | None:
        """Queue the node's children; the pushes of a solution if one of them is solved."""
        problem = self.problem
        offsets = problem.offsets
        corrals = area_parts(problem.floor & ~boxes, region, problem.width, problem.poll)[1:]
        only = self.corrals.restrict(boxes, region, corrals)
        for box, direction, after in problem.pushes(boxes, region, only):
            offset = offsets[direction]
            after, target, count = problem.through_tunnel(
                box, direction, after, self.live_for_tunnels
            )
            if count > 1:
                # A plain push met the deadlock rules and the learned patterns in pushes();
                # the tunnel's last push is checked here.
                self.used_macros = True
                dead = problem.learned.dead_after(after, target, target - offset)
                if dead or not problem.allowed(box, target, after):
                    continue
            push = Push(box, DIRECTIONS[direction], count)
            children: list[tuple[tuple[Push, ...], int, int]] = [((push,), after, target - offset)]
            if self.entrances >> target & 1:
                macro = self.rooms.macro(after, target, target - offset)
                if macro is not None:
                    more, moved, stand = macro
                    self.used_macros = True
                    step = more[-1].direction
                    last = stand + step.dx + step.dy * problem.width
                    # The macro replaces the plain push; if that loses every solution the
                    # search without macros runs after this one.
                    children = []
                    dead = problem.learned.dead_after(moved, last, stand)
                    if not dead and problem.allowed(target, last, moved):
                        children.append(((push, *more), moved, stand))
            for pushes, child, stand in children:
                if child == problem.goals:
                    return self.tree.pushes_to(node, pushes)
                value = self.estimates.get(child)
                if value is None:
                    value = problem.greedy_estimate(child)
                    self.estimates[child] = value
                if value >= UNREACHABLE:
                    continue
                self.counter += 1
                moved = depth + sum(push.squares for push in pushes)
                priority = value * self.estimate_weight + moved * self.push_weight
                heapq.heappush(
                    self.heap, (priority, -self.counter, moved, child, stand, (node, pushes))
                )
        return None
