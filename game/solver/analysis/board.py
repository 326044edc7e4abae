"""Static analysis of a board for the solver: bitboards, push distances, dead squares, tunnels.

Squares keep the board's flat index ``y * width + x``; a set of squares is a Python int with bit
``i`` set for square ``i``, so reachability and move generation are a handful of shifts and masks.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property

from game.core.board import Board
from game.core.paths import DIRECTIONS
from game.core.push import Push

UNREACHABLE = 1 << 20  # a push distance larger than any real one
# Called between small pieces of work (each well under a millisecond on a 100x100 board);
# a solve's poll raises StopSearch once its time is up, it is cancelled or over its memory.
Poll = Callable[[], None]
# How many squares a box's moves or pulls (a breadth-first search per box) take between two
# polls: at every square the clock's reads took 3% of `fast`'s time on XSokoban 39, and only at
# each box left 0.5 s between reads in a 100x100 room.
POLL_SQUARES = 32


def no_stop() -> None:
    """The poll of work outside a solve: nothing ever stops it."""


def bits_of(mask: int) -> Iterator[int]:
    """The squares of a bitboard, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(squares: Iterable[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


def shift(mask: int, offset: int) -> int:
    """Move every square of ``mask`` by ``offset`` (negative offsets move backwards)."""
    return mask << offset if offset > 0 else mask >> -offset


def flood(start: int, free: int, width: int) -> int:
    """Every square of ``free`` connected to the squares of ``start`` (a bitboard fill).

    Each round steps north and south, then west one square and east to the end of each run
    of free squares at once: adding the squares to ``free`` carries along the run. (A square
    at a row's end and the next row's first are beside each other, as for a shift by one;
    a level's floor is walled in, so none of them are both free.)"""
    region = start & free
    while True:
        upright = (region | region << width | region >> width) & free
        grown = ((free + upright) ^ free | upright | upright >> 1) & free
        if grown == region:
            return region
        region = grown


def reaches(start: int, square: int, free: int, width: int) -> bool:
    """Whether ``square`` is connected to ``start`` over ``free`` (both squares in it)."""
    return bool(fill_until(1 << start, 1 << square, free, width) >> square & 1)


def fill_until(start: int, wanted: int, free: int, width: int) -> int:
    """The squares of ``free`` connected to those of ``start`` (all in it), filled as in
    :func:`flood` but stopping once they hold every square of ``wanted``: mostly a few steps
    for squares nearby. Short of them, it is the whole of ``start``'s area."""
    region = start
    while region & wanted != wanted:
        upright = (region | region << width | region >> width) & free
        grown = ((free + upright) ^ free | upright | upright >> 1) & free
        if grown == region:
            return region
        region = grown
    return region


def sides_connected(square: int, floor: int, offsets: tuple[int, ...], width: int) -> list[int]:
    """For each direction, a bitmask of the directions whose neighbour the player can walk to
    from that neighbour while a box stands on ``square`` and he walks on ``floor`` (0 where
    the neighbour is not on ``floor``)."""
    free = floor & ~(1 << square)
    groups = [0, 0, 0, 0]
    regions: list[int] = []
    for index, offset in enumerate(offsets):
        side = square + offset
        if not free >> side & 1:
            continue
        region = next((r for r in regions if r >> side & 1), 0)
        if not region:
            region = flood(1 << side, free, width)
            regions.append(region)
        groups[index] = region
    return [sum(1 << j for j in range(4) if groups[i] and groups[i] == groups[j]) for i in range(4)]


def side_groups_over(
    floor: int, offsets: tuple[int, ...], width: int, poll: Poll
) -> dict[int, list[int]]:
    """:func:`sides_connected` for every square of ``floor``."""
    groups: dict[int, list[int]] = {}
    for square in bits_of(floor):
        poll()
        groups[square] = sides_connected(square, floor, offsets, width)
    return groups


def goal_reach(
    goals: Iterable[int], distances: Iterable[list[int]], squares: Iterable[int], size: int,
    poll: Poll,
) -> list[int]:
    """Per square of ``squares``, the goals (a bitboard) whose distance row in ``distances``
    (one per goal, in the same order) is finite there."""
    reach = [0] * size
    square_list = list(squares)
    for goal, distance in zip(goals, distances, strict=True):
        poll()
        bit = 1 << goal
        for square in square_list:
            if distance[square] < UNREACHABLE:
                reach[square] |= bit
    return reach


def pull_distances(
    goal: int,
    floor: int,
    side_groups: dict[int, list[int]],
    offsets: tuple[int, ...],
    size: int,
    poll: Poll = no_stop,
) -> list[int]:
    """Fewest pushes of a lone box from each square of ``floor`` to ``goal`` (found by pulling
    it backwards); ``side_groups`` holds :func:`sides_connected` for every square of it."""
    return lone_box_distances((goal,), floor, side_groups, offsets, size, poll, pull=True)


def lone_box_distances(
    starts: Iterable[int],
    floor: int,
    side_groups: dict[int, list[int]],
    offsets: tuple[int, ...],
    size: int,
    poll: Poll = no_stop,
    pull: bool = True,
) -> list[int]:
    """Fewest pushes of a lone box between each square of ``floor`` and the nearest of
    ``starts``: to it when ``pull`` (the box is pulled back from the starts), else from it;
    the player may stand on any side of a start box he can reach."""
    distance = [UNREACHABLE] * size
    seen = bytearray(size * 4)
    queue: deque[tuple[int, int, int]] = deque()
    for start in starts:
        for side in range(4):
            if side_groups[start][side]:
                queue.append((start, side, 0))
    popped = 0
    while queue:
        popped += 1
        if not popped & 255:
            poll()
        box, side, pushes = queue.popleft()
        if seen[box * 4 + side]:
            continue
        group = side_groups[box][side]
        for other in range(4):
            if group >> other & 1:
                seen[box * 4 + other] = 1
        if pushes < distance[box]:
            distance[box] = pushes
        for other in range(4):
            if not group >> other & 1:
                continue
            offset = offsets[other]
            if pull:
                # The player stands at box+offset and steps back to box+2*offset.
                if floor >> (box + 2 * offset) & 1 and not seen[(box + offset) * 4 + other]:
                    queue.append((box + offset, other, pushes + 1))
            # The player stands at box+offset and pushes the box to box-offset, where he
            # then stands on the same side of it.
            elif floor >> (box - offset) & 1 and not seen[(box - offset) * 4 + other]:
                queue.append((box - offset, other, pushes + 1))
    return distance


class Analysis:
    """Everything about a board that does not depend on where the boxes stand.

    ``floor`` is the area the player could walk if there were no boxes (found from ``start``,
    or every walkable square when no start is given). Push distances come from a backward
    search of pulls from each goal that keeps track of which side of the box the player can
    reach, so they are exact for a lone box and a lower bound otherwise.

    ``poll`` is called between pieces of the work (and kept for the searches that use the
    analysis); without ``distances`` only the floor is worked out and every square is live.
    """

    def __init__(
        self,
        board: Board,
        start: int | None = None,
        poll: Poll = no_stop,
        distances: bool = True,
    ) -> None:
        self.board = board
        self.poll = poll
        self.width = width = board.width
        walkable = mask_of(board.walkable_squares())
        self.floor = flood(1 << start, walkable, width) if start is not None else walkable
        self.offsets = tuple(board.offset(d) for d in DIRECTIONS)
        self.squares = list(bits_of(self.floor))
        self.goals = mask_of(g for g in board.goals if self.floor >> g & 1)
        self.goal_list = list(bits_of(self.goals))
        size = board.width * board.height
        self.side_groups: dict[int, list[int]] = {}
        self.distance: list[list[int]] = []
        self.nearest = [0] * size
        self.dead = 0
        self.live = self.floor
        if distances:
            self._find_distances(size)
        self.walls_h = self._walled_sides(0)  # walls left and right
        self.walls_v = self._walled_sides(1)  # walls above and below

    @cached_property
    def pushed_from(self) -> dict[int, tuple[tuple[int, int, int], ...]]:
        """Per floor square, where a box pushed onto it comes from: (its square, the player's
        behind it, the direction index of the push), both on the floor, in direction order.
        Made when first asked: only the forward searches' packing advisor reads it."""
        floor = self.floor
        table: dict[int, tuple[tuple[int, int, int], ...]] = {}
        for square in self.squares:
            found = []
            for index, offset in enumerate(self.offsets):
                source, behind = square + offset, square + 2 * offset
                if floor >> source & 1 and floor >> behind & 1:
                    found.append((source, behind, (index + 2) % 4))
            table[square] = tuple(found)
        return table

    @cached_property
    def box_pushes(self) -> dict[int, tuple[tuple[int, int, int, Push], ...]]:
        """Per floor square, the pushes of a box there that may be made: (the square ahead,
        live; the player's behind, on the floor; the direction index; the push, made once and
        shared). Made when first asked: only box moves read it."""
        live, floor = self.live, self.floor
        table: dict[int, tuple[tuple[int, int, int, Push], ...]] = {}
        for square in self.squares:
            found = []
            for index, offset in enumerate(self.offsets):
                ahead, behind = square + offset, square - offset
                if live >> ahead & 1 and floor >> behind & 1:
                    found.append((ahead, behind, index, Push(square, DIRECTIONS[index])))
            table[square] = tuple(found)
        return table

    def _find_distances(self, size: int) -> None:
        poll, floor, offsets = self.poll, self.floor, self.offsets
        self.side_groups = side_groups_over(floor, offsets, self.width, poll)
        for goal in self.goal_list:
            self.distance.append(
                pull_distances(goal, floor, self.side_groups, offsets, size, poll)
            )
        # For every square, the nearest goal's distance (UNREACHABLE for a dead square).
        nearest = self.nearest
        for sq in range(size):
            if not sq & 63:
                poll()
            nearest[sq] = min((d[sq] for d in self.distance), default=UNREACHABLE)
        self.dead = mask_of(sq for sq in self.squares if self.nearest[sq] >= UNREACHABLE)
        self.live = self.floor & ~self.dead

    def _walled_sides(self, axis: int) -> int:
        """Squares with a non-floor square on both sides along ``axis`` (0 horizontal)."""
        step = 1 if axis == 0 else self.width
        mask = 0
        for sq in self.squares:
            if not self.floor >> (sq - step) & 1 and not self.floor >> (sq + step) & 1:
                mask |= 1 << sq
        return mask
