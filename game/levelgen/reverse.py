"""Reverse play: pull boxes away from their goals to find start positions that must be solvable.

A breadth-first search over pulls from the solved position reaches every start position in the
fewest pulls, which is the fewest pushes that solve it; the search keeps the best-scored start.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from game.core.board import Board
from game.core.metrics import PushTally
from game.core.paths import DIRECTIONS
from game.core.reverse_play import Pull
from game.levelgen.bitboard import Masks, flood, pullable, squares_of
from game.levelgen.score import difficulty
from game.solver.result import CancelCheck

# Positions expanded between two looks at the cancel check: well under a tenth of a second.
CANCEL_EVERY = 512


class Cancelled(Exception):
    """Generation was stopped by its cancel check."""


@dataclass(frozen=True)
class ReverseStart:
    """A start position found by pulling, and the pulls that led to it from the solved one."""

    boxes: frozenset[int]
    player: int
    pulls: tuple[Pull, ...]  # in the order they were made, from the solved position
    counts: PushTally

    @property
    def score(self) -> int:
        counts = self.counts
        return difficulty(counts.pushes, counts.box_changes, counts.box_lines, counts.goal_exits)


class _Node:
    """One position in the pull search, with the counts of the path that first reached it."""

    __slots__ = (
        "box_changes",
        "box_lines",
        "boxes",
        "depth",
        "goal_exits",
        "last_box",
        "last_offset",
        "parent",
        "player",
        "region",
    )

    def __init__(
        self,
        boxes: int,
        player: int,
        region: int,
        parent: _Node | None,
        last_box: int,
        last_offset: int,
        counts: tuple[int, int, int, int],
    ) -> None:
        self.boxes = boxes
        self.player = player
        self.region = region
        self.parent = parent
        self.last_box = last_box  # the square the last pulled box was pulled to; -1 at the root
        self.last_offset = last_offset
        self.depth, self.box_changes, self.box_lines, self.goal_exits = counts


def search_starts(
    board: Board,
    state_limit: int,
    max_boxes_on_goals: int = 0,
    keep: int = 1,
    start: tuple[frozenset[int], int] | None = None,
    cancel: CancelCheck | None = None,
) -> list[ReverseStart]:
    """The ``keep`` best-scored start positions within ``state_limit`` positions of a search.

    The search pulls breadth-first from the solved position with the player in each part of
    the room he could stand in, or from ``start`` (boxes and player) if given; positions are
    told apart by the boxes and the player's region. Starts with more than
    ``max_boxes_on_goals`` boxes already on goals are not kept. From the solved position a
    start's push count is the fewest that solve it. Raises Cancelled when ``cancel()`` is true.
    """
    masks = Masks.of(board)
    width, floor, goals = masks.width, masks.floor, masks.goals

    seen: set[int] = set()
    queue: deque[_Node] = deque()
    if start is not None:
        boxes = sum(1 << square for square in start[0])
        region = flood(start[1], floor & ~boxes, width)
        seen.add(masks.key(boxes, region))
        queue.append(_Node(boxes, start[1], region, None, -1, 0, (0, 0, 0, 0)))
    free = floor & ~goals
    unclaimed = free if start is None else 0
    while unclaimed:
        player = (unclaimed & -unclaimed).bit_length() - 1
        region = flood(player, free, width)
        unclaimed &= ~region
        seen.add(masks.key(goals, region))
        queue.append(_Node(goals, player, region, None, -1, 0, (0, 0, 0, 0)))

    best: list[tuple[int, int, _Node]] = []  # a heap of the kept: (score, order, node)
    expanded = 0
    while queue and len(seen) < state_limit:
        node = queue.popleft()
        expanded += 1
        if cancel is not None and expanded % CANCEL_EVERY == 0 and cancel():
            raise Cancelled
        boxes, region = node.boxes, node.region
        for offset in masks.offsets:
            for box in squares_of(pullable(boxes, region, offset)):
                target = box + offset
                child_boxes = boxes ^ (1 << box) ^ (1 << target)
                player = target + offset
                child_region = flood(player, floor & ~child_boxes, width)
                key = masks.key(child_boxes, child_region)
                if key in seen:
                    continue
                seen.add(key)
                other_box = node.last_box >= 0 and box != node.last_box
                new_line = other_box or offset != node.last_offset or node.last_box < 0
                counts = (
                    node.depth + 1,
                    node.box_changes + other_box,
                    node.box_lines + new_line,
                    node.goal_exits + (goals >> target & 1),
                )
                child = _Node(child_boxes, player, child_region, node, target, offset, counts)
                score = difficulty(*counts)
                queue.append(child)
                if (child_boxes & goals).bit_count() > max_boxes_on_goals:
                    continue
                entry = (score, -len(seen), child)
                if len(best) < keep:
                    heapq.heappush(best, entry)
                elif entry[:2] > best[0][:2]:
                    heapq.heapreplace(best, entry)
    ranked_best = sorted(best, key=lambda entry: entry[:2], reverse=True)
    return [_start_of(board, node) for _, _, node in ranked_best]


def _start_of(board: Board, node: _Node) -> ReverseStart:
    pulls: list[Pull] = []
    walk: _Node | None = node
    while walk is not None and walk.parent is not None:
        offset = walk.last_offset
        direction = next(d for d in DIRECTIONS if board.offset(d) == offset)
        pulls.append(Pull(walk.last_box - offset, direction))
        walk = walk.parent
    pulls.reverse()
    counts = PushTally(
        node.depth, node.box_changes, node.box_lines, sessions=0, goal_exits=node.goal_exits
    )
    return ReverseStart(frozenset(squares_of(node.boxes)), node.player, tuple(pulls), counts)
