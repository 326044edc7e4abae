"""Goal rooms and goal macros: a box that reaches the entrance of a room of goals is pushed
straight on to the next goal of the room's packing order, as one move of the search.

A room is the part of the floor behind one entrance square; its packing order comes from
taking boxes out of the full room, backwards, one at a time through the entrance.
"""

from __future__ import annotations

from game.core.push import Push
from game.solver.analysis.board import Analysis, bits_of, flood
from game.solver.analysis.boxpath import pull_out, push_path


class GoalRoom:
    """One room: its entrance (one square or a doorway of two), its squares and its goals in
    the order to fill them."""

    def __init__(self, entrance: int, area: int, order: list[int]) -> None:
        self.entrance = entrance
        self.area = area
        self.order = order
        self.goals = sum(1 << g for g in order)


class GoalRooms:
    """The goal rooms of a board, and the macro pushes into them."""

    def __init__(self, analysis: Analysis, start_boxes: int) -> None:
        self.analysis = analysis
        self.rooms = self._find_rooms(start_boxes)
        self.entrances = 0
        self._by_entrance: dict[int, GoalRoom] = {}
        for room in self.rooms:
            self.entrances |= room.entrance
            for square in bits_of(room.entrance):
                self._by_entrance[square] = room

    def _doorways(self) -> list[int]:
        """Candidate entrances: every floor square off the goals, and every two such squares
        side by side."""
        analysis = self.analysis
        usable = analysis.floor & ~analysis.goals
        doors = []
        for square in bits_of(usable):
            doors.append(1 << square)
            for step in (1, analysis.width):
                if usable >> (square + step) & 1:
                    doors.append(1 << square | 1 << (square + step))
        return doors

    def _find_rooms(self, start_boxes: int) -> list[GoalRoom]:
        analysis = self.analysis
        goals = analysis.goals
        candidates: list[tuple[int, int, int]] = []
        for entrance in self._doorways():
            analysis.poll()
            rest = analysis.floor & ~entrance
            around = (
                entrance << 1 | entrance >> 1 | entrance << analysis.width
            ) | entrance >> analysis.width
            sides = around & rest
            first = flood(sides & -sides, rest, analysis.width)
            if first == rest:
                continue  # the entrance does not cut the floor
            for part in self._parts(sides, rest):
                room_goals = part & goals
                wanted = room_goals.bit_count()
                if wanted >= 2 and (part & start_boxes).bit_count() < wanted:
                    candidates.append((part.bit_count(), entrance, part))
        candidates.sort()
        rooms: list[GoalRoom] = []
        claimed = 0
        for _, entrance, area in candidates:
            analysis.poll()
            if area & goals & claimed:
                continue
            order = self._packing_order(entrance, area)
            if order is None:
                continue
            rooms.append(GoalRoom(entrance, area, order))
            claimed |= area & goals
        return rooms

    def _parts(self, sides: int, rest: int) -> list[int]:
        parts = []
        while sides:
            part = flood(sides & -sides, rest, self.analysis.width)
            parts.append(part)
            sides &= ~part
        return parts

    def _packing_order(self, entrance: int, area: int) -> list[int] | None:
        """Goals of the room, first to fill first: the reverse of an order in which boxes can
        be pulled out of the full room through the entrance; None if the room cannot be
        emptied that way."""
        filled = area & self.analysis.goals
        door = (entrance & -entrance).bit_length() - 1
        taken_out: list[int] = []
        while filled:
            for goal in sorted(bits_of(filled), key=lambda g: self._distance(g, door)):
                self.analysis.poll()
                if self._pull_out(goal, filled & ~(1 << goal), entrance, area):
                    taken_out.append(goal)
                    filled &= ~(1 << goal)
                    break
            else:
                return None
        taken_out.reverse()
        return taken_out

    def _distance(self, square: int, other: int) -> int:
        y1, x1 = divmod(square, self.analysis.width)
        y2, x2 = divmod(other, self.analysis.width)
        return abs(x1 - x2) + abs(y1 - y2)

    def _pull_out(self, goal: int, others: int, entrance: int, area: int) -> bool:
        """Whether a lone box on ``goal`` can be pulled onto the entrance, the player coming
        in through it, with the boxes ``others`` standing still."""
        analysis = self.analysis
        space = (area | entrance) & ~others
        start = flood(entrance, space & ~(1 << goal), analysis.width)
        floor, offsets = analysis.floor, analysis.offsets

        def on_entrance(square: int, index: int) -> bool:
            return bool(entrance >> square & 1 and floor >> (square + offsets[index]) & 1)

        return pull_out(analysis, space, goal, [start], on_entrance) is not None

    def macro(self, boxes: int, box: int, player: int) -> tuple[list[Push], int, int] | None:
        """Pushes that take the box on an entrance on to its room's next goal.

        Returns the pushes, the new boxes and the player's square after them; None when the
        room holds a box off its goals or the next goal cannot be reached directly.
        """
        room = self._by_entrance[box]
        inside = boxes & room.area
        if inside & ~room.goals:
            return None
        target = next((g for g in room.order if not inside >> g & 1), None)
        if target is None:
            return None
        pushes = push_path(self.analysis, boxes & ~(1 << box), box, player, target)
        if pushes is None:
            return None
        return pushes, (boxes & ~(1 << box)) | 1 << target, pushes[-1].box
