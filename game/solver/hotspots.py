"""Hotspots (after Festival): boxes that stand in another box's way, a feature and an advisor
of the forward feature space search.

A box off the goals is a hotspot when some other box off the goals could reach fewer goals if
the first were a wall. What a square blocks is worked out the first time a box stands there.
"""

from __future__ import annotations

from game.solver.analysis import (
    Analysis,
    bits_of,
    flood,
    goal_reach,
    pull_distances,
    sides_connected,
)
from game.solver.player_area import uncut

# Working out what every square blocks costs about squares * squares * goals steps (1.5 s for
# XSokoban 89's 155 squares and 21 goals); on larger boards no box counts as a hotspot.
MOST_WORK = 1_000_000


class Hotspots:
    """Per square, the squares a box there blocks (found when first asked), and the count of
    hotspots among a position's boxes."""

    def __init__(self, analysis: Analysis, reach: list[int]) -> None:
        """``reach``: per square, the goals a lone box there can be pushed to."""
        self.analysis = analysis
        self.size = analysis.board.width * analysis.board.height
        self.reach = reach
        self._blocks = [-1] * self.size  # per square, what it blocks (-1: not yet known)
        squares = len(analysis.squares)
        self.enabled = squares * squares * len(analysis.goal_list) <= MOST_WORK
        self._looped = looped_squares(analysis) if self.enabled else 0

    def count(self, boxes: int) -> int:
        """How many boxes off the goals block another box off the goals."""
        if not self.enabled:
            return 0
        loose = boxes & ~self.analysis.goals
        known = self._blocks
        hot = 0
        rest = loose
        while rest:  # per box, unrolled: this runs for every child of every position
            low = rest & -rest
            rest ^= low
            square = low.bit_length() - 1
            blocked = known[square]
            if blocked < 0:
                blocked = self.blocks(square)
            if blocked & loose:  # never its own square: it is a wall then
                hot += 1
        return hot

    def blocks(self, square: int) -> int:
        """The squares off the goals from which a lone box reaches fewer goals while a wall
        stands on ``square`` (a box on a goal never counts as blocking)."""
        found = self._blocks[square]
        if found < 0:
            found = self._blocks[square] = self._find(square)
        return found

    def _find(self, square: int) -> int:
        analysis = self.analysis
        if analysis.goals >> square & 1:
            return 0
        floor = analysis.floor & ~(1 << square)
        offsets, poll = analysis.offsets, analysis.poll
        groups = groups_without(analysis, square, self._looped)
        goals = list(bits_of(analysis.goals & floor))
        distances = [
            pull_distances(goal, floor, groups, offsets, self.size, poll) for goal in goals
        ]
        reach = goal_reach(goals, distances, bits_of(floor), self.size, poll)
        blocked = 0
        for other in bits_of(floor & analysis.live & ~analysis.goals):
            if reach[other] != self.reach[other]:
                blocked |= 1 << other
        return blocked


def groups_without(analysis: Analysis, wall: int, looped: int) -> dict[int, list[int]]:
    """:func:`~game.solver.analysis.sides_connected` for every square of the floor once a wall
    stands on ``wall``, worked out from the floor's own (``analysis.side_groups``);
    ``looped`` is :func:`looped_squares`.

    Only the squares around the wall change, and the looped ones where the wall may cut a
    path between two sides of a square. It cannot where its neighbours are joined around it
    (then any path through it goes around), nor where no two of them are joined without it
    (then a path through it never comes back to the side of the square it left).
    """
    width, offsets = analysis.width, analysis.offsets
    floor = analysis.floor & ~(1 << wall)
    groups = dict(analysis.side_groups)
    del groups[wall]
    changed = 7 << (wall - width - 1) | 7 << (wall - 1) | 7 << (wall + width - 1)
    if not uncut(analysis.floor, wall, width) and not _apart(floor, wall, offsets, width):
        changed |= looped
    for square in bits_of(changed & floor):
        analysis.poll()
        groups[square] = sides_connected(square, floor, offsets, width)
    return groups


def looped_squares(analysis: Analysis) -> int:
    """The squares of the floor with two sides joined only the long way round: not joined
    around the square itself (see :func:`~game.solver.player_area.uncut`), but joined.

    A wall away from such a square may part its sides; the sides of any other square stay as
    they are (joined around it, or already apart).
    """
    width = analysis.width
    looped = 0
    for square in analysis.squares:
        joined = any(group & (group - 1) for group in analysis.side_groups[square])
        if joined and not uncut(analysis.floor, square, width):
            looped |= 1 << square
    return looped


def _apart(floor: int, wall: int, offsets: tuple[int, ...], width: int) -> bool:
    """Whether no two of the squares of ``floor`` beside ``wall`` are joined in ``floor``."""
    joined = 0
    for offset in offsets:
        side = wall + offset
        if floor >> side & 1:
            if joined >> side & 1:
                return False
            joined |= flood(1 << side, floor, width)
    return True
