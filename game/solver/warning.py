"""Deadlock warnings for play: the sound rules of the solver, checked right after a push.

A box on a dead square, boxes frozen off their goals, boxes shut round a free square (or a
diagonal of them) they can only be pushed into, boxes that can no longer each reach a goal of
their own, and goals walled off by boxes frozen on other goals; deeper proofs come from the
solver service.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from game.core.board import Board
from game.solver.analysis.board import Analysis, bits_of, mask_of
from game.solver.deadlock.closed_square import ClosedSquares
from game.solver.search.problem import Problem


@dataclass(frozen=True)
class DeadlockWarning:
    """The boxes involved and a one-line message for the player."""

    boxes: frozenset[int]
    message: str


class DeadlockWatch:
    """The deadlock rules for one board, ready to judge each push of a game."""

    def __init__(self, board: Board) -> None:
        self.rules = rules = Problem(Analysis(board), 0, 0)
        # Not among the searches' rules: tried there, it lost more tuning levels than it
        # gained (docs/solver.md, 2026-12-06, thirty-ninth session).
        size = board.width * board.height
        self.closed = ClosedSquares(rules.width, rules.floor, rules.goals, size)

    def after_push(
        self, boxes: Collection[int], source: int, target: int
    ) -> DeadlockWarning | None:
        """A warning if the push of the box on ``source`` to ``target`` (``boxes`` being the
        boxes after it) made the level unsolvable by one of the rules."""
        rules = self.rules
        if rules.analysis.dead >> target & 1:
            return DeadlockWarning(
                frozenset({target}), "Deadlock: this box can never reach a goal from here (undo: U)"
            )
        after = mask_of(boxes)
        frozen = rules.freeze.frozen_group(target, after)
        if frozen & ~rules.goals:
            return DeadlockWarning(
                frozenset(bits_of(frozen)),
                "Deadlock: these boxes are frozen and one is off its goal (undo: U)",
            )
        locked = self.closed.locked(target, after)
        if locked:
            return DeadlockWarning(
                frozenset(bits_of(locked)),
                "Deadlock: these boxes shut in free squares and are stuck round them (undo: U)",
            )
        if not rules.matching.matched(after):
            return DeadlockWarning(
                frozenset({target}),
                "Deadlock: the boxes can no longer each reach a goal of their own (undo: U)",
            )
        if frozen and not rules.frozen_goals.still_possible(after, frozen):
            return DeadlockWarning(
                frozenset(bits_of(frozen)),
                "Deadlock: these boxes are stuck on goals and wall off a goal (undo: U)",
            )
        return None
