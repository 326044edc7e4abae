"""Shortest walks for the player and fewest-push routes for a single box.

Used by click-to-walk and click-to-push in play, and to turn solver pushes into player steps.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection
from itertools import pairwise

from game.core.board import Board
from game.core.direction import Direction

DIRECTIONS = (Direction.LEFT, Direction.UP, Direction.RIGHT, Direction.DOWN)


def _offsets(board: Board) -> list[tuple[Direction, int]]:
    return [(d, d.dx + d.dy * board.width) for d in DIRECTIONS]


def reachable(board: Board, boxes: Collection[int], start: int) -> set[int]:
    """Every square the player can walk to from ``start`` without pushing."""
    seen = {start}
    frontier = [start]
    offsets = [offset for _, offset in _offsets(board)]
    tiles_ok = board.is_walkable
    while frontier:
        square = frontier.pop()
        for offset in offsets:
            nxt = square + offset
            if nxt not in seen and tiles_ok(nxt) and nxt not in boxes:
                seen.add(nxt)
                frontier.append(nxt)
    return seen


def walk_path(
    board: Board, boxes: Collection[int], start: int, target: int
) -> list[Direction] | None:
    """The shortest walk from ``start`` to ``target`` around the boxes, or None."""
    if start == target:
        return []
    if not board.is_walkable(target) or target in boxes:
        return None
    came: dict[int, tuple[int, Direction]] = {}
    queue = deque([start])
    offsets = _offsets(board)
    while queue:
        square = queue.popleft()
        for direction, offset in offsets:
            nxt = square + offset
            if nxt in came or nxt == start or not board.is_walkable(nxt) or nxt in boxes:
                continue
            came[nxt] = (square, direction)
            if nxt == target:
                return _unwind(came, start, target)
            queue.append(nxt)
    return None


def _unwind(came: dict[int, tuple[int, Direction]], start: int, target: int) -> list[Direction]:
    path: list[Direction] = []
    square = target
    while square != start:
        square, direction = came[square]
        path.append(direction)
    path.reverse()
    return path


def push_path(
    board: Board, boxes: Collection[int], player: int, box: int, target: int
) -> list[Direction] | None:
    """Steps that push the box on ``box`` to ``target`` with the fewest pushes, or None.

    Other boxes stay where they are; walks between pushes are shortest walks.
    """
    if box == target:
        return []
    if not board.is_walkable(target) or (target in boxes and target != box):
        return None
    others = set(boxes) - {box}
    offsets = _offsets(board)
    # A state is the box square and the player's square; after a push he stands where it was.
    start = (box, player)
    parent: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    queue = deque([start])
    found: tuple[int, int] | None = None
    while queue and found is None:
        box_at, player_at = queue.popleft()
        region = reachable(board, others | {box_at}, player_at)
        for _, offset in offsets:
            behind, ahead = box_at - offset, box_at + offset
            if behind not in region or not board.is_walkable(ahead) or ahead in others:
                continue
            state = (ahead, box_at)
            if state in parent:
                continue
            parent[state] = (box_at, player_at)
            if ahead == target:
                found = state
                break
            queue.append(state)
    if found is None:
        return None
    chain: list[tuple[int, int]] = []
    node: tuple[int, int] | None = found
    while node is not None:
        chain.append(node)
        node = parent[node]
    chain.reverse()
    steps: list[Direction] = []
    for (box_at, player_at), (ahead, _) in pairwise(chain):
        direction = _direction_between(board, box_at, ahead)
        behind = box_at - (ahead - box_at)
        walk = walk_path(board, others | {box_at}, player_at, behind)
        assert walk is not None  # the search only keeps pushes whose square is reachable
        steps.extend(walk)
        steps.append(direction)
    return steps


def _direction_between(board: Board, source: int, target: int) -> Direction:
    for direction, offset in _offsets(board):
        if source + offset == target:
            return direction
    raise ValueError("squares are not neighbours")
