"""The areas a level's free squares fall into, and how a box's move changes their number: a
feature of the feature space searches, forwards and backwards (the fewer, the more floor reached).
"""

from __future__ import annotations

from game.solver.analysis.board import Poll, fill_until, flood
from game.solver.analysis.player_area import uncut


def count_areas(free: int, region: int, width: int, poll: Poll) -> int:
    """Into how many areas the ``free`` squares fall, the player's ``region`` one of them (a
    feature of both searches: the fewer, the more of the floor the player can reach)."""
    return len(area_parts(free, region, width, poll))


def area_parts(free: int, region: int, width: int, poll: Poll) -> list[int]:
    """The areas of the ``free`` squares, the player's ``region`` first."""
    parts = [region]
    rest = free & ~region
    while rest:
        poll()
        part = flood(rest & -rest, free, width)
        parts.append(part)
        rest &= ~part
    return parts


def areas_after(
    parts: list[int], source: int, target: int, region: int, width: int, poll: Poll
) -> int:
    """How many areas the free squares fall into once a box has gone from ``source`` to
    ``target``, from the ``parts`` they fell into before (see :func:`area_parts`) and the
    player's ``region`` after, without filling all of them again: the freed square joins the
    areas beside it, and the filled one can only split its own (the player's area is one of
    its pieces, since he stands beside the box). A box that came back leaves them as they were
    (``source`` and ``target`` both -1 then)."""
    if source == target:
        return len(parts)
    beside = 1 << source + 1 | 1 << source - 1 | 1 << source + width | 1 << source - width
    joined = 1 << source
    count = len(parts) + 1
    for part in parts:
        if part & beside:
            joined |= part
            count -= 1
    if not joined >> target & 1:
        joined = next(part for part in parts if part >> target & 1)
    rest = joined & ~(1 << target) & ~region
    # Each piece of the rest touches the filled square (the area was whole with it free), so
    # its free neighbours tell the pieces apart: a fill from one takes the others of its piece
    # (and stops once it has them all), and the last one left is a piece of its own without a
    # fill (mostly the only one). Neighbours joined through the squares around it are one piece
    # at a glance: on Cer 9 that spares the backward search half of its fills here.
    beside = 1 << target + 1 | 1 << target - 1 | 1 << target + width | 1 << target - width
    ends = rest & beside
    if ends & (ends - 1) and uncut(rest, target, width):
        return count + 1
    while ends:
        count += 1
        if not ends & (ends - 1):
            break
        poll()
        ends &= ~fill_until(ends & -ends, ends, rest, width)
    return count
