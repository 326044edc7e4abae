"""Deadlock rules: dead squares and freeze deadlocks, for the search and for warnings in play.

Both rules are sound: a position they reject can never be solved.
"""

from __future__ import annotations

from collections.abc import Collection

from game.core.board import Board
from game.solver.analysis.board import Analysis, Poll, bits_of, flood, mask_of, no_stop
from game.solver.analysis.walled import WalledReach

# How many groups of boxes side by side a freeze checker keeps the frozen boxes of (some 250
# bytes each; see ``FreezeChecker.frozen_from``): when full, they are forgotten.
FROZEN_GROUPS_KEPT = 100_000


def dead_squares(board: Board) -> frozenset[int]:
    """Squares from which a box can never be pushed to any goal (goals themselves never are)."""
    return frozenset(bits_of(Analysis(board).dead))


def frozen_boxes(board: Board, boxes: Collection[int], dead: Collection[int]) -> frozenset[int]:
    """The boxes of a freeze deadlock: boxes that can never move again, not all on goals.

    Returns every frozen box of each frozen group that holds a box off its goal; empty if the
    position has no freeze deadlock. ``dead`` is usually :func:`dead_squares` of the board.
    """
    walls = mask_of(sq for sq in range(board.width * board.height) if not board.is_walkable(sq))
    checker = FreezeChecker(board.width, walls, mask_of(dead), mask_of(board.goals))
    box_mask = mask_of(boxes)
    involved = 0
    for box in boxes:
        if involved >> box & 1:
            continue
        group = checker.frozen_group(box, box_mask)
        if group and group & ~checker.goals:
            involved |= group
    return frozenset(bits_of(involved))


class FreezeChecker:
    """Finds boxes that can never move: blocked along both axes by walls, dead squares or
    other boxes that are themselves blocked (the standard freeze rule)."""

    def __init__(self, width: int, walls: int, dead: int, goals: int) -> None:
        self.width = width
        self.walls = walls
        self.goals = goals
        # Per axis (across, along), the squares where a box is stopped whatever the other
        # boxes do: a wall on either side or dead squares on both.
        across = walls << 1 | walls >> 1 | dead << 1 & dead >> 1
        along = walls << width | walls >> width | dead << width & dead >> width
        self._axes = ((across, 1), (along, width))
        # Per group of boxes side by side and the ones of them asked about, those frozen.
        self._frozen_in: dict[tuple[int, int], int] = {}

    def frozen_group(self, box: int, boxes: int) -> int:
        """The frozen boxes around ``box`` (including it) as a mask, or 0 if ``box`` can move."""
        # A box with nothing to stop it along one axis moves: told from its four neighbours,
        # before the rule follows the boxes beside it along the other axis.
        if not self.stoppable(boxes) >> box & 1:
            return 0
        group = [0]
        if self._frozen(box, boxes, 0, group):
            return group[0]
        return 0

    def frozen_from(self, starts: int, boxes: int) -> int:
        """The boxes ``frozen_group`` finds frozen from the boxes of ``starts`` (a box already
        found is not asked again)."""
        # Whether a box is frozen depends only on the boxes joined to it side by side, and a
        # move leaves most such groups as they were, so their verdicts are kept: 600 nodes of
        # Aruba10 44 (300 children an expansion) took 10% fewer instructions so.
        known, frozen = self._frozen_in, 0
        while starts:
            group = flood(starts & -starts, boxes, self.width)
            key = (group, starts & group)
            found = known.get(key)
            if found is None:
                found = 0
                for box in bits_of(starts & group):
                    if not found >> box & 1:
                        found |= self.frozen_group(box, boxes)
                if len(known) >= FROZEN_GROUPS_KEPT:
                    known.clear()
                known[key] = found
            frozen |= found
            starts &= ~group
        return frozen

    def frozen_on_goals(self, boxes: int, skip: int = 0) -> int:
        """The boxes ``frozen_from`` finds frozen from the boxes on goals but those of ``skip``
        (with the boxes frozen beside them, on goals or not)."""
        return self.frozen_from(self.candidates(boxes) & self.goals & ~skip, boxes)

    def candidates(self, boxes: int) -> int:
        """The boxes with, along each axis, a wall or a box beside them or dead squares on both
        sides: only these can be frozen (a quick bitboard bound before ``frozen_group``)."""
        return boxes & self.stoppable(boxes)

    def stoppable(self, boxes: int) -> int:
        """The squares where a box would be a candidate (see ``candidates``) beside ``boxes``
        (a box's own square does not stop it)."""
        (across, _), (along, width) = self._axes
        return (across | boxes << 1 | boxes >> 1) & (along | boxes << width | boxes >> width)

    def is_deadlock(self, box: int, boxes: int) -> bool:
        """True if ``box`` is frozen together with some box that stands off a goal."""
        group = self.frozen_group(box, boxes)
        return bool(group & ~self.goals)

    def _frozen(self, box: int, boxes: int, chain: int, group: list[int]) -> bool:
        # While deciding, the box counts as a wall (``chain`` holds the boxes being decided)
        # so that a cycle of boxes is frozen. A box found frozen only under that assumption
        # must not stay in the group if the assumption fails, so the group is rolled back then.
        # (One function for both axes, not one call per axis: this runs millions of times.)
        chain |= 1 << box
        saved = group[0]
        for stopped, step in self._axes:
            if stopped >> box & 1:
                continue
            before, after = box - step, box + step
            if (chain >> before | chain >> after) & 1:
                continue
            if boxes >> before & 1 and self._frozen(before, boxes, chain, group):
                continue
            if boxes >> after & 1 and self._frozen(after, boxes, chain, group):
                continue
            group[0] = saved
            return False
        group[0] |= 1 << box
        return True


