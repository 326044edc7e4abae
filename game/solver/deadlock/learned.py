"""Learned deadlocks: patterns of a few boxes that small searches proved dead, kept for the
level and matched in every later position that holds the pattern's boxes.

Why a pattern holds in a larger position. A pattern is a set of boxes P and an area A: the
squares, on the board where P are the only boxes, of the player's area when the proof ran.
Take a position S holding every box of P (and any others) with the player on a square of A.
If S could be solved, keep only the pushes of P's boxes from its solution: each is still legal
with the other boxes gone (the target square is free of them and every walk of the player stays
open, since taking boxes away only opens floor), and it starts from A. The position after each
kept push holds a subset of the real one's boxes at the same squares, so the sound rules the
proof prunes with (dead squares; a box frozen off a goal; boxes that cannot each have a goal;
goals walled off by frozen boxes) would reject the real position too: none of them can cut the
kept pushes, which bring P's boxes onto goals. A proof that searched every push sequence of P
from A and found none therefore shows S dead. The player's area in S lies inside one area of
P's board, so one square of it decides the side condition. For the same reason a proof may
itself prune positions holding a pattern learned before: none of them leads to the goals.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.solver.analysis.board import bits_of
from game.solver.analysis.player_area import area_after_push

if TYPE_CHECKING:
    from game.solver.search.problem import Problem, Successor

MOST_PATTERNS = 50_000  # patterns kept per level; beyond it new ones are not learned
MOST_OPEN = 200_000  # searches remembered as not proving anything
SUCCESSORS_KEPT = 10_000  # positions whose allowed pushes are kept (some 1 KB each)


class OpenSearches:
    """Searches that proved nothing, so that they are not run again: at most ``MOST_OPEN``,
    forgotten all at once beyond it."""

    def __init__(self) -> None:
        self._keys: set[tuple[int, int]] = set()

    def __contains__(self, key: tuple[int, int]) -> bool:
        return key in self._keys

    def add(self, key: tuple[int, int]) -> None:
        if len(self._keys) >= MOST_OPEN:
            self._keys.clear()
        self._keys.add(key)


class DeadlockTable:
    """The patterns learned on one level, indexed by each of their boxes' squares.

    One table serves every search of a portfolio in a process (the Problem owns it); searches
    in other processes (``--workers``) each learn their own.
    """

    def __init__(self) -> None:
        # Pattern boxes -> the union of the player's areas in which they are proven dead.
        self.areas: dict[int, int] = {}
        self.lowest: dict[int, list[int]] = {}  # square -> patterns whose lowest box is there
        self.lowest_squares = 0  # the squares of ``lowest``, as a mask
        self.holding: dict[int, list[int]] = {}  # square -> patterns with a box there
        # Searches that proved nothing, by (boxes searched, a square of the player's area): the
        # corral proofs' and the subtree checks' apart, since they prove different things (a
        # corral proof gives up when the player gets in; a subtree check takes boxes off).
        self.open = OpenSearches()
        self.open_subtrees = OpenSearches()
        self.matches = 0  # positions found dead by a pattern, for the statistics

    def __len__(self) -> int:
        return len(self.areas)

    def add(self, boxes: int, area: int) -> None:
        """Learn that ``boxes`` are dead whenever the player stands in ``area``."""
        known = self.areas.get(boxes)
        if known is not None:
            self.areas[boxes] = known | area
            return
        if len(self.areas) >= MOST_PATTERNS:
            return
        self.areas[boxes] = area
        low = (boxes & -boxes).bit_length() - 1
        self.lowest.setdefault(low, []).append(boxes)
        self.lowest_squares |= 1 << low
        for square in bits_of(boxes):
            self.holding.setdefault(square, []).append(boxes)

    def dead(self, boxes: int, player: int) -> bool:
        """Whether some pattern is in the position (``player``: any square of his area)."""
        lowest = self.lowest
        # Only the boxes on a pattern's lowest square (mostly none of them) are looked at.
        for square in bits_of(boxes & self.lowest_squares):
            if self._any_in(lowest[square], boxes, player):
                return True
        return False

    def dead_after(self, boxes: int, target: int, player: int) -> bool:
        """Like ``dead``, looking only at the patterns with a box on ``target``: those that
        a push onto ``target`` can complete (the player stays in the area he was in)."""
        patterns = self.holding.get(target)
        return patterns is not None and self._any_in(patterns, boxes, player)

    def _any_in(self, patterns: list[int], boxes: int, player: int) -> bool:
        """Whether one of ``patterns`` has all its boxes in ``boxes`` and ``player`` in its
        area; counts the match."""
        areas = self.areas
        for pattern in patterns:
            if not pattern & ~boxes and areas[pattern] >> player & 1:
                self.matches += 1
                return True
        return False


def proven_dead(problem: Problem, boxes: int, start: int, limit: int, corral: int) -> bool:
    """True when no pushes of ``boxes`` alone, the player starting in ``start`` (his area
    among them), bring them all onto goals. False as soon as they are, when the player gets
    into ``corral`` (the proof gives up: the corral is open), or after ``limit`` positions."""
    goals = problem.goals
    seen = {(boxes, (start & -start).bit_length())}
    queue = deque([(boxes, start)])
    while queue:
        problem.poll()
        current, reach = queue.popleft()
        if reach & corral or not current & ~goals:
            return False
        for after, moved in positions_after(problem, current, reach):
            key = (after, (moved & -moved).bit_length())
            if key in seen:
                continue
            if len(seen) >= limit:
                return False
            seen.add(key)
            queue.append((after, moved))
    return True


def positions_after(problem: Problem, boxes: int, reach: int) -> Iterator[tuple[int, int]]:
    """Each position one push from ``boxes`` (the player in ``reach``) that the move generator
    allows: the boxes after the push and the player's area then. The pushes the rules allow are
    kept per position (SUCCESSORS_KEPT at a time), as the proofs and subtree checks meet the
    same positions again (XSokoban 28, the guided far search to its solution: 27,969 asks about
    15,848 positions); the learned patterns, which grow, are asked each time."""
    key = (boxes, (reach & -reach).bit_length())
    kept = problem.successors
    found = kept.get(key)
    if found is None:
        if len(kept) >= SUCCESSORS_KEPT:
            kept.clear()
        floor, width, offsets = problem.floor, problem.width, problem.offsets
        allowed: list[Successor] = []
        for box, direction, after in problem.pushes(boxes, reach, patterns=False):
            target = box + offsets[direction]
            moved = area_after_push(reach, box, target, floor & ~after, width)
            allowed.append((after, moved, target, box))
        found = kept[key] = tuple(allowed)
    table = problem.learned
    holding = table.holding
    for after, moved, target, box in found:
        # The player stands on ``box`` after the push.
        if target not in holding or not table.dead_after(after, target, box):
            yield after, moved


def learn(problem: Problem, boxes: int, player: int, limit: int, corral: int) -> bool:
    """Search whether ``boxes`` are dead with the player on ``player`` (see ``proven_dead``),
    remembering the answer. A dead set goes into the problem's table, made smaller first:
    each box is dropped in turn when the rest stay dead, as smaller patterns match more."""
    table = problem.learned
    # Known by the player's square, no flood is needed; else by his area among the boxes.
    first = (boxes, player)
    if first in table.open:
        return False
    area = problem.region(boxes, player)
    key = (boxes, (area & -area).bit_length() - 1)
    if key in table.open or not proven_dead(problem, boxes, area, limit, corral):
        table.open.add(first)
        table.open.add(key)
        return False
    for square in bits_of(boxes):
        fewer = boxes & ~(1 << square)
        if fewer & ~problem.goals:
            fewer_area = problem.region(fewer, player)
            if proven_dead(problem, fewer, fewer_area, limit, corral):
                boxes, area = fewer, fewer_area
    table.add(boxes, area)
    return True
