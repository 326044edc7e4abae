"""The bookkeeping of a feature space search, forwards or backwards: a tree of positions, each
made with all its children scored, grouped into cells by features, and which cell comes next.

Visits alternate between the next cell of a cycle (a cell just found may be the cycle's next)
and the best cell, or in turn the cells of the front of two features; in a cell the search takes
the child of the cheapest path (advised moves weigh 0, others 1), then of the best features.
A node's children are kept packed in integers; its position, boxes and player's area, is worked
out again from its parent's when the child is made.
"""

from __future__ import annotations

import heapq
import struct
from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, NamedTuple, TypeVar

from game.solver.analysis.board import Poll
from game.solver.result import Limits

Cell = tuple[int, ...]  # feature values, each the smaller the better
Rank = tuple[int, ...]  # a child's features and tie-breaks, the smaller the better
Key = tuple[int, ...]  # what makes two positions the same
Move = TypeVar("Move")

ADVISED = 0  # the weight of a move an advisor proposes
PLAIN = 1  # the weight of any other move


class Child(NamedTuple, Generic[Move]):
    """A position one move from another, scored before it is made."""

    weight: int
    rank: Rank
    key: Key
    boxes: int
    region: int  # the player's area
    move: Move  # the search's own record of the move


# A node keeps its children packed, each in one integer: its weight, its rank (each feature in
# RANK_BITS, offset so that negative values keep their order), its place among its siblings
# (equal children keep the order they were made in) and its move as the search packs it (see
# ``pack_move``), so that the integers sort as the children do. A child as a tuple of objects
# held some 1,200 bytes on XSokoban's large levels (its pushes, boxes and player's area), and a
# node's children are made when it is, so they held most of a search's memory.
RANK_BITS = 32
RANK_OFFSET = 1 << (RANK_BITS - 1)
PLACE_BITS = 24
PLACE_MASK = (1 << PLACE_BITS) - 1
MOVE_BITS = 64
MOVE_MASK = (1 << MOVE_BITS) - 1
# A queued node is one integer too: its next child's path weight and rank, then the node.
NODE_BITS = 40
NODE_MASK = (1 << NODE_BITS) - 1
NO_MOVE = -1  # the move that made a root
NO_CHILDREN: tuple[int, ...] = ()
# Packing a child takes some microseconds: a node with more children reads the clock once in
# so many of them (a few milliseconds), as the work on each child before did.
POLL_CHILDREN = 1024
# Both searches move one box: a packed move holds the box's square before and after, the lowest
# square of the player's area after and a flag of the search's own, SQUARE_BITS each (a level has
# at most 100 x 100 squares: see game.core.xsb.MAX_SIDE).
SQUARE_BITS = 16
SQUARE_MASK = (1 << SQUARE_BITS) - 1


def pack_squares(source: int, target: int, stand: int, flag: bool = False) -> int:
    """A move of one box from ``source`` to ``target``, the player's area after it holding
    ``stand`` as its lowest square, in one integer."""
    return source | target << SQUARE_BITS | stand << 2 * SQUARE_BITS | flag << 3 * SQUARE_BITS


def unpack_squares(move: int) -> tuple[int, int, int, bool]:
    """The source, target, player's lowest square and flag of a move of :func:`pack_squares`."""
    return (
        move & SQUARE_MASK,
        move >> SQUARE_BITS & SQUARE_MASK,
        move >> 2 * SQUARE_BITS & SQUARE_MASK,
        bool(move >> 3 * SQUARE_BITS),
    )


def _polled(
    places: Iterable[tuple[int, Child[Move]]], poll: Poll
) -> Iterator[tuple[int, Child[Move]]]:
    """The children with the clock read once in POLL_CHILDREN of them."""
    for place, child in places:
        if not place % POLL_CHILDREN:
            poll()
        yield place, child


