"""The search problem (the analysis, the start and the rules a push must pass) and the exact
searches over pushes: breadth-first and A* (greedy search is in
:mod:`game.solver.search.best_first`).

A state is the set of boxes (a bitboard) and the player's region, named by its lowest square.
Pruning uses only sound deadlock rules (and, in the fast method, PI-corrals, which keep a
solution if one exists), so an exhausted search proves unsolvability.
"""

from __future__ import annotations

import copy
import heapq
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.paths import DIRECTIONS
from game.core.push import Push
from game.solver.analysis.board import UNREACHABLE, Analysis, bits_of, flood, goal_reach
from game.solver.analysis.matching import greedy, hungarian
from game.solver.analysis.walled import WalledReach
from game.solver.deadlock.learned import DeadlockTable
from game.solver.deadlock.rules import FreezeChecker, FrozenGoalsChecker, MatchingChecker
from game.solver.result import Limits
from game.solver.search.hotspots import Hotspots

if TYPE_CHECKING:
    from game.solver.search.base_search import BaseSearch  # which imports this module
    from game.solver.search.meeting import Perimeter

# The parent of each expanded node: (parent node id, the pushes from the parent).
Record = tuple[int, tuple[Push, ...]]
ROOT: Record = (-1, ())
# A push from a position: the boxes after it, the player's area then, the box's new square and
# the square he stands on (see learned.positions_after).
Successor = tuple[int, int, int, int]


@dataclass
class Outcome:
    """What a search found: the pushes of a solution, or None when the space is exhausted."""

    pushes: list[Push] | None
    used_macros: bool = False
    found_by: str = ""  # the search of a portfolio that found it ('' for a lone method)