class MatchingChecker:
    """Bipartite deadlocks: each box needs a goal of its own that it could reach if it were
    alone on the board; when no such assignment exists the position is dead."""

    def __init__(self, reach: list[int], poll: Poll = no_stop) -> None:
        # reach[square]: the goals (as a mask of squares) a lone box there can be pushed to.
        self.reach = reach
        self.poll = poll
        # A matching kept from the last ask: the goal (a one-bit mask) of each box square it
        # holds, its owner per goal, and the goals it may use. Positions asked about one after
        # another differ in a box or two (a box's moves from one position: on XSokoban 69 and
        # 10, 88% and 83% of the asks), so a box that left frees its goal and only the boxes
        # that came need a goal, where the whole matching cost a pass over all the boxes.
        self.goal_of: dict[int, int] = {}
        self.owner: dict[int, int] = {}
        self.taken = 0  # the goals that have an owner, as a mask
        self.held = 0  # the box squares it holds
        self.among = -1

    def still_matched(self, boxes: int, moved_from: int, moved_to: int, among: int = -1) -> bool:
        """Whether ``boxes`` can all have goals (of ``among``), knowing that they could before
        the box on ``moved_from`` went to ``moved_to`` (so only a shrinking reach needs the
        full check)."""
        return self.keeps_goals(moved_from, moved_to, among) or self.matched(boxes, among)

    def keeps_goals(self, moved_from: int, moved_to: int, among: int = -1) -> bool:
        """Whether a lone box on ``moved_to`` reaches every goal (of ``among``) it reached on
        ``moved_from``: then a matching that held before the move still holds."""
        before = self.reach[moved_from] & among
        return self.reach[moved_to] & before == before

    def matched(self, boxes: int, among: int = -1) -> bool:
        """Whether every box can be given a different reachable goal, of the goals ``among``
        (all by default), by augmenting paths from the matching kept (the boxes that are gone
        free their goals; after a False it holds the boxes matched so far)."""
        goal_of, owner = self.goal_of, self.owner
        if among != self.among:
            for box in bits_of(self.held):
                if not goal_of[box] & among:
                    goal = goal_of.pop(box)
                    del owner[goal]
                    self.taken &= ~goal
                    self.held &= ~(1 << box)
            self.among = among
        for box in bits_of(self.held & ~boxes):
            goal = goal_of.pop(box)
            del owner[goal]
            self.taken &= ~goal
        self.held &= boxes
        poll = self.poll
        for box in bits_of(boxes & ~self.held):
            poll()
            if not self._augment(box, [~among]):
                return False
            self.held |= 1 << box
        return True

    def _augment(self, box: int, visited: list[int]) -> bool:
        """Give ``box`` a goal: a free one, or one whose owner can move on to another."""
        owner = self.owner
        options = self.reach[box] & ~visited[0]
        free = options & ~self.taken
        if free:
            goal = free & -free
            owner[goal] = box
            self.taken |= goal
            self.goal_of[box] = goal
            return True
        while options:
            goal = options & -options
            options ^= goal
            if visited[0] & goal:
                continue  # tried deeper down already
            visited[0] |= goal
            if self._augment(owner[goal], visited):
                owner[goal] = box
                self.goal_of[box] = goal
                return True
        return False


