"""Deadlock warnings for play: a box on a dead square or boxes frozen off their goals.

Cheap checks run right after each push; deeper proofs come from the solver service.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from game.core.board import Board
from game.solver.deadlock import frozen_boxes


@dataclass(frozen=True)
class DeadlockWarning:
    """The boxes involved and a one-line message for the player."""

    boxes: frozenset[int]
    message: str


def deadlock_after_push(
    board: Board, boxes: Collection[int], pushed_to: int, dead: Collection[int]
) -> DeadlockWarning | None:
    """A warning if the push that moved a box to ``pushed_to`` made the level unsolvable."""
    if pushed_to in dead:
        return DeadlockWarning(
            frozenset({pushed_to}), "Deadlock: this box can never reach a goal from here (undo: U)"
        )
    frozen = frozen_boxes(board, boxes, dead)
    if pushed_to in frozen:
        return DeadlockWarning(
            frozen, "Deadlock: these boxes are frozen and one is off its goal (undo: U)"
        )
    return None
