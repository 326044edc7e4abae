"""The packing plan: in which order the goals should be filled, found by taking the boxes out
of the solved position backwards, one at a time; the packing feature and advisor rest on it.

A goal that can only be emptied after another one was emptied must be filled before it: such
pairs become prerequisites, and a box on a goal counts as packed once they are all filled.
"""

from __future__ import annotations

from collections import deque

from game.solver.analysis.board import Analysis, Poll, bits_of, flood, sides_connected
from game.solver.analysis.boxpath import pull_out


class PackingPlan:
    """The goals in the order to fill them, with the goals each one needs filled first."""

    def __init__(self, analysis: Analysis, start_boxes: int, start_player: int) -> None:
        self.analysis = analysis
        self.start_boxes = start_boxes
        self.start_player = start_player
        self.order: list[int] = []
        # need[goal]: the goals to fill before ``goal`` (closed under the relation), as a mask.
        self.need: dict[int, int] = {goal: 0 for goal in analysis.goal_list}
        self.watched = analysis.goals  # progress looks at the goals only
        self._plan()

    def packed_mask(self, boxes: int) -> int:
        """The boxes that stand on goals whose prerequisites are all filled."""
        mask = 0
        need = self.need
        for goal in bits_of(boxes & self.analysis.goals):
            if boxes & need[goal] == need[goal]:
                mask |= 1 << goal
        return mask

    def progress(self, boxes: int) -> tuple[int, int]:
        """How many boxes are packed, and which."""
        mask = self.packed_mask(boxes)
        return mask.bit_count(), mask

    def next_squares(self, boxes: int) -> list[int]:
        """The goals to fill next (the first two the plan allows), first first."""
        return self.targets(boxes)[:2]

    def targets(self, boxes: int) -> list[int]:
        """The empty goals whose prerequisites are all filled, first to fill first."""
        need = self.need
        return [
            goal
            for goal in self.order
            if not boxes >> goal & 1 and boxes & need[goal] == need[goal]
        ]

    def _plan(self) -> None:
        """Empty the goals one by one, the easiest to take out first; the reverse is the order.

        A goal is emptied to a square that a box from outside can reach with the other goals
        full; when no goal can, to one it could reach on an empty board (a box parked there
        early can wait for its turn). ``first_out[goal]`` is the step at which a goal could
        first be emptied; every goal emptied before then that blocks it comes after it.
        """
        present = self.analysis.goals
        removed: list[int] = []
        present_at: list[int] = []
        # Per goal: the step it could first be emptied, and the feeding states then used
        # (None for the empty board's).
        first_out: dict[int, tuple[int, dict[int, int] | None]] = {}
        loose = self._feeding_states(0)
        strict: dict[int, int] | None = None
        while present:
            best: tuple[int, int] | None = None
            # With fewer goals full, boxes reach more: the last step's feeding states still
            # hold, and are worked out anew only when they no longer let any goal out.
            tries = [strict, None, loose] if strict is not None else [None, loose]
            for fed in tries:
                if fed is None:
                    fed = strict = self._feeding_states(present)
                kept = None if fed is loose else fed
                for goal in bits_of(present):
                    self.analysis.poll()
                    pulls = self._pulls_out(goal, present & ~(1 << goal), fed)
                    if pulls is None:
                        continue
                    first_out.setdefault(goal, (len(removed), kept))
                    if best is None or pulls < best[0]:
                        best = (pulls, goal)
                if best is not None:
                    break
            if best is None:
                break  # the rest cannot be emptied this way: no order is known for them
            present_at.append(present)
            removed.append(best[1])
            present &= ~(1 << best[1])
        stuck = list(bits_of(present))
        self.order = stuck + removed[::-1]
        need: dict[int, int] = {goal: 0 for goal in self.analysis.goal_list}
        for goal, (step, kept) in first_out.items():
            for earlier in removed[:step]:
                self.analysis.poll()
                blocked = present_at[step] | 1 << earlier
                # On the empty board's terms, ``earlier`` alone may cut the way in.
                fed = kept if kept is not None else self._feeding_states(1 << earlier)
                if self._pulls_out(goal, blocked & ~(1 << goal), fed) is None:
                    need[earlier] |= 1 << goal  # ``goal`` must be filled before ``earlier``
        self.need = _closure(need, self.analysis.poll)

    def _feeding_states(self, others: int) -> dict[int, int]:
        """For each square, the sides (direction indices) the player can stand on while a box
        that starts off the goals is there, pushed alone among the boxes ``others``."""
        analysis = self.analysis
        offsets, width = analysis.offsets, analysis.width
        floor = analysis.floor & ~others
        live = analysis.live & ~others
        groups: dict[int, list[int]] = {}
        fed: dict[int, int] = {}
        queue: deque[tuple[int, int]] = deque()
        for box in bits_of(self.start_boxes & ~analysis.goals):
            analysis.poll()
            region = flood(1 << self.start_player, floor & ~(1 << box), width)
            sides = sum(1 << i for i, offset in enumerate(offsets) if region >> (box + offset) & 1)
            if sides & ~fed.get(box, 0):
                fed[box] = fed.get(box, 0) | sides
                queue.append((box, sides))
        while queue:
            analysis.poll()
            box, sides = queue.popleft()
            for index, offset in enumerate(offsets):
                # The player on the side opposite ``index`` pushes the box that way.
                behind = (index + 2) % 4
                ahead = box + offset
                if not sides >> behind & 1 or not live >> ahead & 1:
                    continue
                if ahead not in groups:
                    groups[ahead] = sides_connected(ahead, floor, offsets, width)
                reached = groups[ahead][behind]
                if reached & ~fed.get(ahead, 0):
                    fed[ahead] = fed.get(ahead, 0) | reached
                    queue.append((ahead, fed[ahead]))
        return fed

    def _pulls_out(self, goal: int, others: int, fed: dict[int, int]) -> int | None:
        """Fewest pulls that take a lone box from ``goal``, the boxes ``others`` standing
        still, to a square off the goals where a box from outside could stand with the player
        on the same side (``fed``: the sides, by square); None if there is none."""
        analysis = self.analysis
        space = analysis.floor & ~others
        goals, offsets, width = analysis.goals, analysis.offsets, analysis.width
        free = space & ~(1 << goal)
        regions = [
            flood(1 << (goal + offset), free, width)
            for offset in offsets
            if free >> (goal + offset) & 1
        ]

        def fed_from_outside(square: int, index: int) -> bool:
            return bool(
                space >> (square + offsets[index]) & 1
                and not goals >> square & 1
                and fed.get(square, 0) >> index & 1
            )

        return pull_out(analysis, space, goal, regions, fed_from_outside)


def _closure(direct: dict[int, int], poll: Poll) -> dict[int, int]:
    """For each goal, every goal that must be filled before it, directly or through others."""
    need = dict(direct)
    changed = True
    while changed:
        changed = False
        for goal, mask in need.items():
            poll()
            grown = mask
            for other in bits_of(mask):
                grown |= need[other]
            grown &= ~(1 << goal)
            if grown != mask:
                need[goal] = grown
                changed = True
    return need
