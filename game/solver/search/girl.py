"""Festival's strategy C, its "girl" mode (greedy iterations, after reinforcement learning), in
our own code: a backward and then a forward search that each walk down their tree to expand.

Each child is worth a weighted sum of its features, and a node the most that any child of it
is worth (backed up the tree at each expansion). To pick the next position to make, the search
walks from the root down to the child worth most, but at every (boxes + 1)-th pass through a
node it takes the node's children in turn instead: the search dives where it looks best and
still tries every move in time. The backward search keeps every box (pulling them off the goals
and away from them, as the meeting search's does), and its positions finish the forward search
that meets one; the forward search aims at the backward position worth most. The weights are
Festival's, which its author fitted; the push features here lack its overlap (0).
"""

from __future__ import annotations

from array import array

from game.solver.analysis.board import UNREACHABLE, bits_of
from game.solver.result import Limits
from game.solver.search.base_search import Pull
from game.solver.search.cells import MOVE_BITS, MOVE_MASK, PLACE_MASK, CellSearch, Child, Rank
from game.solver.search.fess import FeatureSearch
from game.solver.search.meeting import Perimeter
from game.solver.search.plans import Aim
from game.solver.search.problem import Problem

# The weights of each feature over its range (Festival 3.1's girl.cpp): forwards, boxes packed
# by the plan, boxes on goals, areas, the boxes' distance to the goals, overlap (not counted
# here), GAMMA to the power of the boxes off goals, of all the boxes, and a constant; backwards,
# boxes on goals, areas, distance, GAMMA to the boxes on goals, to all, and a constant.
PUSH_WEIGHTS = (0.468630, -0.177816, -0.233347, 0.052064, 0.326019, 0.164538, 0.348762, -0.141263)
PULL_WEIGHTS = (-0.185353, -0.217472, 0.154112, 0.382115, 0.471096, 0.195508)
GAMMA = 0.95
LOST = float("-inf")  # the worth of a child that leads nowhere (dead, or made elsewhere)
# The forward search aims at the shallowest position on the way to the best backward one that
# is worth within this much of it (Festival's).
AIM_SLACK = 0.1


class ValueTree:
    """The worth of each node's children, backed up to the roots, and the walk down that picks
    the next child to make. Nodes are a :class:`CellSearch`'s; a child's place is its index in
    the node's packed children."""

    def __init__(self, search: CellSearch[int] | CellSearch[Pull], boxes: int) -> None:
        self.search = search
        self.turns = boxes + 1  # every this many passes, a node's children in turn
        self.worth: list[array[float]] = []  # per node, its children's (made ones backed up)
        self.made: list[array[int]] = []  # per node, per child, the node made from it or -1
        self.place = array("q")  # per node, its place among its parent's children
        self.own = array("d")  # per node, its worth as a child (before any backing up)
        self.size = array("q")  # per node, how many nodes are under it
        self.next_turn = array("q")  # per node, the child its next pass in turn starts at
        self.best = array("q")  # per node, its child worth most (-1: none left)
        self.roots: list[int] = []

    def added(self, node: int, parent: int, via: int) -> None:
        """Record ``node``, made from ``parent`` (-1 for a root) by the packed move ``via``."""
        self.worth.append(array("d"))
        self.made.append(array("q"))
        self.size.append(0)
        self.next_turn.append(0)
        self.best.append(-1)
        if parent < 0:
            self.roots.append(node)
            self.place.append(-1)
            self.own.append(LOST)
            return
        children = self.search.children[parent]
        place = next(i for i, packed in enumerate(children) if packed & MOVE_MASK == via)
        self.place.append(place)
        self.made[parent][place] = node
        self.own.append(self.worth[parent][place])
        size, above = self.size, parent
        while above >= 0:
            size[above] += 1
            above = self.search.parent[above]

    def offered(self, node: int, worth: list[float]) -> None:
        """The worth of each of ``node``'s packed children; backs it up."""
        self.worth[node] = array("d", worth)
        self.made[node] = array("q", [-1]) * len(worth)
        self.back_up(node)

    def back_up(self, node: int) -> None:
        """Work out again what ``node`` is worth, and so on up while it changes."""
        parent = self.search.parent
        while True:
            worth = self.worth[node]
            top = max(worth, default=LOST)
            if self.search.dead[node] or top == LOST:
                self.best[node], top = -1, LOST
            else:
                self.best[node] = worth.index(top)
            above = parent[node]
            if above < 0:
                return
            slot = self.place[node]
            if self.worth[above][slot] == top:
                return
            self.worth[above][slot] = top
            node = above

    def lose(self, node: int, place: int) -> None:
        """The child at ``place`` leads nowhere."""
        self.worth[node][place] = LOST
        self.back_up(node)

    def pick(self) -> tuple[int, int] | None:
        """The next child to make, as its node and place: down from the root with the fewest
        nodes under it, to the child worth most (or, at every ``turns``-th pass, the next in
        turn) until one not yet made; None when every child leads nowhere."""
        search = self.search
        while True:
            live = [root for root in self.roots if self.best[root] >= 0]
            if not live:
                return None
            node = min(live, key=self.size.__getitem__)
            while True:
                if search.dead[node]:
                    self.best[node] = -1
                    above = search.parent[node]
                    if above >= 0:
                        self.lose(above, self.place[node])
                    break
                place = self.best[node]
                if self.size[node] % self.turns == 0:
                    place = self._in_turn(node)
                made = self.made[node][place]
                if made < 0:
                    return node, place
                if self.best[made] < 0:
                    self.lose(node, place)  # its children led nowhere, or it died
                    break
                node = made

    def _in_turn(self, node: int) -> int:
        worth = self.worth[node]
        count = len(worth)
        start = self.next_turn[node]
        for step in range(count):
            place = (start + step) % count
            if worth[place] > LOST:
                self.next_turn[node] = place + 1
                return place
        return self.best[node]

    def aim(self) -> int:
        """The node to aim at: the shallowest on the way to the node worth most itself that is
        worth within AIM_SLACK of it (-1 before any node)."""
        if not self.own:
            return -1
        own = self.own
        best = max(range(len(own)), key=own.__getitem__)
        aim, node = best, best
        while node >= 0:
            if own[node] > own[best] - AIM_SLACK:
                aim = node
            node = self.search.parent[node]
        return aim


