"""Turning a move-by-move plan (one direction per step) into the pushes the solver returns.

The move-optimal encodings decode this way; the walks between pushes are found again later.
"""

from __future__ import annotations

from game.core.paths import DIRECTIONS
from game.core.push import Push
from game.solver.search.problem import Problem


def pushes_of_moves(problem: Problem, directions: list[int]) -> list[Push]:
    """Play ``directions`` (indices into DIRECTIONS) from the start and keep the pushes."""
    boxes = problem.start_boxes
    player = problem.start_player
    pushes: list[Push] = []
    for index in directions:
        offset = problem.offsets[index]
        player += offset
        if boxes >> player & 1:
            boxes ^= 1 << player | 1 << (player + offset)
            pushes.append(Push(player, DIRECTIONS[index]))
    return pushes
