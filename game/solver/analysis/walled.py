"""Which sides of each floor square join around a box there (:func:`sides_connected`) once walls
stand on some squares, worked out from the floor's own a wall at a time, not filled again.

Hotspots ask it with a wall on one square; the frozen goals rule with walls on the boxes frozen on
goals, and the forward search with walls on the boxes frozen ahead of its plan.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from game.solver.analysis.board import Analysis, Poll, bits_of, flood, sides_connected
from game.solver.analysis.lone_reach import lone_box_reach
from game.solver.analysis.player_area import uncut


class SideGroups(NamedTuple):
    """:func:`sides_connected` for every square of ``floor``, and the squares of it that are
    looped (see :func:`looped`)."""

    floor: int
    groups: dict[int, list[int]]
    looped: int


class WalledReach:
    """Per square, the goals a lone box there can be pushed to once walls stand on some
    squares: the side groups of the floor, or of a set of walls asked before with one wall
    fewer, with the walls added one at a time, then the reach in one pass
    (:func:`~game.solver.analysis.lone_reach.lone_box_reach`)."""

    KEPT = 512  # sets of walls whose side groups are kept (some 20 kB each on a large level)

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        # Side groups by their walls (0: the floor's, made when first asked). The frozen
        # goals rule asks for sets that mostly grow a box at a time as boxes are packed.
        self._kept: dict[int, SideGroups] = {}

    def reach(self, walls: int, targets: int | None = None, sides: bool = False) -> list[int]:
        """The reach once walls stand on the squares of ``walls`` (of the floor) too: per
        square, the goals (or the squares of ``targets``) a lone box there can be pushed to;
        with ``sides``, per square * 4 + side, with the player on that side of it (see
        :func:`~game.solver.analysis.lone_reach.lone_box_reach`)."""
        analysis = self.analysis
        floor, groups, _ = self._sides(walls & analysis.floor)
        size = analysis.board.width * analysis.board.height
        offsets, poll = analysis.offsets, analysis.poll
        aims = analysis.goals if targets is None else targets
        return lone_box_reach(aims & floor, floor, groups, offsets, size, poll, sides)

    def side_groups(self, walls: int) -> dict[int, list[int]]:
        """:func:`sides_connected` for every square of the floor once walls stand on the
        squares of ``walls`` too."""
        return self._sides(walls & self.analysis.floor).groups

    def _sides(self, walls: int) -> SideGroups:
        kept = self._kept
        found = kept.get(walls)
        if found is not None:
            return found
        analysis = self.analysis
        offsets, width, poll = analysis.offsets, analysis.width, analysis.poll
        if not kept:
            kept[0] = of_floor(analysis)
        for wall in bits_of(walls):
            fewer = kept.get(walls & ~(1 << wall))
            if fewer is not None:
                found = with_wall(fewer, wall, offsets, width, poll)
                break
        else:
            found = with_walls(kept[0], walls, offsets, width, poll)
        if len(kept) >= self.KEPT:
            floor = kept[0]
            kept.clear()
            kept[0] = floor
        kept[walls] = found
        return found


def of_floor(analysis: Analysis) -> SideGroups:
    """The side groups of the analysis' floor, with no wall added."""
    floor, groups = analysis.floor, analysis.side_groups
    return SideGroups(floor, groups, looped(floor, groups, analysis.squares, analysis.width))


def with_walls(
    sides: SideGroups, walls: int, offsets: tuple[int, ...], width: int, poll: Poll
) -> SideGroups:
    """The side groups once walls stand on the squares of ``walls`` too."""
    for wall in bits_of(walls & sides.floor):
        sides = with_wall(sides, wall, offsets, width, poll)
    return sides


def with_wall(
    sides: SideGroups, wall: int, offsets: tuple[int, ...], width: int, poll: Poll
) -> SideGroups:
    """The side groups once a wall stands on ``wall`` (a square of the floor) too.

    Only the squares around the wall change, and the looped ones where the wall may cut a
    path between two sides of a square. It cannot where its neighbours are joined around it
    (then any path through it goes around), nor where no two of them are joined without it
    (then a path through it never comes back to the side of the square it left).
    """
    floor = sides.floor & ~(1 << wall)
    groups = dict(sides.groups)
    del groups[wall]
    changed = 7 << (wall - width - 1) | 7 << (wall - 1) | 7 << (wall + width - 1)
    if not uncut(sides.floor, wall, width) and not apart(floor, wall, offsets, width):
        changed |= sides.looped
    changed &= floor
    for square in bits_of(changed):
        poll()
        groups[square] = sides_connected(square, floor, offsets, width)
    # Elsewhere neither the groups nor the squares around changed, nor whether it is looped.
    kept = sides.looped & floor & ~changed
    return SideGroups(floor, groups, kept | looped(floor, groups, bits_of(changed), width))


def looped(floor: int, groups: dict[int, list[int]], squares: Iterable[int], width: int) -> int:
    """Of ``squares`` (an iterable of squares of ``floor``), those with two sides joined only
    the long way round: joined, but not around the square itself (see
    :func:`~game.solver.analysis.player_area.uncut`).

    A wall away from such a square may part its sides; the sides of any other square stay as
    they are (joined around it, or already apart).
    """
    found = 0
    for square in squares:
        joined = any(group & (group - 1) for group in groups[square])
        if joined and not uncut(floor, square, width):
            found |= 1 << square
    return found


def apart(floor: int, wall: int, offsets: tuple[int, ...], width: int) -> bool:
    """Whether no two of the squares of ``floor`` beside ``wall`` are joined in ``floor``."""
    joined = 0
    for offset in offsets:
        side = wall + offset
        if floor >> side & 1:
            if joined >> side & 1:
                return False
            joined |= flood(1 << side, floor, width)
    return True
