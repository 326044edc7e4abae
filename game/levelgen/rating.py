"""The difficulty rating of a level and its 1-5 stars: the one place the formula is written.

    rating = pushes + 2 * box_lines + 4 * box_changes + 3 * pushing_sessions
             + 6 * log2(1 + solver_nodes)                                  (rounded)

The counts come from the level's stored solution (see :mod:`game.levelgen.score`): switching
boxes weighs most because it is what makes a player plan ahead; every new line and every new
run of pushes after walking is a decision; pushes alone weigh least. ``solver_nodes`` is the
effort of the solver's feature space search (``fess``, a node count, so the same on every
machine) on the level: the logarithm keeps one hard corner from outweighing the whole solution.

Stars: rating below 45 is 1 star, below 100 is 2, below 180 is 3, below 300 is 4, else 5.
Chapters list their levels by rising rating.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.core.level import Level
from game.levelgen.score import SolutionCounts, solution_counts
from game.solver import solve

# The lowest rating of 2, 3, 4 and 5 stars.
STAR_THRESHOLDS = (45, 100, 180, 300)
NODES_WEIGHT = 6
# Feature space search gets this many nodes to measure a level's effort; a level it cannot
# solve within them counts as this many.
EFFORT_NODES = 100_000


@dataclass(frozen=True)
class Rating:
    """How hard a level is: the counts it was rated on, the solver's nodes and the result."""

    counts: SolutionCounts
    solver_nodes: int

    @property
    def value(self) -> int:
        return rating_value(self.counts, self.solver_nodes)

    @property
    def stars(self) -> int:
        return stars_of(self.value)


def rating_value(counts: SolutionCounts, solver_nodes: int) -> int:
    """The rating of the formula above."""
    plain = counts.pushes + 2 * counts.box_lines + 4 * counts.box_changes + 3 * counts.sessions
    return round(plain + NODES_WEIGHT * math.log2(1 + max(0, solver_nodes)))


def stars_of(rating: int) -> int:
    """1 to 5 stars for a rating."""
    return 1 + sum(rating >= threshold for threshold in STAR_THRESHOLDS)


def solver_effort(
    level: Level, node_limit: int = EFFORT_NODES, cancel: Callable[[], bool] | None = None
) -> tuple[int, str]:
    """The nodes feature space search expands to solve ``level`` (``node_limit`` if it fails
    within them or is cancelled) and its solution ('' if none)."""
    result = solve(level, "fess", time_limit=None, node_limit=node_limit, cancel=cancel)
    return (result.nodes, result.lurd) if result.solved else (node_limit, "")


def rate(level: Level, lurd: str, solver_nodes: int | None = None) -> Rating:
    """The rating of ``level`` solved by ``lurd``; the solver's effort is measured if not given."""
    nodes = solver_effort(level)[0] if solver_nodes is None else solver_nodes
    return Rating(solution_counts(level, lurd), nodes)
