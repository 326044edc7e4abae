"""Closed squares: free squares, not goals, shut in by boxes and walls on their four sides so
that the boxes round them can only ever be pushed into them, where the last one would freeze.

After Festival's 3x3 and diagonal deadlocks. A diagonal is a chain of such squares, each the
next one's corner (one square is the shortest), closed at each end by a taken corner, or by the
two squares between the end and that corner both walls. Every box round the chain (its squares'
sides and the taken end corners) can move only into a square of the chain while the chain
stands: pushed any other way, it would need the player on a shut-in square or a taken square
ahead. So the first push that changes the pattern takes a box into a chain square, off a goal;
the pushed box then closes the part of the chain beyond it, a shorter diagonal with that box
among its own, or, where no part is left, it stands frozen among walls and the boxes of a
2x2 block. By induction on the chain's length, one box round it off its goal is a deadlock.
A single square is closed too by a wall side with both corners across from it taken, one of
them a wall: its boxes are locked until one is pushed into it, where it freezes off a goal.
Asked right after a push, the player is on no shut-in square: he stands where the box was,
beside the square he pushed from. Used by the play-time warnings (see docs/solver.md,
2026-12-06, for why the searches do without the single squares).
"""

from __future__ import annotations


class ClosedSquares:
    """Finds closed squares and diagonals next to a square a box has just come to."""

    def __init__(self, width: int, floor: int, goals: int, size: int) -> None:
        self.width = width
        self.solid = ~floor & ((1 << size) - 1)  # walls, and the squares outside the floor
        self.goals = goals
        # The squares that could be closed: floor, not goals, not at the board's edge.
        self.closable = 0
        for square in range(width + 1, size - width):
            if floor >> square & 1 and not goals >> square & 1:
                self.closable |= 1 << square
        # Per square, those round it (sides and corners).
        self.around = [
            tuple(
                other
                for other in (square + dy * width + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1))
                if other != square and 0 <= other < size and self.closable >> other & 1
            )
            for square in range(size)
        ]

    def locked(self, square: int, boxes: int) -> int:
        """The boxes locked round a square that ``boxes`` (a box on ``square`` among them)
        close next to ``square``, when one of them is off its goal (a deadlock), else 0."""
        solid = self.solid
        taken = solid | boxes
        width = self.width
        for free in self.around[square]:
            if not self._shut(free, taken):
                continue
            for step in (width + 1, width - 1):  # the diagonals south-east and south-west
                locked = self._diagonal(free, step, taken, solid) & boxes
                if locked & ~self.goals:
                    return locked
            locked = self._wall_side(free, taken, solid) & boxes
            if locked & ~self.goals:
                return locked
        return 0

    def _shut(self, square: int, taken: int) -> bool:
        """Whether ``square`` may be closed: free, not a goal, its four sides taken."""
        width = self.width
        return bool(
            self.closable >> square & 1
            and not taken >> square & 1
            and taken >> (square - width) & 1
            and taken >> (square + width) & 1
            and taken >> (square - 1) & 1
            and taken >> (square + 1) & 1
        )

    def _diagonal(self, free: int, step: int, taken: int, solid: int) -> int:
        """The squares round the diagonal of shut squares through ``free`` along ``step``
        (its squares' sides and its taken end corners), or 0 when an end is open."""
        width = self.width
        first = last = free
        while self._shut(first - step, taken):
            first -= step
        while self._shut(last + step, taken):
            last += step
        sideways = step - width  # 1 or -1: the column the chain moves to at each step
        ends = 0
        for end, towards in ((first, -1), (last, 1)):
            corner = end + towards * step
            if taken >> corner & 1:
                ends |= 1 << corner
            elif not (
                solid >> (end + towards * width) & 1 and solid >> (end + towards * sideways) & 1
            ):
                return 0  # open: neither a taken corner nor two walls between it and the end
        locked = ends
        for square in range(first, last + step, step):
            locked |= 1 << square - width | 1 << square + width | 1 << square - 1 | 1 << square + 1
        return locked

    def _wall_side(self, free: int, taken: int, solid: int) -> int:
        """The squares locked round the closed square ``free`` by a wall side with both corners
        across from it taken, one of them a wall (its sides and those corners), or 0."""
        width = self.width
        north, south, west, east = free - width, free + width, free - 1, free + 1
        sides = 1 << north | 1 << south | 1 << west | 1 << east
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
