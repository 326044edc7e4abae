"""One step of the optimizer: the vicinity of one solution searched for the cheapest path under one
metric order, its box runs then regrouped; run in the optimizer's process or in a worker of its own.

A step returns a LURD (walks lowercase, pushes uppercase) only when it beats its seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from multiprocessing.connection import Connection

from game.core.level import Level
from game.core.metrics import MetricOrder, SolutionMetrics, solution_metrics
from game.core.push import IndexedPush
from game.solver.collector import collector_paused
from game.solver.optimize.passes import regroup_pass, render
from game.solver.optimize.vicinity import (
    Grid,
    Vicinity,
    cheapest_path,
    layouts_along,
    path_cost,
    vicinity_layouts,
)
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.workers import parent_watch, send_quietly


class Best:
    """The best verified solution so far under one order: a new one replaces it only when it
    solves the level and ranks strictly better."""

    def __init__(
        self,
        level: Level,
        lurd: str,
        order: MetricOrder,
        solved: tuple[SolutionMetrics, list[IndexedPush]],
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


@dataclass(frozen=True)
class Step:
    """What one step searches: the vicinity of ``seed`` (the best pushes under ``order``) and
    the layouts along ``others`` (the best pushes under the other orders, so that a path
    through them is found too)."""

    order: MetricOrder
    vicinity: Vicinity
    seed: tuple[IndexedPush, ...]
    others: tuple[tuple[IndexedPush, ...], ...]


def run_step(level: Level, grid: Grid, step: Step, limits: Limits) -> str | None:
    """A solution cheaper under ``step.order`` than the seed walked by the shortest ways, or
    None; StopSearch at a limit."""
    seed = render(level, step.seed, limits.poll)
    solved = None if seed is None else solution_metrics(level, seed)
    if seed is None or solved is None:
        raise ValueError("a step's seed is not a solution of its level")
    best = Best(level, seed, step.order, solved)
    allowed = vicinity_layouts(
        grid, layouts_along(level, step.seed, grid.offsets), step.vicinity, limits
    )
    for pushes in step.others:
        allowed.update(layouts_along(level, pushes, grid.offsets))
    bound = path_cost(grid, level, step.seed, step.order)
    found = cheapest_path(grid, level, allowed, step.order, bound, limits)
    if found is not None:
        lurd = render(level, found, limits.poll)
        if lurd is not None:
            best.offer(lurd)
    while regroup_pass(level, best.pushes, grid.offsets, best.offer, limits.poll) is not None:
        pass  # each regrouping taken starts the next pass
    return None if best.lurd == seed else best.lurd


# What a step's worker sends: ("progress", nodes), ("done", nodes, LURD or None) or
# ("stopped", nodes, status, reason).
def work_step(
    pipe: Connection,
    parent: int,
    level: Level,
    grid: Grid,
    step: Step,
    time_limit: float | None,
    memory_limit: int,
) -> None:
    """A worker: one step under its own limits, stopped when the parent sends anything or
    goes away (see :func:`parent_watch`)."""

    def progress(nodes: int, _seconds: float) -> None:
        send_quietly(pipe, ("progress", nodes))

    limits = Limits(time_limit, None, memory_limit, parent_watch(pipe, parent), progress)
    with collector_paused():
        try:
            found = run_step(level, grid, step, limits)
        except StopSearch as stop:
            send_quietly(pipe, ("stopped", limits.nodes, stop.status.value, stop.reason))
        except MemoryError:
            send_quietly(pipe, ("stopped", limits.nodes, SolveStatus.MEMORY.value, "out of memory"))
        else:
            send_quietly(pipe, ("done", limits.nodes, found))
    pipe.close()
