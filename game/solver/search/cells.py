"""The bookkeeping of a feature space search, forwards or backwards: a tree of positions, each
made with all its children scored, grouped into cells by features, and which cell comes next.

Visits alternate between the next cell of a cycle (a cell just found may be the cycle's next)
and the best cell, or in turn the cells of the front of two features; in a cell the search takes
the child of the cheapest path (advised moves weigh 0, others 1), then of the best features.
"""

from __future__ import annotations

import heapq
from typing import Generic, NamedTuple, TypeVar

from game.solver.analysis.board import Poll, flood
from game.solver.result import Limits

Cell = tuple[int, ...]  # feature values, each the smaller the better
Rank = tuple[int, ...]  # a child's features and tie-breaks, the smaller the better
Key = tuple[int, ...]  # what makes two positions the same
Move = TypeVar("Move")

ADVISED = 0  # the weight of a move an advisor proposes
PLAIN = 1  # the weight of any other move


def count_areas(free: int, region: int, width: int, poll: Poll) -> int:
    """Into how many areas the ``free`` squares fall, the player's ``region`` one of them (a
    feature of both searches: the fewer, the more of the floor the player can reach)."""
    return len(area_parts(free, region, width, poll))


def area_parts(free: int, region: int, width: int, poll: Poll) -> list[int]:
    """The areas of the ``free`` squares, the player's ``region`` first."""
    parts = [region]
    rest = free & ~region
    while rest:
        poll()
        part = flood(rest & -rest, free, width)
        parts.append(part)
        rest &= ~part
    return parts


def areas_after(
    parts: list[int], source: int, target: int, region: int, width: int, poll: Poll
) -> int:
    """How many areas the free squares fall into once a box has gone from ``source`` to
    ``target``, from the ``parts`` they fell into before (see :func:`area_parts`) and the
    player's ``region`` after, without filling all of them again: the freed square joins the
    areas beside it, and the filled one can only split its own (the player's area is one of
    its pieces, since he stands beside the box). A box that came back leaves them as they were
    (``source`` and ``target`` both -1 then)."""
    if source == target:
        return len(parts)
    beside = 1 << source + 1 | 1 << source - 1 | 1 << source + width | 1 << source - width
    joined = 1 << source
    count = len(parts) + 1
    for part in parts:
        if part & beside:
            joined |= part
            count -= 1
    if not joined >> target & 1:
        joined = next(part for part in parts if part >> target & 1)
    rest = joined & ~(1 << target) & ~region
    # Each piece of the rest touches the filled square (the area was whole with it free), so
    # its free neighbours tell the pieces apart: a fill from one takes the others of its piece,
    # and the last one left is a piece of its own without a fill (mostly the only one).
    beside = 1 << target + 1 | 1 << target - 1 | 1 << target + width | 1 << target - width
    ends = rest & beside
    while ends:
        count += 1
        if not ends & (ends - 1):
            break
        poll()
        ends &= ~flood(ends & -ends, rest, width)
    return count


class Child(NamedTuple, Generic[Move]):
    """A position one move from another, scored before it is made."""

    weight: int
    rank: Rank
    key: Key
    boxes: int
    region: int  # the player's area
    move: Move  # the search's own record of the move


