"""Pulls, for the backward search from the solved position: a box taken back from its square to
any square it can be pulled to, the other boxes still, and where a box could come from at all.

A pull is a push played backwards: the player stands beside the box and steps away from it
onto a free square, the box following him. Read backwards, a path of pulls is a path of pushes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection

from game.core.board import Board
from game.solver.analysis.board import POLL_SQUARES, Analysis, Poll, bits_of, shift
from game.solver.analysis.player_area import area_after_push

# A pull move of one box: the square it ends on, the player's square and area after it.
PullMove = tuple[int, int, int]


def push_reach(analysis: Analysis, start: int) -> int:
    """The squares a lone box on ``start`` can be pushed to on the empty board, the player
    starting on any side of it (``analysis`` must hold its side groups)."""
    side_groups, offsets, floor = analysis.side_groups, analysis.offsets, analysis.floor
    seen: set[tuple[int, int]] = set()
    queue: deque[tuple[int, int]] = deque()
    for side in range(4):
        if side_groups[start][side]:
            queue.append((start, side))
    reached = 1 << start
    while queue:
        box, side = queue.popleft()
        if (box, side) in seen:
            continue
        group = side_groups[box][side]
        for index in range(4):
            if group >> index & 1:
                seen.add((box, index))
        for index in range(4):
            # The player on side ``index`` pushes the box away from him.
            target = box - offsets[index]
            if group >> index & 1 and floor >> target & 1 and (target, index) not in seen:
                reached |= 1 << target
                queue.append((target, index))
    return reached


def pull_dead_squares(board: Board, starts: Collection[int], player: int) -> frozenset[int]:
    """Squares of the floor (as the player on ``player`` sees it) from which a box can never be
    pulled back to any of the boxes' start squares ``starts``: reverse play's dead squares.

    A box pulled from a square to a start is a box pushed from that start to the square, so
    the live squares are those a lone box on some start can be pushed to; boxes in the way
    only take squares away, so every square called dead is dead.
    """
    analysis = Analysis(board, player)
    live = 0
    for start in starts:
        if analysis.floor >> start & 1:  # a box walled off from the player never moves
            live |= push_reach(analysis, start)
    return frozenset(bits_of(analysis.floor & ~live))


def loose_reach(start: int, free: int, offsets: tuple[int, ...]) -> int:
    """The squares a box on the squares of ``start`` reaches by pushes over ``free``, where a
    push needs only the square behind the box free (whether the player can walk there is not
    asked: a quick bound from above, one bitboard step a push)."""
    reached = start
    frontier = start
    while frontier:
        grown = 0
        for offset in offsets:
            # Box on x, player on x - offset, box to x + offset.
            pushable = frontier & shift(free, offset) & shift(free, -offset)
            grown |= shift(pushable, offset)
        frontier = grown & ~reached
        reached |= frontier
    return reached


def pull_moves(
    analysis: Analysis, boxes: int, region: int, box: int, allowed: int, poll: Poll
) -> list[PullMove]:
    """Every place the box on ``box`` can be pulled to over the squares of ``allowed``, the
    other boxes standing still and the player starting in ``region``: per square and player's
    area, one move (the box's square, the player's square, his area)."""
    width, offsets = analysis.width, analysis.offsets
    free = analysis.floor & ~(boxes & ~(1 << box))
    # Per square, the player's areas found with the box there, joined (they are disjoint: each
    # a piece of the free squares around the box).
    areas: dict[int, int] = {box: region}
    queue: deque[tuple[int, int]] = deque([(box, region)])
    moves: list[PullMove] = []
    squares = 0  # the clock is read at the first square and once in POLL_SQUARES after
    while queue:
        if not squares % POLL_SQUARES:
            poll()
        squares += 1
        at, area = queue.popleft()
        for offset in offsets:
            ahead = at + offset  # the player stands here and the box comes here
            back = ahead + offset  # the player steps back onto this square
            if not area >> ahead & 1 or not free >> back & 1 or not allowed >> ahead & 1:
                continue
            known = areas.get(ahead, 0)
            if known >> back & 1:
                continue
            # His area after, from his area before: he stood on the square the box comes to.
            moved = area_after_push(area, back, ahead, free & ~(1 << ahead), width)
            areas[ahead] = known | moved
            queue.append((ahead, moved))
            moves.append((ahead, back, moved))
    return moves


def can_pull(boxes: int, region: int, free: int, offsets: tuple[int, ...]) -> bool:
    """Whether some box can be pulled at all: the player beside it with a free square behind
    him."""
    return any(boxes & shift(region, -offset) & shift(free, -2 * offset) for offset in offsets)


def walk_distance(floor: int, width: int, source: int, target: int, most: int) -> int:
    """Steps from ``source`` to ``target`` over ``floor`` (no boxes), counted up to ``most``."""
    reached = frontier = 1 << source
    steps = 0
    while steps < most and not reached >> target & 1 and frontier:
        grown = (frontier << 1 | frontier >> 1 | frontier << width | frontier >> width) & floor
        frontier = grown & ~reached
        reached |= frontier
        steps += 1
    return steps


def sinks_of(
    boxes: int, bases: int, free: int, offsets: tuple[int, ...],
    reach_of: dict[int, int] | None, poll: Poll,
) -> int:
    """The bases of the largest groups of bases a box can be pushed among both ways, the
    ``boxes`` standing still (a quick bound: a push needs only the square behind the box
    ``free``), or, given ``reach_of`` (per base, where a lone box there can be pushed), a lone
    box with the player walking round it, the other boxes left out; a base under a box is a
    group of its own.

    With the boxes standing, XSokoban 18's largest group is three bases in a cramped corner
    that no pull reaches, and no box retires in 12 s; with a lone box its group is five bases
    and all eleven boxes retire within 600 nodes. On 50 the lone box's groups give another
    plan, which the forward search does not finish in a minute."""
    reach: dict[int, int] = {}
    for base in bits_of(bases):
        poll()
        if boxes >> base & 1:
            reach[base] = 1 << base
        elif reach_of is not None:
            reach[base] = reach_of[base]
        else:
            reach[base] = loose_reach(1 << base, free, offsets)
    groups: list[int] = []
    left = bases
    for base in bits_of(bases):
        if not left >> base & 1:
            continue
        group = 1 << base
        for other in bits_of(left & reach[base] & ~group):
            if reach[other] >> base & 1:
                group |= 1 << other
        left &= ~group
        groups.append(group)
    largest = max(group.bit_count() for group in groups)
    sinks = 0
    for group in groups:
        if group.bit_count() == largest:
            sinks |= group
    return sinks
