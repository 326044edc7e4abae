"""How much searching a level takes: a greedy push search of the generator's own, in nodes.

The rating's effort term is measured here, not with game.solver, so a level's rating (and the
campaign's stored ones) stays the same however the game's solver improves.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from game.core.level import Level
from game.core.push import from_indexed, lurd_of_pushes
from game.levelgen.bitboard import Masks, flood, mask_of, squares_of
from game.levelgen.reverse import Cancelled
from game.solver.analysis.board import shift

# Positions the search may expand; a level it cannot solve within them counts as this many.
EFFORT_NODES = 20_000
# Expansions between two looks at the cancel check: a few milliseconds.
CANCEL_EVERY = 256


@dataclass(frozen=True)
class Effort:
    """The positions the search expanded before it solved the level (the limit if it did not),
    and its solution in LURD ('' if none)."""

    nodes: int
    lurd: str


def push_distances(masks: Masks) -> dict[int, int]:
    """The fewest pushes that take a box alone from each square to the nearest goal; squares
    missing from the result are dead (no box there can reach a goal)."""
    distance = {goal: 0 for goal in squares_of(masks.goals)}
    queue = deque(distance)
    while queue:
        target = queue.popleft()
        for offset in masks.offsets:
            source = target - offset  # a box pushed by +offset from source lands on target
            player = source - offset
            if source not in distance and masks.floor >> source & 1 and masks.floor >> player & 1:
                distance[source] = distance[target] + 1
                queue.append(source)
    return distance


def _frozen(target: int, boxes: int, solid: int, goals: int, width: int) -> bool:
    """True if the box on ``target`` closes a 2x2 block of walls and boxes with a box off its
    goal in it: none of those boxes can ever move again."""
    blocked = solid | boxes
    for side in (-1, 1):
        for row in (-width, width):
            block = (1 << target) | (1 << target + side) | (1 << target + row)
            block |= 1 << target + side + row
            if block & blocked == block and block & boxes & ~goals:
                return True
    return False


def search_effort(
    level: Level, node_limit: int = EFFORT_NODES, cancel: Callable[[], bool] | None = None
) -> Effort:
    """Greedy best-first search over pushes on the sum of each box's push distance to its
    nearest goal, with positions told apart by the boxes and the player's area, dead squares
    and 2x2 freezes pruned. The positions expanded measure how far pushing each box the
    obvious way misleads; a straight level takes about one per push. Raises Cancelled when
    ``cancel()`` turns true."""
    masks = Masks.of(level.board)
    width, floor, goals = masks.width, masks.floor, masks.goals
    distance = push_distances(masks)
    live = mask_of(distance)
    solid = ~floor
    boxes = mask_of(level.boxes)
    if boxes == goals:
        return Effort(0, "")
    if boxes & ~live:
        return Effort(node_limit, "")
    # Per position: boxes, the player's area, the parent, the box's square before its push
    # and the push's direction (an index into DIRECTIONS).
    region = flood(level.player, floor & ~boxes, width)
    positions: list[tuple[int, int, int, int, int]] = [(boxes, region, -1, -1, -1)]
    seen = {masks.key(boxes, region)}
    frontier = [(sum(distance[box] for box in level.boxes), 0)]
    expanded = 0
    while frontier and expanded < node_limit:
        estimate, index = heapq.heappop(frontier)
        boxes, region, _, _, _ = positions[index]
        expanded += 1
        if cancel is not None and expanded % CANCEL_EVERY == 0 and cancel():
            raise Cancelled
        free = floor & ~boxes
        for way, offset in enumerate(masks.offsets):
            movable = boxes & shift(region, offset) & shift(free & live, -offset)
            for box in squares_of(movable):
                target = box + offset
                child = boxes ^ (1 << box) ^ (1 << target)
                if not goals >> target & 1 and _frozen(target, child, solid, goals, width):
                    continue
                child_region = flood(box, floor & ~child, width)
                key = masks.key(child, child_region)
                if key in seen:
                    continue
                seen.add(key)
                positions.append((child, child_region, index, box, way))
                if child == goals:
                    return Effort(expanded, _lurd(level, positions, len(positions) - 1))
                guess = estimate - distance[box] + distance[target]
                heapq.heappush(frontier, (guess, len(positions) - 1))
    return Effort(node_limit, "")


def _lurd(level: Level, positions: list[tuple[int, int, int, int, int]], last: int) -> str:
    """The pushes that led to position ``last``, joined by shortest walks, in LURD."""
    pushes: list[tuple[int, int]] = []
    index = last
    while positions[index][2] >= 0:
        _, _, parent, box, way = positions[index]
        pushes.append((box, way))
        index = parent
    return lurd_of_pushes(level, from_indexed(reversed(pushes)))