class Problem:
    """The static analysis plus the start position, with the move generator shared by methods."""

    def __init__(self, analysis: Analysis, boxes: int, player: int) -> None:
        self.analysis = analysis
        self.width = analysis.width
        self.floor = analysis.floor
        self.live = analysis.live
        self.goals = analysis.goals
        self.offsets = analysis.offsets
        # Squares walled on both sides across each direction index's axis (for tunnels).
        self.walled = (analysis.walls_v, analysis.walls_h)
        self.start_boxes = boxes
        self.start_player = player
        self.poll = poll = analysis.poll
        size = analysis.board.width * analysis.board.height
        walls = ~analysis.floor & ((1 << size) - 1)
        self.freeze = FreezeChecker(self.width, walls, analysis.dead, analysis.goals)
        # Shared by the two rules with walls, the hotspots and the forward search's boxes
        # frozen ahead of its plan: the floor's side groups are worked out once.
        self.walled_reach = walled = WalledReach(analysis)
        self.frozen_goals = FrozenGoalsChecker(analysis, self.freeze, walled)
        reach = goal_reach(analysis.goal_list, analysis.distance, analysis.squares, size, poll)
        self.matching = MatchingChecker(reach, poll)
        self.hotspots = Hotspots(analysis, reach, walled)  # shared by apart() twins: a cache
        # The backward searches of base-planned FESS by whether they retire by rooms and group
        # the bases by a lone box (see plans.base_search), each made by the first search of
        # the solve that asks, and shared so that apart() twins spend their time once.
        self.base_search: dict[tuple[bool, bool], BaseSearch] = {}
        # The meeting search's backward search (see meeting.py), once it has started: every
        # forward search of the solve finishes where it meets one of its positions.
        self.perimeter: list[Perimeter] = []
        self.learned = DeadlockTable()  # see apart(): each search of a portfolio has its own
        # Per square, its distances to each goal and the goals sorted by them, worked out
        # for the squares boxes come to (on a large board most squares never see a box).
        self.costs: list[list[int] | None] = [None] * size
        self.choices: list[list[tuple[int, int]] | None] = [None] * size
        # Per set of boxes standing still, the squares where one more box passes the deadlock
        # rules that do not ask where the player stands, where it fails them, and where it
        # passes them frozen with boxes on goals (with those boxes; see box_moves); shared by
        # apart() twins.
        self.verdicts: dict[int, tuple[int, int, dict[int, int]]] = {}
        # Per position, its pushes the rules allow (see learned.positions_after); shared by
        # apart() twins, since each applies its own learned patterns after.
        self.successors: dict[tuple[int, int], tuple[Successor, ...]] = {}

    def apart(self) -> Problem:
        """The same problem (analysis and caches shared) with an empty table of learned
        patterns of its own, for one search of a portfolio (see ``take_turns``)."""
        twin = copy.copy(self)
        twin.learned = DeadlockTable()
        return twin

    def cost_row(self, square: int) -> list[int]:
        """The push distances from ``square`` to each goal, in goal order."""
        row = self.costs[square]
        if row is None:
            row = self.costs[square] = [d[square] for d in self.analysis.distance]
        return row

    def _choices_at(self, square: int) -> list[tuple[int, int]]:
        row = self.cost_row(square)
        choices = sorted((cost, goal) for goal, cost in enumerate(row) if cost < UNREACHABLE)
        self.choices[square] = choices
        return choices

    def region(self, boxes: int, player: int) -> int:
        return flood(1 << player, self.floor & ~boxes, self.width)

    def pushes(
        self, boxes: int, region: int, only: list[int] | None = None, patterns: bool = True
    ) -> Iterator[tuple[int, int, int]]:
        """Every single push from the position: (box square, direction index, new boxes).

        Pushes onto dead squares, that freeze a box off its goal, after which the boxes cannot
        each reach a goal of their own or that complete a learned dead pattern (unless not
        ``patterns``) are left out; ``only`` limits them, per direction, to a mask of boxes.
        """
        learned = self.learned.holding if patterns else {}
        poll = self.poll
        for index, movable in enumerate(self.movable(boxes, region, only)):
            poll()
            offset = self.offsets[index]
            while movable:
                low = movable & -movable
                movable ^= low
                box = low.bit_length() - 1
                target = box + offset
                after = boxes ^ low ^ (1 << target)
                if target in learned and self.learned.dead_after(after, target, box):
                    continue  # the player stands on ``box`` after the push
                if self.allowed(box, target, after, box):  # he stands where the box stood
                    yield box, index, after

    def movable(self, boxes: int, region: int, only: list[int] | None = None) -> list[int]:
        """Per direction index, the boxes the player can push that way, before the deadlock
        rules: he reaches the square behind (in ``region``), the one ahead is live and free;
        ``only`` limits them, per direction, to a mask of boxes."""
        open_target = self.live & ~boxes
        found: list[int] = []
        for index, offset in enumerate(self.offsets):
            if offset > 0:
                movable = boxes & (region << offset) & (open_target >> offset)
            else:
                movable = boxes & (region >> -offset) & (open_target << -offset)
            found.append(movable if only is None else movable & only[index])
        return found

    def allowed(self, source: int, target: int, after: int, player: int | None = None) -> bool:
        """Whether the boxes ``after`` a box went from ``source`` to ``target`` escape the
        deadlock rules: the box frozen off a goal, boxes that cannot each have a goal, goals
        that boxes frozen on goals have walled off (``player``: the player's square after,
        when known: then also boxes whose sides he can no longer reach, see
        :meth:`FrozenGoalsChecker.player_reaches`)."""
        frozen = self.frozen_on_goals(source, target, after)
        if frozen <= 0:
            return frozen == 0
        return player is None or self.frozen_goals.player_reaches(after, frozen, player)

    def frozen_on_goals(self, source: int, target: int, after: int) -> int:
        """The rules of :meth:`allowed` that do not ask where the player stands: -1 when the
        boxes ``after`` fail them, else the boxes frozen on goals if the box on ``target``
        froze (all on goals), or 0."""
        group = self.freeze.frozen_group(target, after)
        if group & ~self.goals:
            return -1
        if not self.matching.still_matched(after, source, target):
            return -1
        return self.frozen_goals.frozen_if_possible(after, group) if group else 0

    def through_tunnel(
        self, box: int, direction: int, after: int, live: int
    ) -> tuple[int, int, int]:
        """The tunnel macro: a box pushed into a one-wide tunnel (walls beside the box and
        the player, no goal) goes on to its end while the squares ahead are in ``live``;
        returns the boxes after, the box's last square and the number of pushes."""
        offset = self.offsets[direction]
        sides = self.walled[direction & 1]
        goals = self.goals
        target = box + offset
        count = 1
        while (
            not goals >> target & 1
            and sides >> target & 1
            and sides >> (target - offset) & 1
            and live >> (target + offset) & 1
            and not after >> (target + offset) & 1
        ):
            after ^= (1 << target) | (1 << (target + offset))
            target += offset
            count += 1
        return after, target, count

    def matrix(self, boxes: int) -> list[list[int]]:
        return [self.cost_row(sq) for sq in bits_of(boxes)]

    def greedy_estimate(self, boxes: int) -> int:
        choices = self.choices
        rows = [choices[sq] or self._choices_at(sq) for sq in bits_of(boxes)]
        return greedy(rows, self.poll)