class FrozenGoalsChecker:
    """Boxes frozen on goals never move again, so they are walls from then on: the goals
    left must still each get a box that can reach it alone with those walls in place, and,
    when the player's square is known, from the sides of it he can reach."""

    CACHE_LIMIT = 4096  # matching checkers kept, one per set of frozen boxes
    # A loose box's goals from the player's square, per set of frozen boxes, square and box
    # (some 300 bytes each): the searches ask again for each side a box arrives from.
    ROWS_KEPT = 50_000

    def __init__(self, analysis: Analysis, freeze: FreezeChecker, walled: WalledReach) -> None:
        """``walled``: the lone-box reach once walls are added (shared with the hotspots)."""
        self.analysis = analysis
        self.freeze = freeze
        self.walled = walled
        # Per set of frozen boxes: the matching checker of the reach, the reach per side of a
        # box and the side groups (see WalledReach.reach and side_groups).
        self._checkers: dict[int, tuple[MatchingChecker, list[int], dict[int, list[int]]]] = {}
        self._rows: dict[tuple[int, int, int], int] = {}

    def still_possible(self, boxes: int, group: int) -> bool:
        """Whether the position can still be solved as far as this rule sees without the
        player's square, ``group`` being a group of boxes just frozen on goals."""
        return self.frozen_if_possible(boxes, group) >= 0

    def frozen_if_possible(self, boxes: int, group: int) -> int:
        """The boxes frozen on goals, ``group`` (just frozen) among them, when the rule
        without the player's square lets the position be; else -1."""
        goals = self.analysis.goals
        frozen = group
        for box in bits_of(boxes & goals & ~group):
            if frozen >> box & 1:
                continue
            found = self.freeze.frozen_group(box, boxes)
            if found and not found & ~goals:
                frozen |= found
        return frozen if self._kept(frozen)[0].matched(boxes & ~frozen) else -1

    def player_reaches(self, boxes: int, frozen: int, player: int) -> bool:
        """The rule from the player's square, ``frozen`` being what
        :meth:`frozen_if_possible` gave for ``boxes``: whether the boxes not frozen can each
        still have a goal when each goes only where pushes from the sides of it the player
        reaches take it (the other boxes not frozen away, so he may reach more than he will:
        the rule stays a sound one). A box in a pocket it shut itself, beside boxes frozen on
        goals, was a position the searches kept going from (ChrysalisCollection6 24: 1,900
        nodes after its last goal but one)."""
        checker, side_reach, groups = self._kept(frozen)
        loose = boxes & ~frozen
        analysis = self.analysis
        free, width, offsets = analysis.floor & ~frozen, analysis.width, analysis.offsets
        around = -1  # the player's area, the loose boxes away: filled when first needed
        cache = self._rows
        rows: dict[int, int] = {}
        for box in bits_of(loose):
            key = (frozen, player, box)
            row = cache.get(key)
            if row is None:
                joined = {side_group for side_group in groups[box] if side_group}
                # Where the box parts its sides, he reaches some of them; else every side or
                # none (a way through the box passes a side first).
                if len(joined) > 1:
                    reached = flood(1 << player, free & ~(1 << box), width)
                else:
                    if around < 0:
                        around = flood(1 << player, free, width)
                    reached = around
                row = analysis.goals & 1 << box
                for side_group in joined:
                    for side in range(4):
                        if side_group >> side & 1 and reached >> (box + offsets[side]) & 1:
                            row |= side_reach[box * 4 + side]
                            break
                if len(cache) >= self.ROWS_KEPT:
                    cache.clear()
                cache[key] = row
            if row != checker.reach[box]:
                rows[box] = row
        if not rows:
            return True
        reach = list(checker.reach)
        for box, row in rows.items():
            reach[box] = row
        return MatchingChecker(reach, analysis.poll).matched(loose)

    def _kept(self, frozen: int) -> tuple[MatchingChecker, list[int], dict[int, list[int]]]:
        kept = self._checkers.get(frozen)
        if kept is None:
            self.analysis.poll()
            if len(self._checkers) >= self.CACHE_LIMIT:
                self._checkers.clear()
            kept = self._checkers[frozen] = self._checker_for(frozen)
        return kept

    def _checker_for(
        self, frozen: int
    ) -> tuple[MatchingChecker, list[int], dict[int, list[int]]]:
        side_reach = self.walled.reach(frozen, sides=True)
        groups = self.walled.side_groups(frozen)
        reach = [0] * (len(side_reach) // 4)
        for key, goals in enumerate(side_reach):
            reach[key >> 2] |= goals
        return MatchingChecker(reach, self.analysis.poll), side_reach, groups
