"""The floor's rooms after Festival: squares covered by open 2x2 blocks, grouped by blocks side by
side, and whether two squares lie apart (far, or in different rooms), its base search's test."""

from __future__ import annotations

from game.solver.search.pulls import walk_distance

# Two squares this many steps apart (over the bare floor) are apart whatever their rooms.
FAR = 6
NO_ROOM = -1


class FloorRooms:
    """Each floor square's room (NO_ROOM for corridors), and per room its squares with the
    floor beside them (a corridor square there is the room's doorstep, not elsewhere)."""

    def __init__(self, floor: int, width: int) -> None:
        self.floor, self.width = floor, width
        size = floor.bit_length()
        blocks = self._blocks(size)
        self.room = [NO_ROOM] * (size + width + 1)
        group = self._group(blocks)
        self.count = max(group.values(), default=-1) + 1
        for corner in sorted(blocks):
            for square in (corner, corner + 1, corner + width, corner + width + 1):
                self.room[square] = group[corner]
        # A square where two blocks meet only at their corners is left to neither.
        for corner in range(size):
            down = corner + width + 1
            if (corner in blocks) == (down in blocks) != (corner + 1 in blocks) == (
                corner + width in blocks
            ):
                self.room[down] = NO_ROOM
        self.around = [0] * self.count
        for square, room in enumerate(self.room):
            if room != NO_ROOM:
                near = 1 << square
                for step in (1, -1, width, -width):
                    if square + step >= 0:
                        near |= 1 << (square + step)
                self.around[room] |= near & floor

    def _blocks(self, size: int) -> set[int]:
        """The top-left squares of the open 2x2 blocks that touch another block side by side
        (a lone block is too small to be a room)."""
        floor, width = self.floor, self.width
        quad = 1 | 1 << 1 | 1 << width | 1 << (width + 1)
        blocks = {s for s in range(size) if floor >> s & quad == quad}
        return {
            s for s in blocks
            if any(s + step in blocks for step in (1, -1, width, -width))
        }

    def _group(self, blocks: set[int]) -> dict[int, int]:
        """Each block's room: the blocks joined side by side, numbered from the top."""
        group: dict[int, int] = {}
        for first in sorted(blocks):
            if first in group:
                continue
            number = len(set(group.values()))
            group[first] = number
            stack = [first]
            while stack:
                block = stack.pop()
                for step in (1, -1, self.width, -self.width):
                    near = block + step
                    if near in blocks and near not in group:
                        group[near] = number
                        stack.append(near)
        return group

    def apart(self, source: int, target: int) -> bool:
        """Whether a box taken from ``source`` to ``target`` has gone somewhere else: FAR steps
        or more, two different rooms, or a room and a corridor square off its doorstep and off
        the line of the other square."""
        if walk_distance(self.floor, self.width, source, target, FAR) >= FAR:
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
