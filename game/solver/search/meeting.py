"""Festival's strategy B, in our own code: a backward search that keeps every box on the board,
pulling boxes off the goals and far from them, whose positions (its "perimeter") the forward
search finishes at when it meets one; the forward search aims at the backward search's best.

Every position of this backward search is a real one, with its way home known: the pulls that
made it, read backwards as pushes. The forward search that makes it (``FeatureSearch`` with
``meeting``) counts its progress as boxes standing where the backward search's best position
has them (:class:`MeetingPlan`), in any order; it lives on the solve's ``Problem``, so every
forward search of the solve finishes where it meets one of its positions (as in Festival, whose
searches share one perimeter).
"""

from __future__ import annotations

from game.core.push import Push
from game.solver.analysis.board import bits_of, lone_box_distances
from game.solver.analysis.boxpath import pushes_of_moves
from game.solver.result import Limits
from game.solver.search.base_search import BaseSearch, Pull
from game.solver.search.cells import (
    MOVE_BITS,
    MOVE_MASK,
    PLACE_MASK,
    Child,
    Key,
    Rank,
    unpack_squares,
)
from game.solver.search.problem import Problem

# How many positions the perimeter keeps (at most some 330 bytes each with the search's tree:
# XSokoban 28's 162,535 of 7.5 s, a minute's share, took 51 MiB), a bound well under the memory
# cap; 7.5 s on XSokoban's largest levels offer 97,000-163,000.
PERIMETER_KEPT = 500_000


class Perimeter(BaseSearch):
    """The backward search over pulls from the solved position, no box retiring; ``met``
    holds every position it has offered, with the node and pull that made it."""

    def __init__(self, problem: Problem, limits: Limits) -> None:
        super().__init__(problem, limits)
        # Per position (its boxes and the lowest square of the player's area, plus one, as the
        # forward search keys it), the node it was pulled from and the pull, packed.
        self.met: dict[Key, int] = {}

    def sinks(self, boxes: int, bases: int) -> int:
        """None: no box retires, so every position has all the boxes."""
        return 0

    def better(self, rank: Rank, than: Rank) -> bool:
        """Its whole rank better: of the best cell's positions, the one whose boxes stand
        farthest from the goals, the first found of equals (Festival's best so far, the
        imagined position of its strategy B). The first of the best cell, the base search's
        plan, was a position the forward search reached less of: alone at 30 s on Aruba10's 21
        hardest levels it solved 94 so, and Sasquatch 30 in 4.5 s, not 16.3 (docs/solver.md,
        2026-12-05 thirty-first session)."""
        return rank < than

    def offer(self, node: int, children: list[Child[Pull]]) -> None:
        super().offer(node, children)
        self.meet(node, children)

    def meet(self, node: int, children: list[Child[Pull]]) -> None:
        """Keep the children of ``node`` (packed in ``self.children``) as positions a forward
        search may meet."""
        met, poll = self.met, self.problem.poll
        if len(met) >= PERIMETER_KEPT:
            return
        # The children as the tree packed them: each holds its move and its place in ``children``.
        for packed in self.children[node]:
            child = children[packed >> MOVE_BITS & PLACE_MASK]
            key = (child.key[0], child.key[2])
            if key not in met:
                poll()  # see BaseSearch._plain
                met[key] = node << MOVE_BITS | packed & MOVE_MASK

    def imagined(self) -> int:
        """The boxes of the best position reached: the forward search's aim."""
        return self.boxes[self.best] if self.best >= 0 else self.problem.goals

    def pushes_home(self, key: Key) -> list[Push]:
        """The pushes from the position of ``key`` (which must be in ``met``) to the solved
        position: the pulls that made it, last first, each read backwards."""
        entry = self.met[key]
        pulls = [unpack_squares(move) for move in self.path(entry >> MOVE_BITS)]
        pulls.append(unpack_squares(entry & MOVE_MASK))
        # Each pull backwards: the box from where it was pulled to back where it was, the
        # player ending where he stood before the pull (anywhere at the first one).
        moves = [
            (target, source, pulls[index - 1][2] if index else None)
            for index, (source, target, _, _) in enumerate(pulls)
        ]
        moves.reverse()
        return pushes_of_moves(self.problem.analysis, key[0], key[1] - 1, moves)


class MeetingPlan:
    """The backward search's best position as the squares to fill, in any order: the plan of a
    forward search meeting the perimeter (Festival's "imagined" position)."""

    def __init__(self, squares: int, walls: int, width: int, nearest: list[int]) -> None:
        """``walls``: every square of the board that is not floor (for :meth:`hotspots`);
        ``nearest``: per square, a lone box's fewest pushes from it to the nearest of
        ``squares`` (see :func:`meeting_plan`)."""
        self.watched = squares
        self.walls, self.width = walls, width
        self.nearest = nearest
        # Per side, the squares with a wall on that side (east, west, south, north): fixed, so
        # shifted once here and not at every child.
        self._walled = (walls >> 1, walls << 1, walls >> width, walls << width)

    def hotspots(self, boxes: int, _parent: int | None = None) -> int:
        """Festival's hotspots of its search towards an imagined position (its HF search): the
        boxes off the plan's squares beside a wall or a box, and the plan's empty squares no
        push can reach (from each side, a wall beside it or a wall or box two squares away).
        The forward meeting search counts them as the guided searches count theirs (the
        children of a cell ordered by them after its features, and the hotspots advisor's
        child): alone at 30 s it solved Aruba10 5 and 33 besides the 6 of the 21 hardest it
        solved before, and lost none (docs/solver.md, 2026-12-04)."""
        width = self.width
        occupied = self.walls | boxes
        beside = occupied << 1 | occupied >> 1 | occupied << width | occupied >> width
        count = (boxes & ~self.watched & beside).bit_count()
        shut = self.watched & ~boxes
        if shut:
            # From each side in turn: a wall beside, or a wall or box two squares away.
            east, west, south, north = self._walled
            shut &= east | occupied >> 2
            shut &= west | occupied << 2
            shut &= south | occupied >> 2 * width
            shut &= north | occupied << 2 * width
        return count + shut.bit_count()

    def progress(self, boxes: int) -> tuple[int, int]:
        """How many boxes stand on the plan's squares, and which."""
        placed = boxes & self.watched
        return placed.bit_count(), placed

    def next_squares(self, boxes: int) -> list[int]:
        """The plan's squares still empty."""
        return list(bits_of(self.watched & ~boxes))


def meeting_plan(problem: Problem, squares: int) -> MeetingPlan:
    """The plan of filling ``squares``, with each square's pushes to the nearest of them: the
    meeting search orders the children of a cell by their sum, as Festival's HF search orders
    them by the boxes' pushes to the imagined squares (their matching's; the nearest square's is
    cheaper). Alone at 30 s on Aruba10's 21 hardest levels it solved 17 of them, not 15
    (docs/solver.md, 2026-12-04 twenty-first session). The goals' table is the analysis's own
    (the HF search's plan, and a perimeter that found nothing better than the goals)."""
    analysis = problem.analysis
    nearest = analysis.nearest
    if squares != problem.goals:
        nearest = lone_box_distances(
            bits_of(squares), analysis.floor, analysis.side_groups, analysis.offsets,
            len(nearest), problem.poll,
        )
    return MeetingPlan(squares, problem.freeze.walls, problem.width, nearest)