class Tree:
    """Parent records of expanded nodes, to rebuild the pushes that led to a node."""

    def __init__(self) -> None:
        self.records: list[Record] = []

    def add(self, record: Record) -> int:
        self.records.append(record)
        return len(self.records) - 1

    def pushes_to(self, node: int, last: tuple[Push, ...] = ()) -> list[Push]:
        steps = [last]
        while node >= 0:
            node, pushes = self.records[node]
            steps.append(pushes)
        steps.reverse()
        return [push for pushes in steps for push in pushes]


def breadth_first(problem: Problem, limits: Limits) -> Outcome:
    """Fewest pushes: expand positions in order of pushes made."""
    tree = Tree()
    seen: set[tuple[int, int]] = set()
    queue: deque[tuple[int, int, Record]] = deque(
        [(problem.start_boxes, problem.start_player, ROOT)]
    )
    goals = problem.goals
    while queue:
        boxes, player, record = queue.popleft()
        region = problem.region(boxes, player)
        key = (boxes, (region & -region).bit_length())
        if key in seen:
            continue
        seen.add(key)
        node = tree.add(record)
        limits.tick()
        for box, direction, after in problem.pushes(boxes, region):
            push = (Push(box, DIRECTIONS[direction]),)
            if after == goals:
                return Outcome(tree.pushes_to(node, push))
            queue.append((after, box, (node, push)))
    return Outcome(None)


def a_star(problem: Problem, limits: Limits, walk_cost: int, push_cost: int) -> Outcome:
    """Cheapest solution for ``walk_cost`` per step and ``push_cost`` per push.

    The bound is the minimum-cost matching of boxes to goals over push distances, times the
    push cost: admissible and consistent. States keep the player's exact square, since walking
    costs depend on it.
    """
    tree = Tree()
    offsets = problem.offsets
    goals = problem.goals
    width = problem.width
    bounds: dict[int, int] = {}

    def bound(boxes: int) -> int:
        value = bounds.get(boxes)
        if value is None:
            value = hungarian(problem.matrix(boxes), problem.poll)
            bounds[boxes] = value
        return value

    start_bound = bound(problem.start_boxes)
    if start_bound >= UNREACHABLE:
        return Outcome(None)
    best: dict[tuple[int, int], int] = {(problem.start_boxes, problem.start_player): 0}
    counter = 0
    heap: list[tuple[int, int, int, int, int, int, Record]] = [
        (start_bound * push_cost, 0, 0, problem.start_boxes, problem.start_player, 0, ROOT)
    ]
    closed: set[tuple[int, int]] = set()
    while heap:
        _, _, cost, boxes, player, _, record = heapq.heappop(heap)
        key = (boxes, player)
        if key in closed:
            continue
        closed.add(key)
        node = tree.add(record)
        limits.tick()
        if boxes == goals:
            return Outcome(tree.pushes_to(node))
        free = problem.floor & ~boxes
        layers = _walk_layers(1 << player, free, width)
        region = 0
        for layer in layers:
            region |= layer
        for box, direction, after in problem.pushes(boxes, region):
            stand = box - offsets[direction]
            steps = next(i for i, layer in enumerate(layers) if layer >> stand & 1)
            new_cost = cost + steps * walk_cost + push_cost
            child = (after, box)
            if child in closed or best.get(child, new_cost + 1) <= new_cost:
                continue
            h = bound(after)
            if h >= UNREACHABLE:
                continue
            best[child] = new_cost
            counter += 1
            estimate = new_cost + h * push_cost
            reached: Record = (node, (Push(box, DIRECTIONS[direction]),))
            heapq.heappush(heap, (estimate, -new_cost, new_cost, after, box, counter, reached))
    return Outcome(None)


def _walk_layers(start: int, free: int, width: int) -> list[int]:
    """The squares at walking distance 0, 1, 2, ... from ``start`` (bitboards)."""
    layers = [start]
    region = start
    frontier = start
    while True:
        grown = (frontier << 1 | frontier >> 1 | frontier << width | frontier >> width) & free
        grown &= ~region
        if not grown:
            return layers
        layers.append(grown)
        region |= grown
        frontier = grown
