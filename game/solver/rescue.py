"""Finding how many undos bring a dead game back to a position that can still be solved.

Solvability can only be lost by a push and never comes back, so a binary search over the pushes
of the history finds the first fatal push with a handful of solves.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from game.core.level import Level
from game.core.notation import parse_lurd
from game.core.play import PlayState
from game.solver.methods import solve
from game.solver.result import Cancel, SolveStatus


@dataclass(frozen=True)
class RescueResult:
    """The first ``kept`` moves of the history leave a solvable position (None if that is
    unknown): undoing the others saves the game."""

    kept: int | None
    certain: bool  # False when a solve timed out and the count is only an upper bound
    solves: int
    seconds: float


def _position_after(level: Level, moves: str, count: int) -> Level:
    state = PlayState(level)
    for _ in state.play_letters(moves[:count]):
        pass
    return state.position()


def undos_to_solvable(
    level: Level,
    history: str,
    time_limit: float,
    cancel: Cancel | None = None,
    workers: int = 1,
) -> RescueResult:
    """Undos from the end of ``history`` (LURD from ``level``'s start) to a solvable position;
    each solve runs with ``workers`` processes."""
    started = time.monotonic()
    moves = parse_lurd(history)
    pushes = [index for index, letter in enumerate(moves) if letter.isupper()]
    if not pushes:
        return RescueResult(None, False, 0, 0.0)
    budget = time_limit / (math.log2(len(pushes)) + 2)
    solves = 0
    certain = True
    # Invariant: the position before push ``low`` is solvable; the one after push ``high`` is not.
    low, high = 0, len(pushes) - 1
    while low < high:
        if cancel is not None and (cancel.is_set() if hasattr(cancel, "is_set") else cancel()):
            return RescueResult(None, False, solves, time.monotonic() - started)
        middle = (low + high) // 2
        position = _position_after(level, moves, pushes[middle] + 1)
        result = solve(
            position, method="fast", time_limit=budget, cancel=cancel, workers=workers
        )
        solves += 1
        if result.status is SolveStatus.SOLVED:
            low = middle + 1
        else:
            # An unproved answer counts as dead: the count stays safe, if perhaps too large.
            certain = certain and result.status is SolveStatus.UNSOLVABLE
            high = middle
    kept = pushes[low]
    return RescueResult(kept, certain, solves, time.monotonic() - started)
