"""Closed squares: a free square, not a goal, shut in by boxes and walls on its four sides so
that the boxes round it can only ever be pushed into it, where the last one would freeze.

After Festival's 3x3 deadlocks. With the square C free and its four sides taken, a side's box
can be pushed sideways only with the square beside it (a corner of C) free and the player on the
other, and never away from C (the player would stand on C). Two opposite corners taken (a box
there cannot move while the two sides beside it stand), or a wall side with both corners across
from it taken, one of them by a wall, lock every box of the pattern until one of them is pushed
into C; the box pushed in then stands frozen off a goal among the others, all locked still. So no
box of the pattern ever moves in a solution, and one of them off its goal is a deadlock. Asked
right after a push, the player is never on C: he stands where the box was, and the side he
pushed from is free. Used by the play-time warnings (see docs/solver.md, 2026-12-06, for why the
searches do without it).
"""

from __future__ import annotations


class ClosedSquares:
    """Finds closed squares next to a square a box has just come to."""

    def __init__(self, width: int, floor: int, goals: int, size: int) -> None:
        self.width = width
        self.solid = ~floor & ((1 << size) - 1)  # walls, and the squares outside the floor
        self.goals = goals
        # Per square, the free squares round it (sides and corners) that could be closed:
        # floor, not goals, not at the board's edge.
        self.around: list[tuple[int, ...]] = []
        for square in range(size):
            near = [
                square + dy * width + dx
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
                if dy or dx
            ]
            self.around.append(
                tuple(
                    other
                    for other in near
                    if width < other < size - width
                    and floor >> other & 1
                    and not goals >> other & 1
                )
            )

    def locked(self, square: int, boxes: int) -> int:
        """The boxes locked round a square that ``boxes`` (a box on ``square`` among them)
        close next to ``square``, when one of them is off its goal (a deadlock), else 0."""
        solid = self.solid
        taken = solid | boxes
        width = self.width
        for free in self.around[square]:
            if taken >> free & 1:
                continue
            if not (
                taken >> (free - width) & 1
                and taken >> (free + width) & 1
                and taken >> (free - 1) & 1
                and taken >> (free + 1) & 1
            ):
                continue
            locked = self._locked(free, taken, solid) & boxes
            if locked & ~self.goals:
                return locked
        return 0

    def _locked(self, free: int, taken: int, solid: int) -> int:
        """The squares locked round the closed square ``free`` (its sides taken), as a mask:
        its sides and the corners that lock them, or 0 when no pattern locks them."""
        width = self.width
        north, south, west, east = free - width, free + width, free - 1, free + 1
        sides = 1 << north | 1 << south | 1 << west | 1 << east
        corners = (
            (north - 1, south + 1),  # north-west and south-east
            (north + 1, south - 1),  # north-east and south-west
        )
        for first, second in corners:
            if taken >> first & 1 and taken >> second & 1:
                return sides | 1 << first | 1 << second
        # A wall side, and the two corners across from it taken, one of them by a wall.
        across = (
            (east, north - 1, south - 1),
            (west, north + 1, south + 1),
            (north, south - 1, south + 1),
            (south, north - 1, north + 1),
        )
        for wall, first, second in across:
            if (
                solid >> wall & 1
                and taken >> first & 1
                and taken >> second & 1
                and (solid >> first | solid >> second) & 1
            ):
                return sides | 1 << first | 1 << second
        return 0
