"""The backward "base" search after Festival: a feature space search over pulls from the solved
position, whose path, read backwards, becomes the packing plan of the forward search.

The start's box squares are the bases. A box pulled onto a sink (a base of the largest group of
bases that boxes can be pushed among both ways) retires there with the base: in the forward
game it is a box that waits on its start square until its turn. When some pull can retire a
box, only retiring pulls are made (one per box), and a box retires only while the boxes left
can still each be matched to a base of their own. This is a guess at a good plan, not a
proof: nothing here prunes a search that reports a level unsolvable.
"""

from __future__ import annotations

import time

from game.solver.analysis.areas import area_parts, areas_after, count_areas
from game.solver.analysis.board import UNREACHABLE, bits_of, flood
from game.solver.deadlock.rules import MatchingChecker
from game.solver.result import Limits
from game.solver.search.cells import (
    ADVISED,
    NO_MOVE,
    PLAIN,
    CellSearch,
    Child,
    Key,
    Rank,
    pack_squares,
    unpack_squares,
)
from game.solver.search.floor_rooms import FloorRooms, far_apart
from game.solver.search.parking import ParkingPlan
from game.solver.search.problem import Problem
from game.solver.search.pulls import (
    can_pull,
    pull_moves,
    push_reach,
    sinks_of,
    walk_distance,
)

# A pull move as its children hold it: the box's square before and after, and the bases left
# after it (one fewer when the box retired).
Pull = tuple[int, int, int]
RANK_SIZE = 4  # boxes left, areas, boxes on goals, spread (see _rank)
# A node's rank and the areas of its free squares, the player's first: its children's are
# worked out from them.
Scored = tuple[Rank, list[int]]
# A search stopped by its budget goes on to this many nodes (unless it finishes first) within
# a second budget: a budget of CPU seconds is fewer nodes on a slower core, or on this one when
# it runs slow. XSokoban 50's plan needs all its 123 nodes, 0.26-0.47 CPU s here of the 0.42 s
# a 10 s solve gives it: `sokoban solve` missed it in 2 of 4 quiet runs. No other XSokoban
# level's plan changes (see docs/solver.md, the parameters' table).
LEAST_NODES = 150
# Past its budget and LEAST_NODES, a search goes on within the second budget to this many nodes
# if it finishes there; if not, its plan is the best node when the budget ran out. Aruba10 22's
# search finishes at 490 nodes, 0.9 CPU s here, and made some 200 in the 0.42 s of a 10 s solve;
# Sasquatch 28's best node at 500 nodes, unfinished, is a plan `fast` fails on in 10 s where
# the one at 222 nodes solves it (docs/solver.md, 2026-12-03).
FINISH_NODES = 500


