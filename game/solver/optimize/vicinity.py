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
from game.solver.analysis.board import Analysis, bits_of, mask_of, shift
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
        self.goals = mask_of(board.goals)
        self.neighbours: list[tuple[int, ...]] = [()] * self.size
        for square in analysis.squares:
            self.neighbours[square] = tuple(
                square + offset for offset in self.offsets if self.floor >> (square + offset) & 1
            )
        self._near: dict[int, dict[int, list[int]]] = {}

    def pushes_after_walks(self, player: int, boxes: int) -> list[tuple[int, int, int]]:
        """Every push ``player`` can make in layout ``boxes``: (the steps he walks to it, the
        box's square, the direction's index), nearest first."""
        width, offsets = self.width, self.offsets
        walkable = self.floor & ~boxes
        landing = self.live & ~boxes
        # Per direction, the squares the player pushes from: behind a box whose next square
        # is free and live.
        behind = [
            shift(boxes & shift(landing, -offset), -offset) & walkable for offset in offsets
        ]
        wanted = behind[0] | behind[1] | behind[2] | behind[3]
        found: list[tuple[int, int, int]] = []
        frontier = 1 << player
        unseen = walkable & ~frontier
        distance = 0
        # Breadth first a layer at a time, as bitboards: the walls round every board keep a
        # shift from wrapping a square onto the next row's floor.
        while frontier:
            reached = frontier & wanted
            if reached:
                wanted ^= reached
                for way, offset in enumerate(offsets):
                    here = reached & behind[way]
                    while here:
                        low = here & -here
                        square = low.bit_length() - 1
                        found.append((distance, square + offset, way))
                        here ^= low
                if not wanted:
                    break
            distance += 1
            frontier = (
                (frontier << 1) | (frontier >> 1) | (frontier << width) | (frontier >> width)
            ) & unseen
            unseen ^= frontier
        return found

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
        walk = next(
            steps for steps, box, towards in grid.pushes_after_walks(player, boxes)
            if (box, towards) == (square, way)
        )
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

    A*: every push costs at least what a push without a walk costs, so the pushes a layout
    needs in :func:`pushes_to_go`, at that cost each, never overestimate what is left."""
    lines = order in (MetricOrder.BOX_LINES, MetricOrder.BOX_CHANGES)
    offsets = grid.offsets
    to_go = pushes_to_go(grid, allowed, limits)
    unit = push_cost(order, 0, False, False)
    State = tuple[int, int, int]  # layout, player, the last push's direction (line metrics)
    start: State = (mask_of(level.boxes), level.player, -1)
    if start[0] not in to_go:
        return None
    best: dict[State, int] = {start: 0}
    came: dict[State, tuple[State, IndexedPush]] = {}
    # Entries: the cost so far plus the estimate, a tie-break, the cost so far, the state.
    queue: list[tuple[int, int, int, State]] = [(to_go[start[0]] * unit, 0, 0, start)]
    pushed = 0
    while queue:
        _, _, cost, state = heapq.heappop(queue)
        if best[state] < cost:
            continue
        boxes, player, last_way = state
        if boxes == grid.goals:
            return _unwind(came, state)
        limits.tick()
        last_box = player + offsets[last_way] if last_way >= 0 else -1
        for walk, box, way in grid.pushes_after_walks(player, boxes):
            after = boxes ^ (1 << box | 1 << (box + offsets[way]))
            still = to_go.get(after, -1)
            if still < 0:  # not allowed, or no way on to the goals through allowed ones
                continue
            change = last_box >= 0 and box != last_box
            total = cost + push_cost(order, walk, change, change or way != last_way)
            following: State = (after, box, way if lines else -1)
            estimate = total + still * unit
            if estimate > bound or total >= best.get(following, total + 1):
                continue
            best[following] = total
            came[following] = (state, (box, way))
            pushed += 1
            heapq.heappush(queue, (estimate, pushed, total, following))
    return None


def pushes_to_go(grid: Grid, allowed: set[int], limits: Limits) -> dict[int, int]:
    """The fewest pushes from each allowed layout to the goals through allowed layouts, the
    player left out (he is put wherever a push needs him); layouts that cannot get there are
    left out.

    A breadth-first search of pulls back from the goals: a push takes at least as many pushes
    with the player as without, so this never overestimates, and it prunes every layout of the
    vicinity that leads nowhere."""
    if grid.goals not in allowed:
        return {}
    to_go = {grid.goals: 0}
    frontier = [grid.goals]
    floor, steps = grid.floor, 0
    while frontier:
        steps += 1
        reached: list[int] = []
        for layout in frontier:
            limits.poll()
            free = floor & ~layout
            for offset in grid.offsets:
                # A box on t pulled to t - offset: it came from there, pushed by a player on
                # t - 2 * offset, both squares free now.
                pulled = layout & shift(free, offset) & shift(free, 2 * offset)
                for box in bits_of(pulled):
                    before = layout ^ (1 << box | 1 << (box - offset))
                    if before in allowed and before not in to_go:
                        to_go[before] = steps
                        reached.append(before)
        frontier = reached
    return to_go


def _unwind(came: dict[tuple[int, int, int], tuple[tuple[int, int, int], IndexedPush]],
            state: tuple[int, int, int]) -> list[IndexedPush]:
    pushes: list[IndexedPush] = []
    while state in came:
        state, push = came[state]
        pushes.append(push)
    pushes.reverse()
    return pushes