def _next_child(
    search: CellSearch[int] | CellSearch[Pull], tree: ValueTree
) -> tuple[int, Child[int]] | None:
    """The next child of a girl-mode search (its key not yet seen), with its parent's node."""
    while True:
        search.limits.tick()
        picked = tree.pick()
        if picked is None:
            return None
        node, place = picked
        packed = search.children[node][place]
        key = search.child_key(node, packed & MOVE_MASK)
        if key in search.seen:
            tree.lose(node, place)  # made from another parent: it grows there
            continue
        return node, search.unpacked(node, packed, key)


class GirlPerimeter(Perimeter):
    """The backward search of strategy C: every box kept, each pull worth Festival's
    weighted pull features, the positions kept for the forward search to meet."""

    def __init__(self, problem: Problem, limits: Limits) -> None:
        super().__init__(problem, limits)
        self.tree = ValueTree(self, problem.start_boxes.bit_count())
        self.nearest = problem.analysis.nearest
        self.scale = _scale(problem)
        self.gamma = [GAMMA**count for count in range(problem.start_boxes.bit_count() + 1)]

    def add(self, parent: int, via: int, weight: int, cell: Rank) -> int:
        node = super().add(parent, via, weight, cell)
        self.tree.added(node, parent, via)
        return node

    def offer(self, node: int, children: list[Child[Pull]]) -> None:
        packed = self.children[node] = self.packed(node, children)
        self.tree.offered(
            node, [self._worth(children[p >> MOVE_BITS & PLACE_MASK]) for p in packed]
        )
        self.meet(node, children)

    def _worth(self, child: Child[Pull]) -> float:
        self.problem.poll()  # see BaseSearch._plain
        boxes, rank, n = child.boxes, child.rank, len(self.gamma) - 1
        on_goals = (boxes & self.problem.goals).bit_count()
        nearest = self.nearest
        distance = sum(nearest[square] for square in bits_of(boxes))
        weights = PULL_WEIGHTS
        return (
            weights[0] * on_goals / n
            + weights[1] * rank[1] / n
            + weights[2] * distance * self.scale
            + weights[3] * self.gamma[on_goals]
            + weights[4] * self.gamma[n]
            + weights[5]
        )

    def next_child(self) -> tuple[int, Child[int]] | None:
        return _next_child(self, self.tree)

    def imagined(self) -> int:
        """The boxes of the position to aim at (see :meth:`ValueTree.aim`)."""
        aim = self.tree.aim()
        return self.boxes[aim] if aim >= 0 else self.problem.goals


class GirlSearch(FeatureSearch):
    """The forward search of strategy C over box moves, aimed at its backward search's
    best position (by worth) and finished where it meets one; no advisors (Festival's)."""

    def __init__(self, problem: Problem, limits: Limits, macros: bool = True) -> None:
        if not problem.perimeter:
            problem.perimeter.append(GirlPerimeter(problem, limits))
        super().__init__(problem, limits, macros, box_moves=True, aim=Aim.MEETING)
        self.name = "girl"
        self.advised_moves = False
        boxes = problem.start_boxes.bit_count()
        self.tree = ValueTree(self, boxes)
        self.scale = _scale(problem)
        self.gamma = [GAMMA**count for count in range(boxes + 1)]

    def add(self, parent: int, via: int, weight: int, cell: Rank) -> int:
        node = super().add(parent, via, weight, cell)
        self.tree.added(node, parent, via)
        return node

    def offer(self, node: int, children: list[Child[int]]) -> None:
        packed = self.children[node] = self.packed(node, children)
        self.tree.offered(
            node, [self._worth(children[p >> MOVE_BITS & PLACE_MASK]) for p in packed]
        )

    def _worth(self, child: Child[int]) -> float:
        rank, n = child.rank, len(self.gamma) - 1
        on_goals = (child.boxes & self.problem.goals).bit_count()
        weights = PUSH_WEIGHTS
        return (
            weights[0] * -rank[0] / n
            + weights[1] * on_goals / n
            + weights[2] * rank[1] / n
            + weights[3] * rank[4] * self.scale
            + weights[5] * self.gamma[n - on_goals]
            + weights[6] * self.gamma[n]
            + weights[7]
        )

    def next_child(self) -> tuple[int, Child[int]] | None:
        return _next_child(self, self.tree)


def _scale(problem: Problem) -> float:
    """One over the most the boxes' distances to their nearest goals can sum to (Festival's
    normalizer: the boxes times the farthest push distance)."""
    nearest = problem.analysis.nearest
    farthest = max(
        (nearest[square] for square in problem.analysis.squares if nearest[square] < UNREACHABLE),
        default=1,
    )
    return 1 / (problem.start_boxes.bit_count() * max(farthest, 1))