class BaseSearch(CellSearch[Pull]):
    """One backward search; ``run`` goes on until every box has retired, the boxes stand on
    their start squares, the tree runs dry or the limits stop it (``best`` is the best node)."""

    def __init__(
        self, problem: Problem, limits: Limits, lone_sinks: bool = False, rooms: bool = False
    ) -> None:
        """``lone_sinks``: group the bases by where a lone box goes, the other boxes left
        out (see ``sinks``); ``rooms``: a box may retire into another room however near (see
        ``_retiring``)."""
        super().__init__(limits, RANK_SIZE)
        self.problem = problem
        self.lone_sinks = lone_sinks
        analysis = problem.analysis
        self.floor, self.width, self.offsets = analysis.floor, analysis.width, analysis.offsets
        size = analysis.board.width * analysis.board.height
        # Per start square, where its box can be pushed alone; per square, the start squares
        # whose box could be pushed there (a box pulled there must be matched to one of them).
        self.reach_of: dict[int, int] = {}
        reach = [0] * size
        for start in bits_of(problem.start_boxes):
            problem.poll()
            reached = self.reach_of[start] = push_reach(analysis, start)
            for square in bits_of(reached):
                reach[square] |= 1 << start
        self.matching = MatchingChecker(reach, problem.poll)
        # Per square, the sum of its push distances to every goal: boxes far from the goals
        # have been pulled far (the larger the better, backwards).
        self.spread = [0] * size
        for row in analysis.distance:
            problem.poll()
            for square in analysis.squares:
                if row[square] < UNREACHABLE:
                    self.spread[square] += row[square]
        self.goal_index = {goal: index for index, goal in enumerate(analysis.goal_list)}
        self.rooms = FloorRooms(self.floor, self.width, problem.poll) if rooms else None
        self.rank: list[Rank] = []
        self.boxes: list[int] = []
        self.bases: list[int] = []
        self.best = -1
        self.finished = False  # every box retired or home: the best plan there is
        self.cut = -1  # the best node when the budget ran out (the plan unless it finishes)
        self.spent = 0.0  # CPU seconds this search has run, over all its calls

    def start(self) -> None:
        """The roots: the solved position with the player in each area the goals' boxes leave
        him, where he can pull something."""
        self.limits.tick()
        problem = self.problem
        goals, starts = problem.goals, problem.start_boxes
        free = self.floor & ~goals
        rest = free
        while rest:
            problem.poll()
            area = flood(rest & -rest, free, self.width)
            rest &= ~area
            key = (goals, starts, (area & -area).bit_length())
            if not can_pull(goals, area, free, self.offsets) or key in self.seen:
                continue
            self.seen.add(key)
            rank = self._rank(goals, starts, area)
            self._make(-1, NO_MOVE, 0, rank, goals, starts, area)

    def run(self, budget: float | None = None, most: float | None = None) -> None:
        """Search until finished, the tree runs dry or ``budget`` seconds of this search's
        own time (over every call) are spent, but on to LEAST_NODES nodes within ``most``
        seconds (at least ``budget``), and on to FINISH_NODES if it finishes there; PhaseOver
        and StopSearch pass through (call again to go on).

        Its own time is its thread's CPU time, not the wall clock's: the plan is the best node
        reached, so a budget of wall seconds made the plan depend on what else the machine
        ran. With both cores of the machine busy beside it, XSokoban 50's base search made
        51-80 of its 123 nodes in the 0.42 s a 10 s solve gives it, its plan had 16 steps, not
        29, and `fast` missed the level (it solves it in 1.5-3.3 s on a quiet machine)."""
        entered = time.thread_time()
        try:
            if not self.seen:
                self.start()
            while not self.finished:
                if budget is not None and self._stops(budget, most, entered):
                    return
                picked = self.next_child()
                if picked is None:
                    return
                node, child = picked
                self.seen.add(child.key)
                self._make(
                    node, child.move, child.weight, child.rank, child.boxes, child.key[1],
                    child.region,
                )
        finally:
            self.spent += time.thread_time() - entered

    def _stops(self, budget: float, most: float | None, entered: float) -> bool:
        """Whether the search stops here, its budget spent; the first time, the best node
        is kept as the plan it stops with unless it goes on to finish."""
        spent = self.spent + time.thread_time() - entered
        if spent < budget:
            return False
        nodes = len(self.parent)
        over = most is None or spent >= most
        if self.cut < 0 and (nodes >= LEAST_NODES or over):
            self.cut = self.best
        return over or (self.cut >= 0 and nodes >= FINISH_NODES)

    def plan(self) -> ParkingPlan | None:
        """The parking plan of the best node: its pulls read forwards; None when no box
        retired on the way there and its boxes are not home."""
        node = self.best if self.finished or self.cut < 0 else self.cut
        if node < 0:
            return None
        pulls: list[tuple[int, int, bool]] = []
        for move in self.path(node):
            source, target, _, retired = unpack_squares(move)
            pulls.append((source, target, retired))
        if not any(retired for _, _, retired in pulls) and not self.finished:
            return None
        return ParkingPlan(self.boxes[node], pulls, home=self.finished)

    def _make(
        self,
        parent: int,
        via: int,
        weight: int,
        rank: Rank,
        boxes: int,
        bases: int,
        region: int,
    ) -> None:
        features = rank[:3]
        cell = features
        if parent >= 0:
            cell = min(cell, self.cell[parent])  # the best cell its path has reached
        node = self.add(parent, via, weight, cell)
        self.rank.append(rank)
        self.boxes.append(boxes)
        self.bases.append(bases)
        # The plan's node is the first found in the best cell: how far the boxes were pulled
        # orders the search, but a later node of that cell pulled further is not a better plan,
        # and taking it made the plan depend on how long the search ran (the machine's speed:
        # XSokoban 69 has such a node at 2,026, a plan of 38 steps, not 43, that its plain twin
        # with the far tie-break needs 6,815 expansions for, not 728).
        if self.best < 0 or self.better(rank, self.rank[self.best]):
            self.best = node
        if not boxes or self._home(boxes, bases, region):
            self.best = node
            self.finished = True
            return
        self.offer(node, self._children(boxes, bases, region, rank))

    def better(self, rank: Rank, than: Rank) -> bool:
        """Whether a node ranked ``rank`` is a better plan than one ranked ``than``: its
        features better (the first node of the best cell is the plan, as said above)."""
        return rank[:3] < than[:3]

    def _home(self, boxes: int, bases: int, region: int) -> bool:
        """Every box left on its base, the player's area holding his start: the search ends."""
        return boxes == bases and bool(region >> self.problem.start_player & 1)

    def pack_move(self, node: int, child: Child[Pull]) -> int:
        """A pull as the box's square before and after, the lowest square of the player's area
        after and whether the box retired (on the base it was pulled to)."""
        source, target, bases = child.move
        region = child.region
        stand = (region & -region).bit_length() - 1
        return pack_squares(source, target, stand, bases != self.bases[node])

    def child_key(self, node: int, move: int) -> Key:
        source, target, stand, retired = unpack_squares(move)
        boxes, bases = self.boxes[node], self.bases[node]
        if retired:
            return boxes & ~(1 << source), bases & ~(1 << target), stand + 1
        return boxes ^ (1 << source) ^ (1 << target), bases, stand + 1

    def region_of(self, key: Key) -> int:
        stand = key[2] - 1
        return flood(1 << stand, self.floor & ~key[0], self.width)

    def _rank(self, boxes: int, bases: int, region: int) -> Rank:
        """Boxes left, areas, boxes still on goals, and how far the boxes are from the goals
        (negated): each the smaller the better."""
        spread = self.spread
        return (
            boxes.bit_count(),
            count_areas(self.floor & ~boxes, region, self.width, self.problem.poll),
            (boxes & self.problem.goals).bit_count(),
            -sum(spread[square] for square in bits_of(boxes)),
        )

    def _children(self, boxes: int, bases: int, region: int, rank: Rank) -> list[Child[Pull]]:
        """The node's pulls as scored children, advised ones at weight 0."""
        problem = self.problem
        allowed = 0
        for base in bits_of(bases):
            allowed |= self.reach_of[base]
        pulls = [
            (box, target, player, area)
            for box in bits_of(boxes)
            for target, player, area in pull_moves(
                problem.analysis, boxes, region, box, allowed, problem.poll
            )
        ]
        # The areas here, from which each child's are worked out.
        parts = area_parts(self.floor & ~boxes, region, self.width, problem.poll)
        landing = any(bases >> target & 1 for _, target, _, _ in pulls)
        sinks = self.sinks(boxes, bases) if landing else 0
        scored = (rank, parts)
        # No sinks (the perimeter's always): no pull retires a box, so no retiring pass.
        retire = sinks and not sinks & ~region
        children = self._retiring(scored, boxes, bases, pulls, sinks) if retire else []
        retiring = bool(children)
        if not retiring:
            children = self._plain(scored, boxes, bases, pulls, sinks)
        if not children:
            return []
        advised = self._advised(children, rank, bases, retiring)
        return [
            child._replace(weight=ADVISED) if index in advised else child
            for index, child in enumerate(children)
        ]

    def _child(
        self, parent: Scored, boxes: int, bases: int, region: int, source: int, target: int
    ) -> Child[Pull]:
        """The child whose box went from ``source`` to ``target`` (or retired there, on a base,
        when ``bases`` is one fewer), its rank worked out from its parent's rank and areas,
        ``parent``: only the box's terms change, and the areas beside its two squares (summing
        every box's terms, and filling every area, took a sixth and a sixth of the backward
        search's time on XSokoban 28)."""
        goals, spread, poll = self.problem.goals, self.spread, self.problem.poll
        rank, parts = parent
        on_goals = rank[2] - (goals >> source & 1)
        far = rank[3] + spread[source]
        left = rank[0]
        if boxes >> target & 1:
            on_goals += goals >> target & 1
            far -= spread[target]
            areas = areas_after(parts, source, target, region, self.width, poll)
        else:
            left -= 1
            areas = count_areas(self.floor & ~boxes, region, self.width, poll)
        key = (boxes, bases, (region & -region).bit_length())
        rank = (left, areas, on_goals, far)
        return Child(PLAIN, rank, key, boxes, region, (source, target, bases))

    def _plain(
        self, parent: Scored, boxes: int, bases: int, pulls: list[tuple[int, int, int, int]],
        sinks: int,
    ) -> list[Child[Pull]]:
        """The pulls that leave every box a base to be matched to and something to pull,
        and no sink under a box that did not retire there (it would shut the sink) unless the
        pull leaves every box home."""
        children: list[Child[Pull]] = []
        seen, poll = self.seen, self.problem.poll
        for source, target, player, area in pulls:
            after = boxes & ~(1 << source) | 1 << target
            # Onto a sink only home: every box left on its base, the player where he starts.
            # A box that stands too near its base to retire there (a retiring pull takes it
            # FAR steps) can still end the search, as Festival's pull mode ends (Aruba8 27, 28,
            # 33, 35: one box left beside its base, no plan finished before).
            if sinks >> target & 1 and not self._home(after, bases, area):
                continue
            key = (after, bases, (area & -area).bit_length())
            if key in seen:
                continue
            poll()  # as many as the boxes' squares on an open level: see FeatureSearch.expand
            if not bases >> target & 1:  # onto a base nothing is pruned (it may be home)
                if not self.matching.still_matched(after, source, target, bases):
                    continue
                free = self.floor & ~after
                # Mostly the box can be pulled on the way it came (the square behind the
                # player free), and no other box need be asked.
                onward = free >> (2 * player - target) & 1
                if not onward and not can_pull(after, area, free, self.offsets):
                    continue
            children.append(self._child(parent, after, bases, area, source, target))
        return children

    def _retiring(
        self, parent: Scored, boxes: int, bases: int, pulls: list[tuple[int, int, int, int]],
        sinks: int,
    ) -> list[Child[Pull]]:
        """The pulls that retire a box on one of the ``sinks``, the first found for each
        box."""
        chosen: dict[int, Child[Pull]] = {}
        for source, target, player, _ in pulls:
            if source in chosen or not sinks >> target & 1:
                continue
            if not self._moved_away(source, target):
                continue
            after, left = boxes & ~(1 << source), bases & ~(1 << target)
            if not self.matching.matched(after, left):
                continue
            area = flood(1 << player, self.floor & ~after, self.width)
            if (after, left, (area & -area).bit_length()) in self.seen:
                continue
            chosen[source] = self._child(parent, after, left, area, source, target)
        return list(chosen.values())

    def _moved_away(self, source: int, target: int) -> bool:
        """Whether a retiring pull takes its box somewhere else (a box pulled just beside its
        goal onto a base is no plan): FAR steps, or with ``rooms`` FloorRooms.apart."""
        if self.rooms is not None:
            return self.rooms.apart(source, target)
        return far_apart(self.floor, self.width, source, target)

    def sinks(self, boxes: int, bases: int) -> int:
        """Where a box may retire: see :func:`game.solver.search.pulls.sinks_of`."""
        reach_of = self.reach_of if self.lone_sinks else None
        free = self.floor & ~boxes
        return sinks_of(boxes, bases, free, self.offsets, reach_of, self.problem.poll)

    def _advised(
        self, children: list[Child[Pull]], rank: Rank, bases: int, retiring: bool
    ) -> set[int]:
        """The children the advisors propose: packing (retire a box, or pull one off a goal
        farther), and connectivity (fewer areas) unless a box retires."""
        if retiring:
            return {self._retire_advice(children, bases)}
        advised: set[int] = set()
        goals = self.problem.goals
        best: tuple[int, int] | None = None
        for index, child in enumerate(children):
            source, target, _ = child.move
            if child.rank[1] > rank[1] or child.rank[3] >= rank[3] or not goals >> source & 1:
                continue
            pulled = self.problem.analysis.distance[self.goal_index[source]][target]
            if best is None or (child.rank[1], -pulled) < best:
                best = (child.rank[1], -pulled)
                packing = index
        if best is not None:
            advised.add(packing)
        opening = [i for i, child in enumerate(children) if child.rank[1] < rank[1]]
        if opening:
            advised.add(min(opening, key=lambda i: children[i].rank))
        return advised

    def _retire_advice(self, children: list[Child[Pull]], bases: int) -> int:
        """A box already off the goals and bases first; else the pull that leaves the fewest
        areas and takes the box farthest."""
        taken = self.problem.goals | bases
        for index, child in enumerate(children):
            if not taken >> child.move[0] & 1:
                return index

        def merit(index: int) -> tuple[int, int]:
            source, target, _ = children[index].move
            far = walk_distance(self.floor, self.width, source, target, UNREACHABLE)
            return children[index].rank[1], -far

        return min(range(len(children)), key=merit)
