"""Where boxes can be after k steps of a plan of N: constant masks that prune every encoding.

Forward, a box is at most k pushes from some starting box (pushes relaxed: no player, no
other boxes); backward, at most N - k pushes from its nearest goal (the solver's push distances).
"""

from __future__ import annotations

from game.solver.analysis.board import bits_of, shift
from game.solver.search.problem import Problem


class BoxBounds:
    """The masks of squares boxes may occupy, computed once per problem and grown on demand."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.forward = [problem.start_boxes]
        nearest = problem.analysis.nearest
        squares = list(bits_of(problem.floor))
        self.farthest = max((nearest[sq] for sq in squares if problem.live >> sq & 1), default=0)
        self._beyond = [
            sum(1 << sq for sq in squares if nearest[sq] > remaining)
            for remaining in range(self.farthest + 1)
        ]

    def reachable_after(self, steps: int) -> int:
        """Squares a box may stand on after ``steps`` pushes (or more moves)."""
        problem = self.problem
        while len(self.forward) <= steps:
            boxes = self.forward[-1]
            grown = boxes
            for offset in problem.offsets:
                behind = shift(problem.floor, offset)  # squares with floor behind them
                grown |= shift(boxes & behind, offset) & problem.live
            self.forward.append(grown)
        return self.forward[steps]

    def too_far(self, remaining: int) -> int:
        """Squares a box cannot leave for a goal within ``remaining`` pushes."""
        return self._beyond[remaining] if remaining <= self.farthest else 0