class CellSearch(Generic[Move]):
    """Nodes with their children, best first, queued in their cells.

    A node is queued in its cell under its next child's weight (plus its path's) and rank, so
    a cell gives the cheapest path first and, among equals, the most promising child.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.parent: list[int] = []
        self.via: list[Move | None] = []  # the move from the parent (None at a root)
        self.weight: list[int] = []
        self.children: list[list[Child[Move]]] = []
        self.cursor: list[int] = []
        self.cell: list[Cell] = []
        self.seen: set[Key] = set()
        self.heaps: dict[Cell, list[tuple[int, Rank, int]]] = {}
        self.cycle: list[Cell] = []
        self.turn = 0  # the next cell of the cycle to visit
        # The cells with nodes left, best first: every other visit goes to the best one, so
        # the search digs on where it has come furthest while the cycle keeps it broad.
        self.ranked: list[Cell] = []
        self.best_next = False
        # A feature (its index in a cell) whose front with the ranking those visits take in
        # turn, when set: the cells with nodes that are smaller in it than every cell ranked
        # before them. The best cell may be a dead end while the way on is smaller in another
        # feature, further back in the first.
        self.front_feature: int | None = None
        self.front_turn = 0
        # Whether a cell is the cycle's next visit when it is found (else the cycle goes on
        # in turn and reaches it last).
        self.new_cells_first = False

    def add(self, parent: int, via: Move | None, weight: int, cell: Cell) -> int:
        """Put a node in the tree (its key is already seen), in ``cell``; its children come
        with :meth:`offer`."""
        node = len(self.parent)
        self.parent.append(parent)
        self.via.append(via)
        self.weight.append(weight)
        self.children.append([])
        self.cursor.append(0)
        self.cell.append(cell)
        return node

    def offer(self, node: int, children: list[Child[Move]]) -> None:
        """Give the node its children, best first, and queue it in its cell."""
        if not children:
            return
        self.children[node] = children
        cell = self.cell[node]
        heap = self.heaps.get(cell)
        if heap is None:
            heap = self.heaps[cell] = []
            self.cycle.append(cell)
            if self.new_cells_first:
                self.turn = len(self.cycle) - 1
        if not heap:
            heapq.heappush(self.ranked, cell)
        first = children[0]
        heapq.heappush(heap, (self.weight[node] + first.weight, first.rank, node))

    def path(self, node: int) -> list[Move]:
        """The moves from a root to ``node``, first first."""
        moves: list[Move] = []
        while node >= 0:
            via = self.via[node]
            if via is not None:
                moves.append(via)
            node = self.parent[node]
        moves.reverse()
        return moves

    def next_child(self) -> tuple[int, Child[Move]] | None:
        """The next child to make and its parent's node, its key not yet seen; None when
        every cell has run dry. Ticks the limits once per cell looked at, before the cell is
        chosen: a slice that ends there then leaves the turn where it was, so a search cut into
        slices visits its cells in the same order as one run straight through."""
        while True:
            self.limits.tick()
            heap = self._next_heap()
            if heap is None:
                return None
            picked = self._take(heap)
            if picked is not None:
                return picked

    def _next_heap(self) -> list[tuple[int, Rank, int]] | None:
        while self.cycle:
            if self.turn >= len(self.cycle):
                self.turn = 0
                for cell in self.cycle:
                    if not self.heaps[cell]:
                        del self.heaps[cell]
                self.cycle = [cell for cell in self.cycle if cell in self.heaps]
                continue
            self.best_next = not self.best_next
            if self.best_next:
                best = self._dig_cell()
                if best is not None:
                    return self.heaps[best]
            cell = self.cycle[self.turn]
            self.turn += 1
            return self.heaps[cell]
        return None

    def _dig_cell(self) -> Cell | None:
        """The cell of the visit that digs: the best cell, or the next cell of the front."""
        best = self._best_cell()
        feature = self.front_feature
        if best is None or feature is None:
            return best
        heaps = self.heaps
        front: list[Cell] = []
        for cell in sorted(self.ranked):
            if heaps.get(cell) and (not front or cell[feature] < front[-1][feature]):
                front.append(cell)
        self.front_turn += 1
        return front[self.front_turn % len(front)]

    def _best_cell(self) -> Cell | None:
        """The best cell that still holds nodes (dropping the emptied ones from the
        ranking); None when there is none."""
        ranked = self.ranked
        while ranked:
            heap = self.heaps.get(ranked[0])
            if heap:
                return ranked[0]
            heapq.heappop(ranked)
        return None

    def _take(self, heap: list[tuple[int, Rank, int]]) -> tuple[int, Child[Move]] | None:
        """The cheapest unseen child of the cell's nodes, its node queued again for the
        child after it; None when the cell holds no unseen child."""
        seen = self.seen
        while heap:
            cost, rank, node = heapq.heappop(heap)
            children = self.children[node]
            index = self.cursor[node]
            while index < len(children) and children[index].key in seen:
                index += 1
            if index >= len(children):
                self.children[node] = []  # nothing left to make here: let it go
                continue
            child = children[index]
            weight = self.weight[node]
            if (weight + child.weight, child.rank) > (cost, rank):
                self.cursor[node] = index
                heapq.heappush(heap, (weight + child.weight, child.rank, node))
                continue
            self.cursor[node] = index + 1
            if index + 1 < len(children):
                after = children[index + 1]
                heapq.heappush(heap, (weight + after.weight, after.rank, node))
            return node, child
        return None
