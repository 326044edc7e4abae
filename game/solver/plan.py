"""A solution kept as a list of pushes, so hints survive the player's own walking.

The walk to the next push is recomputed from wherever the player stands; a push that differs
from the plan makes the plan stale.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.core.board import Board
from game.core.direction import Direction
from game.core.level import Level
from game.core.paths import walk_path
from game.core.play import PlayState
from game.core.push import Push

__all__ = ["Hint", "Push", "PushPlan"]


@dataclass(frozen=True)
class Hint:
    """The next push to make: walk there, then push ``box`` one square in ``direction``."""

    walk: tuple[Direction, ...]
    push: Push
    target: int  # the box's square after the push
    pushes_left: int


class PushPlan:
    """The pushes still to make; hints come from the first one."""

    def __init__(self, pushes: Sequence[Push]) -> None:
        self._pushes = list(pushes)

    def __len__(self) -> int:
        return len(self._pushes)

    @property
    def next_push(self) -> Push | None:
        return self._pushes[0] if self._pushes else None

    def hint(self, board: Board, boxes: Collection[int], player: int) -> Hint | None:
        """The next push with the shortest walk to it, or None if the plan no longer fits."""
        push = self.next_push
        if push is None or push.box not in boxes:
            return None
        offset = board.offset(push.direction)
        walk = walk_path(board, boxes, player, push.box - offset)
        if walk is None:
            return None
        return Hint(tuple(walk), push, push.box + offset, len(self._pushes))

    def follow(self, push: Push) -> bool:
        """Drop the first push if the player made it; False (plan stale) if he pushed otherwise."""
        if self._pushes and self._pushes[0] == push:
            self._pushes.pop(0)
            return True
        return False

    def moves_from(self, position: Level) -> list[Direction] | None:
        """All moves of the plan from ``position``, walks included; None if they do not fit."""
        plan = PushPlan(self._pushes)
        state = PlayState(position)
        moves: list[Direction] = []
        while plan.next_push is not None:
            hint = plan.hint(state.board, state.box_squares(), state.player)
            if hint is None:
                return None
            for direction in (*hint.walk, hint.push.direction):
                state.step(direction)
                moves.append(direction)
            plan.follow(hint.push)
        return moves