class CellSearch(ABC, Generic[Move]):
    """Nodes with their children, best first, queued in their cells.

    A node is queued in its cell under its next child's weight (plus its path's) and rank, so
    a cell gives the cheapest path first and, among equals, the most promising child. A search
    packs its moves into integers (``pack_move``) and says what position a packed move makes
    (``child_key``, ``region_of``); its children come back with their moves packed.
    """

    def __init__(self, limits: Limits, rank_size: int) -> None:
        """``rank_size``: how many values a rank of this search holds."""
        self.limits = limits
        self.rank_bits = RANK_BITS * rank_size
        self.rank_struct = struct.Struct(f">{rank_size}i")
        self.rank_signs = sum(RANK_OFFSET << RANK_BITS * place for place in range(rank_size))
        self.parent = array("q")
        self.via = array("q")  # the packed move from the parent (NO_MOVE at a root)
        self.weight = array("q")
        self.cursor = array("q")
        self.children: list[tuple[int, ...]] = []
        # Per node, whether it is known dead: its children are never made (see ``_take``).
        self.dead = bytearray()
        # Per node, how many nodes are under it, for the searches that ask (see ``reached``).
        self.under = array("l")
        self.cell: list[Cell] = []  # the same tuple for every node of a cell
        self.seen: set[Key] = set()
        self.heaps: dict[Cell, list[int]] = {}
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
        # The front as last worked out, and whether a cell has gained its first node or lost
        # its last since (only then can the front change; sorting every cell at every dig took
        # a tenth of the search over pushes on XSokoban 29).
        self.front: list[Cell] = []
        self.cells_changed = True
        # Whether a cell is the cycle's next visit when it is found (else the cycle goes on
        # in turn and reaches it last).
        self.new_cells_first = False
        self.cells: dict[Cell, Cell] = {}  # one tuple per cell, which its nodes share

    @abstractmethod
    def pack_move(self, node: int, child: Child[Move]) -> int:
        """The move of a child of ``node`` in MOVE_BITS bits, from which ``child_key`` and
        ``region_of`` give back its position."""
        ...

    @abstractmethod
    def child_key(self, node: int, move: int) -> Key:
        """The key of the child of ``node`` that the packed ``move`` makes."""
        ...

    @abstractmethod
    def region_of(self, key: Key) -> int:
        """The player's area in the position of ``key``."""
        ...

    def add(self, parent: int, via: int, weight: int, cell: Cell) -> int:
        """Put a node in the tree (its key is already seen), in ``cell``, made from ``parent``
        by the packed move ``via``; its children come with :meth:`offer`."""
        node = len(self.parent)
        self.parent.append(parent)
        self.via.append(via)
        self.weight.append(weight)
        self.children.append(NO_CHILDREN)
        self.cursor.append(0)
        self.dead.append(0)
        self.under.append(0)
        self.cell.append(self.cells.setdefault(cell, cell))
        return node

    def reached(self, node: int, most: int) -> Iterator[int]:
        """Count the new ``node`` under its ancestors, giving those that have just reached
        ``most`` nodes under them (the counts stop one past it)."""
        under, parent = self.under, self.parent
        above = parent[node]
        while above >= 0:
            count = under[above] + 1
            if count > most:
                return  # and so are those above it: they hold it
            under[above] = count
            if count == most:
                yield above
            above = parent[above]

    def drop(self, node: int, dead: Callable[[int], bool]) -> None:
        """Mark ``node`` dead, with every node for which ``dead`` holds and every node under a
        dead one (a node comes after its parent)."""
        marks, parent = self.dead, self.parent
        marks[node] = 1
        for other in range(len(parent)):
            above = parent[other]
            if not marks[other] and ((above >= 0 and marks[above]) or dead(other)):
                marks[other] = 1

    def offer(self, node: int, children: list[Child[Move]]) -> None:
        """Give the node its children (in the order they were made: equal ones keep it) and
        queue it in its cell."""
        if not children:
            return
        packed = self.children[node] = self.packed(node, children)
        cell = self.cell[node]
        heap = self.heaps.get(cell)
        if heap is None:
            heap = self.heaps[cell] = []
            self.cycle.append(cell)
            if self.new_cells_first:
                self.turn = len(self.cycle) - 1
        if not heap:
            heapq.heappush(self.ranked, cell)
            self.cells_changed = True
        order = (self.weight[node] << self.rank_bits) + (packed[0] >> PLACE_BITS + MOVE_BITS)
        heapq.heappush(heap, order << NODE_BITS | node)

    def packed(self, node: int, children: list[Child[Move]]) -> tuple[int, ...]:
        """The children of ``node`` packed, best first (equal ones in the order they were
        made): each its weight, rank, place in ``children`` and packed move."""
        rank_bits = self.rank_bits
        # Each rank value a signed 32-bit field (struct refuses one out of range), its sign bit
        # flipped so that the fields compare as the values do; written out, as this runs for
        # every child of every node. The integers are sorted, not the children: comparing them
        # costs less than a key made for each child and tuples compared.
        fields, signs, pack_move = self.rank_struct.pack, self.rank_signs, self.pack_move
        places: Iterable[tuple[int, Child[Move]]] = enumerate(children)
        if len(children) > POLL_CHILDREN:  # an open room's root: tens of thousands, 0.3 s
            places = _polled(places, self.limits.poll)
        return tuple(
            sorted(
                (
                    (
                        child.weight << rank_bits
                        | int.from_bytes(fields(*child.rank), "big") ^ signs
                    )
                    << PLACE_BITS
                    | place
                )
                << MOVE_BITS
                | pack_move(node, child)
                for place, child in places
            )
        )

    def children_of(self, node: int) -> list[Child[int]]:
        """The node's children not yet made, best first, their moves packed."""
        return [
            self.unpacked(node, packed)
            for packed in self.children[node][self.cursor[node] :]
        ]

    def path(self, node: int) -> list[int]:
        """The packed moves from a root to ``node``, first first."""
        moves: list[int] = []
        while node >= 0:
            via = self.via[node]
            if via != NO_MOVE:
                moves.append(via)
            node = self.parent[node]
        moves.reverse()
        return moves

    def next_child(self) -> tuple[int, Child[int]] | None:
        """The next child to make and its parent's node, its key not yet seen (its weight is
        its path's); None when every cell has run dry. Ticks the limits once per cell looked
        at, before the cell is chosen: a slice that ends there then leaves the turn where it
        was, so a search cut into slices visits its cells in the same order as one run
        straight through."""
        while True:
            self.limits.tick()
            heap = self._next_heap()
            if heap is None:
                return None
            picked = self._take(heap)
            if not heap:
                self.cells_changed = True
            if picked is not None:
                return picked

    def _next_heap(self) -> list[int] | None:
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
        front = self.front
        if self.cells_changed:
            heaps = self.heaps
            front.clear()
            for cell in sorted(self.ranked):
                if heaps.get(cell) and (not front or cell[feature] < front[-1][feature]):
                    front.append(cell)
            self.cells_changed = False
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

    def _take(self, heap: list[int]) -> tuple[int, Child[int]] | None:
        """The cheapest unseen child of the cell's nodes, its node queued again for the
        child after it; None when the cell holds no unseen child."""
        seen = self.seen
        shift = PLACE_BITS + MOVE_BITS
        while heap:
            entry = heapq.heappop(heap)
            node = entry & NODE_MASK
            if self.dead[node]:
                self.children[node] = NO_CHILDREN
                continue
            children = self.children[node]
            index = self.cursor[node]
            while index < len(children):
                key = self.child_key(node, children[index] & MOVE_MASK)
                if key not in seen:
                    break
                index += 1
            else:
                self.children[node] = NO_CHILDREN  # nothing left to make here: let it go
                continue
            base = self.weight[node] << self.rank_bits
            order = base + (children[index] >> shift)
            if order > entry >> NODE_BITS:
                self.cursor[node] = index
                heapq.heappush(heap, order << NODE_BITS | node)
                continue
            self.cursor[node] = index + 1
            if index + 1 < len(children):
                after = base + (children[index + 1] >> shift)
                heapq.heappush(heap, after << NODE_BITS | node)
            return node, self.unpacked(node, children[index], key)
        return None

    def unpacked(self, node: int, packed: int, key: Key | None = None) -> Child[int]:
        """A packed child of ``node`` as a Child, its weight its path's."""
        move = packed & MOVE_MASK
        if key is None:
            key = self.child_key(node, move)
        order = packed >> (PLACE_BITS + MOVE_BITS)
        rank = self._unpack_rank(order & ((1 << self.rank_bits) - 1))
        weight = self.weight[node] + (order >> self.rank_bits)
        return Child(weight, rank, key, key[0], self.region_of(key), move)

    def _unpack_rank(self, packed: int) -> Rank:
        fields = (packed ^ self.rank_signs).to_bytes(self.rank_struct.size, "big")
        return self.rank_struct.unpack(fields)
