"""Shortest walks for the player and the squares he can reach.

Used by click-to-walk in play and to turn solver pushes into player steps.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable

from game.core.board import Board
from game.core.direction import Direction

DIRECTIONS = (Direction.LEFT, Direction.UP, Direction.RIGHT, Direction.DOWN)


def _offsets(board: Board) -> list[tuple[Direction, int]]:
    return [(d, board.offset(d)) for d in DIRECTIONS]


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


def grid_region(
    width: int, height: int, starts: Iterable[int], can_enter: Callable[[int], bool]
) -> set[int]:
    """The squares (``y * width + x``) joined to ``starts`` by steps left, right, up and down
    inside the grid onto squares ``can_enter`` accepts; the starts themselves included."""
    seen = set(starts)
    stack = list(seen)
    while stack:
        square = stack.pop()
        x, y = square % width, square // width
        for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            near = ny * width + nx
            if 0 <= nx < width and 0 <= ny < height and near not in seen and can_enter(near):
                seen.add(near)
                stack.append(near)
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
