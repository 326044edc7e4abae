"""Vicinity search, after Sébastien Gouëzel's method as the JSoko and YASC optimizers use it: the
box layouts along a solution and those a few boxes away from them, searched for the cheapest path.

A layout is a bitboard of box squares (bit ``y * width + x``); a node of the search is a layout,
the player's square and, for the line metrics, the direction of the last push.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from game.core.level import Level
from game.core.metrics import MetricOrder
from game.core.paths import DIRECTIONS
from game.core.push import IndexedPush
from game.solver.analysis.board import Analysis, bits_of, mask_of
from game.solver.result import Limits

# Each metric of a cost tuple takes this many bits of one integer, so that Dijkstra compares
# plain integers; no solution comes near 2**24 moves (notation caps a LURD at 10**6).
_FIELD = 1 << 24


@dataclass(frozen=True)
class Vicinity:
    """Which layouts the search may pass through besides the solution's own.

    ``boxes`` (1 to 3) boxes of a layout along the solution may each stand up to ``radius``
    box steps from their square there; at most ``max_layouts`` layouts in all, shared evenly
    among the solution's layouts (moves of fewer boxes, and of boxes close together, first).
    """

    boxes: int = 2
    radius: int = 3
    max_layouts: int = 200_000

    def __post_init__(self) -> None:
        if not 1 <= self.boxes <= 3:
            raise ValueError(f"a vicinity moves 1 to 3 boxes, not {self.boxes}")
        if self.radius < 1 or self.max_layouts < 1:
            raise ValueError("a vicinity needs a radius and a layout count of at least 1")


class Grid:
    """What the optimizer needs to know of a board: the player's floor, its neighbours, the
    squares a box may never stand on, and the walking distances in a layout."""

    def __init__(self, level: Level, limits: Limits) -> None:
        board = level.board
        analysis = Analysis(board, level.player, limits.poll)
        self.width = board.width
        self.size = board.width * board.height
        self.offsets = tuple(board.offset(direction) for direction in DIRECTIONS)
        self.floor = analysis.floor
        self.live = analysis.live
        # Pushes from each square to the nearest goal for a lone box: a lower bound on what a
        # box there still needs, so their sum guides the search (A*) and prunes it.
        self.nearest = analysis.nearest
        self.goals = mask_of(board.goals)
        self.neighbours: list[tuple[int, ...]] = [()] * self.size
        for square in analysis.squares:
            self.neighbours[square] = tuple(
                square + offset for offset in self.offsets if self.floor >> (square + offset) & 1
            )
        # Per floor square, the pushes a box there may get: (direction index, the square the
        # player pushes from, the live square the box goes to).
        self.pushes: list[tuple[tuple[int, int, int], ...]] = [()] * self.size
        for square in analysis.squares:
            self.pushes[square] = tuple(
                (way, square - offset, square + offset)
                for way, offset in enumerate(self.offsets)
                if self.live >> (square + offset) & 1 and self.floor >> (square - offset) & 1
            )
        self._near: dict[int, dict[int, list[int]]] = {}

    def walks_to_boxes(self, player: int, boxes: int) -> dict[int, int]:
        """Steps from ``player`` to each square next to a box of layout ``boxes`` that he can
        walk to in that layout (the squares he may push from)."""
        width = self.width
        walkable = self.floor & ~boxes
        wanted = ((boxes << 1) | (boxes >> 1) | (boxes << width) | (boxes >> width)) & walkable
        steps: dict[int, int] = {}
        frontier = 1 << player
        unseen = walkable & ~frontier
        distance = 0
        # Breadth first a layer at a time, as bitboards: the walls round every board keep a
        # shift from wrapping a square onto the next row's floor.
        while frontier:
            reached = frontier & wanted
            if reached:
                for square in bits_of(reached):
                    steps[square] = distance
                wanted ^= reached
                if not wanted:
                    break
            distance += 1
            frontier = (
                (frontier << 1) | (frontier >> 1) | (frontier << width) | (frontier >> width)
            ) & unseen
            unseen ^= frontier
        return steps

    def near(self, square: int, radius: int) -> list[int]:
        """The live squares a box on ``square`` could reach in at most ``radius`` steps if
        nothing stood in its way (``square`` itself left out), nearest first."""
        cached = self._near.setdefault(radius, {})
        found = cached.get(square)
        if found is None:
            steps = {square: 0}
            frontier = [square]
            found = []
            for step in range(1, radius + 1):
                reached = []
                for near in (n for sq in frontier for n in self.neighbours[sq]):
                    if near not in steps:
                        steps[near] = step
                        reached.append(near)
                found.extend(sq for sq in reached if self.live >> sq & 1)
                frontier = reached
            cached[square] = found
        return found


def vicinity_layouts(
    grid: Grid, layouts: Sequence[int], vicinity: Vicinity, limits: Limits
) -> set[int]:
    """The layouts along the solution and those that move up to ``vicinity.boxes`` of a
    layout's boxes to squares near them."""
    allowed = set(layouts)
    distinct = list(dict.fromkeys(layouts))
    share = max(1, vicinity.max_layouts // len(distinct))
    for layout in distinct:
        if len(allowed) >= vicinity.max_layouts:
            break
        budget = len(allowed) + share
        movable = list(bits_of(layout & grid.floor))
        for count in range(1, vicinity.boxes + 1):
            for group in _groups(grid, movable, count, vicinity.radius):
                limits.poll()
                _add_moved(grid, layout, group, vicinity.radius, allowed, budget)
                if len(allowed) >= budget:
                    break
            if len(allowed) >= budget:
                break
    return allowed


def _groups(grid: Grid, boxes: list[int], count: int, radius: int) -> list[tuple[int, ...]]:
    """The groups of ``count`` boxes whose moves could meet (every two of them within reach
    of a common square), the closest groups first."""
    width = grid.width

    def apart(first: int, second: int) -> int:
        return abs(first % width - second % width) + abs(first // width - second // width)

    groups = [
        group for group in combinations(boxes, count)
        if all(apart(a, b) <= 2 * radius + 1 for a, b in combinations(group, 2))
    ]
    groups.sort(key=lambda group: sum(apart(a, b) for a, b in combinations(group, 2)))
    return groups


def _add_moved(
    grid: Grid, layout: int, group: tuple[int, ...], radius: int, allowed: set[int], budget: int
) -> None:
    """Add to ``allowed`` the layouts with each box of ``group`` moved to a square near it."""
    base = layout & ~mask_of(group)
    for squares in product(*(grid.near(box, radius) for box in group)):
        moved = mask_of(squares)
        if moved & base or moved.bit_count() < len(group):
            continue
        allowed.add(base | moved)
        if len(allowed) >= budget:
            return


def layouts_along(level: Level, pushes: Iterable[IndexedPush], offsets: Sequence[int]) -> list[int]:
    """The box layouts before the first push and after each push."""
    layout = mask_of(level.boxes)
    layouts = [layout]
    for square, way in pushes:
        layout ^= 1 << square | 1 << (square + offsets[way])
        layouts.append(layout)
    return layouts


def push_cost(order: MetricOrder, walk: int, change: bool, line: bool) -> int:
    """The cost of one push after a walk of ``walk`` steps, as one integer that compares like
    the order's key (its leading metrics, which a search of pushes can count)."""
    if order is MetricOrder.MOVES:
        return (walk + 1) * _FIELD + 1
    if order is MetricOrder.PUSHES:
        return _FIELD + walk + 1
    if order is MetricOrder.BOX_LINES:
        return (line * _FIELD + 1) * _FIELD + walk + 1
    return ((change * _FIELD + line) * _FIELD + 1) * _FIELD + walk + 1


def path_cost(grid: Grid, level: Level, pushes: Sequence[IndexedPush], order: MetricOrder) -> int:
    """The cost of ``pushes`` walked by shortest walks, as :func:`push_cost` counts it."""
    boxes, player, cost = mask_of(level.boxes), level.player, 0
    last_box = last_way = -1
    for square, way in pushes:
        offset = grid.offsets[way]
        walk = grid.walks_to_boxes(player, boxes)[square - offset]
        change = last_box >= 0 and square != last_box
        cost += push_cost(order, walk, change, change or way != last_way)
        boxes ^= 1 << square | 1 << (square + offset)
        player, last_box, last_way = square, square + offset, way
    return cost


def cheapest_path(
    grid: Grid,
    level: Level,
    allowed: set[int],
    order: MetricOrder,
    bound: int,
    limits: Limits,
) -> list[IndexedPush] | None:
    """The cheapest pushes from the level's start to every box on a goal that pass only
    through ``allowed`` layouts, when cheaper than ``bound``; None otherwise.

    A*: every push costs at least one push's share of the packed cost, so the boxes' pushes
    to their nearest goals, at that share each, never overestimate what is left."""
    lines = order in (MetricOrder.BOX_LINES, MetricOrder.BOX_CHANGES)
    offsets, nearest = grid.offsets, grid.nearest
    State = tuple[int, int, int]  # layout, player, the last push's direction (line metrics)
    start: State = (mask_of(level.boxes), level.player, -1)
    best: dict[State, int] = {start: 0}
    came: dict[State, tuple[State, IndexedPush]] = {}
    left = sum(nearest[box] for box in level.boxes)
    # Entries: the cost so far plus the estimate, a tie-break, the cost so far, the pushes
    # estimated to be left, the state.
    queue: list[tuple[int, int, int, int, State]] = [(left * _FIELD, 0, 0, left, start)]
    pushed = 0
    while queue:
        _, _, cost, left, state = heapq.heappop(queue)
        if best[state] < cost:
            continue
        boxes, player, last_way = state
        if boxes == grid.goals:
            return _unwind(came, state)
        limits.tick()
        distance = grid.walks_to_boxes(player, boxes)
        last_box = player + offsets[last_way] if last_way >= 0 else -1
        for box in bits_of(boxes & grid.floor):
            for way, behind, target in grid.pushes[box]:
                walk = distance.get(behind, -1)
                if walk < 0 or boxes >> target & 1:
                    continue
                after = boxes ^ (1 << box | 1 << target)
                if after not in allowed:
                    continue
                change = last_box >= 0 and box != last_box
                total = cost + push_cost(order, walk, change, change or way != last_way)
                following: State = (after, box, way if lines else -1)
                still = left - nearest[box] + nearest[target]
                estimate = total + still * _FIELD
                if estimate > bound or total >= best.get(following, total + 1):
                    continue
                best[following] = total
                came[following] = (state, (box, way))
                pushed += 1
                heapq.heappush(queue, (estimate, pushed, total, still, following))
    return None


def _unwind(came: dict[tuple[int, int, int], tuple[tuple[int, int, int], IndexedPush]],
            state: tuple[int, int, int]) -> list[IndexedPush]:
    pushes: list[IndexedPush] = []
    while state in came:
        state, push = came[state]
        pushes.append(push)
    pushes.reverse()
    return pushes
