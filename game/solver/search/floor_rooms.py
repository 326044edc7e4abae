"""The floor's rooms after Festival: squares covered by open 2x2 blocks, grouped by blocks side by
side, and whether two squares lie apart (far, or in different rooms), its base search's test."""

from __future__ import annotations

from game.solver.analysis.board import POLL_SQUARES, Poll, bits_of, flood, no_stop
from game.solver.search.pulls import walk_distance

# Two squares this many steps apart (over the bare floor) are apart whatever their rooms.
FAR = 6
NO_ROOM = -1


def far_apart(floor: int, width: int, source: int, target: int) -> bool:
    """Whether ``source`` and ``target`` are FAR steps or more apart over ``floor``."""
    return walk_distance(floor, width, source, target, FAR) >= FAR


class FloorRooms:
    """Each floor square's room (NO_ROOM for corridors), and per room its squares with the
    floor beside them (a corridor square there is the room's doorstep, not elsewhere)."""

    def __init__(self, floor: int, width: int, poll: Poll = no_stop) -> None:
        self.floor, self.width = floor, width
        # Blocks by their top-left squares, as bitboards (sets of squares; see flood).
        blocks = floor & floor >> 1 & floor >> width & floor >> (width + 1)
        blocks &= blocks << 1 | blocks >> 1 | blocks << width | blocks >> width  # none alone
        # A square where two blocks meet only at their corners is left to neither: the
        # block at its top left and the one at its bottom right both there or both not, the
        # other two the same, and not as the first two.
        down, right, below = blocks >> (width + 1), blocks >> 1, blocks >> width
        corners = ~(blocks ^ down) & ~(right ^ below) & (blocks ^ right)
        shared = corners << (width + 1)
        self.room = [NO_ROOM] * floor.bit_length()  # a room's squares are all floor
        self.around: list[int] = []
        rest = blocks
        while rest:
            group = flood(rest & -rest, blocks, width)
            rest &= ~group
            squares = (group | group << 1 | group << width | group << (width + 1)) & ~shared
            for count, square in enumerate(bits_of(squares)):
                if not count % POLL_SQUARES:
                    poll()  # some 10 ms for the 10,000 squares of a 100x100 room
                self.room[square] = len(self.around)
            near = squares | squares << 1 | squares >> 1 | squares << width | squares >> width
            self.around.append(near & floor)
        self.count = len(self.around)

    def apart(self, source: int, target: int) -> bool:
        """Whether a box taken from ``source`` to ``target`` has gone somewhere else: FAR steps
        or more, two different rooms, or a room and a corridor square off its doorstep and off
        the line of the other square."""
        if far_apart(self.floor, self.width, source, target):
            return True
        first, second = self.room[source], self.room[target]
        if first == second:
            return False
        if first != NO_ROOM and second != NO_ROOM:
            return True
        if first != NO_ROOM and self.around[first] >> target & 1:
            return False
        if second != NO_ROOM and self.around[second] >> source & 1:
            return False
        width = self.width
        return source // width != target // width and source % width != target % width
