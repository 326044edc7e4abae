"""The solution optimizer: a solution made cheaper under a metric order by vicinity search and cheap
passes, iterated until nothing improves; what it returns is replayed and never worse than given.

``optimize`` is pure and runs under the solver's limits (time, memory, cancel), so it can run in
the solver's worker process as a background job.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.level import Level
from game.core.metrics import MetricOrder, SolutionMetrics, solution_metrics
from game.core.notation import parse_lurd, replay
from game.core.push import IndexedPush as Push
from game.solver.collector import collector_paused
from game.solver.methods import DEFAULT_MEMORY
from game.solver.optimize.passes import regroup_pass, render
from game.solver.optimize.vicinity import (
    Grid,
    Vicinity,
    cheapest_path,
    layouts_along,
    path_cost,
    vicinity_layouts,
)
from game.solver.result import Cancel, Limits, SolveStatus, StopSearch

__all__ = ["OptimizeProgress", "OptimizeResult", "Vicinity", "optimize"]


@dataclass(frozen=True)
class OptimizeProgress:
    """News of a running optimization: search nodes and seconds so far, and the best yet."""

    nodes: int
    seconds: float
    best: SolutionMetrics


@dataclass(frozen=True)
class OptimizeResult:
    """The best solution found (the one given when nothing better was) with its metrics
    before and after; ``stopped`` says which limit cut the work short (None: it ran until no
    pass improved), ``reason`` words it."""

    lurd: str
    before: SolutionMetrics
    after: SolutionMetrics
    order: MetricOrder
    stopped: SolveStatus | None
    reason: str
    nodes: int
    seconds: float

    @property
    def improved(self) -> bool:
        return self.order.better(self.after, self.before)


class _Best:
    """The best verified solution so far: a new one replaces it only when it solves the level
    and ranks strictly better."""

    def __init__(
        self,
        level: Level,
        lurd: str,
        order: MetricOrder,
        solved: tuple[SolutionMetrics, list[Push]],
    ) -> None:
        """``solved``: the metrics and pushes of ``lurd`` (see :func:`solution_metrics`)."""
        self.level = level
        self.order = order
        self.lurd = lurd
        self.metrics, self.pushes = solved

    def offer(self, lurd: str) -> bool:
        solved = solution_metrics(self.level, lurd)
        if solved is None or not self.order.better(solved[0], self.metrics):
            return False
        self.lurd, (self.metrics, self.pushes) = lurd, solved
        return True


def optimize(
    level: Level,
    lurd: str,
    order: MetricOrder = MetricOrder.MOVES,
    vicinity: Vicinity | None = None,
    time_limit: float | None = 60.0,
    memory_limit: int = DEFAULT_MEMORY,
    cancel: Cancel | None = None,
    progress: Callable[[OptimizeProgress], None] | None = None,
) -> OptimizeResult:
    """A solution of ``level`` at least as good as ``lurd`` under ``order``.

    Each round walks the pushes by the shortest ways, searches the vicinity of the solution
    (one box moved, then up to ``vicinity.boxes``) and regroups one box's pushing runs; the
    rounds go on until none improves. ``cancel``, ``time_limit`` and ``memory_limit`` behave as
    in :func:`game.solver.solve` and end the work with the best solution so far;
    ``progress`` comes about every 0.2 s. ValueError (NotationError, a subclass) when ``lurd``
    is not a solution of ``level``.
    """
    moves = parse_lurd(lurd)
    solved = solution_metrics(level, moves)
    if solved is None:
        check = replay(level, moves, strict_case=False)
        raise ValueError(check.reason or "the solution does not solve the level")
    best = _Best(level, moves, order, solved)
    before = best.metrics

    def report(nodes: int, seconds: float) -> None:
        if progress is not None:
            progress(OptimizeProgress(nodes, seconds, best.metrics))

    limits = Limits(time_limit, None, memory_limit, cancel, report)
    stopped: SolveStatus | None = None
    reason = ""
    # The stop is handled inside the pause, so that the searches' heaps are freed before the
    # collector runs again (see game.solver.collector).
    with collector_paused():
        try:
            _improve(level, best, vicinity or Vicinity(), limits)
        except StopSearch as stop:
            stopped, reason = stop.status, stop.reason
        except MemoryError:
            stopped, reason = SolveStatus.MEMORY, "out of memory"
    return OptimizeResult(
        best.lurd, before, best.metrics, order, stopped, reason, limits.nodes, limits.elapsed()
    )


def _improve(level: Level, best: _Best, vicinity: Vicinity, limits: Limits) -> None:
    """Rounds of the passes until one improves nothing (StopSearch at a limit)."""
    limits.check()  # a job cancelled before it starts does no work
    grid = Grid(level, limits)
    shortest = render(level, best.pushes, limits.poll)
    if shortest is not None:
        best.offer(shortest)
    # Small vicinities first: they are quick, and an improvement starts the next round.
    steps = [
        Vicinity(boxes, vicinity.radius, vicinity.max_layouts)
        for boxes in range(1, vicinity.boxes + 1)
    ]
    improved = True
    while improved:
        improved = False
        for step in steps:
            if _vicinity_round(level, grid, best, step, limits):
                improved = True
                break
        while True:
            order = regroup_pass(level, best.pushes, grid.offsets, best.offer, limits.poll)
            if order is None:
                break
            improved = True


def _vicinity_round(
    level: Level, grid: Grid, best: _Best, vicinity: Vicinity, limits: Limits
) -> bool:
    """Search the vicinity of the best solution once; whether it found a better one."""
    layouts = layouts_along(level, best.pushes, grid.offsets)
    allowed = vicinity_layouts(grid, layouts, vicinity, limits)
    bound = path_cost(grid, level, best.pushes, best.order)
    pushes = cheapest_path(grid, level, allowed, best.order, bound, limits)
    if pushes is None:
        return False
    lurd = render(level, pushes, limits.poll)
    return lurd is not None and best.offer(lurd)
