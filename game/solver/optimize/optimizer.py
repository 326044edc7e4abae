"""The solution optimizer: a solution made cheaper under a metric order by steps of vicinity search
from each improvement, the vicinity growing until no step improves (converged) or a limit stops it.

Every order the optimizer works for (the one asked, moves and pushes) keeps its best solution, and
every solution found is offered to each, so the answer is never beaten by one found on the way for
another order. Steps run in worker processes (``workers``) or in this one; ``optimize`` is pure
and runs under the solver's limits, so it can run in the solver's worker process as a job.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait

from game.core.level import Level
from game.core.metrics import MetricOrder, SolutionMetrics, solution_metrics
from game.core.notation import NotationError, in_true_case
from game.core.push import IndexedPush
from game.solver.collector import collector_paused
from game.solver.methods import DEFAULT_MEMORY
from game.solver.optimize.passes import render
from game.solver.optimize.step import Best, Step, run_step, work_step
from game.solver.optimize.vicinity import Grid, Vicinity
from game.solver.result import CHECK_SECONDS, Cancel, Limits, SolveStatus, StopSearch
from game.solver.workers import Worker, end_workers, start_worker

__all__ = ["LADDER", "OptimizeProgress", "OptimizeResult", "Vicinity", "optimize"]

# The vicinities a solution's steps go through, smallest first; every improvement starts the
# ladder again from its foot. The foot is the optimizer's two steps from before it had a ladder
# (one box, then two, three squares): smaller first rungs lost to them on long XSokoban solutions
# (docs/optimizer.md). The rungs above reach further once those find nothing.
LADDER = (
    Vicinity(boxes=1, radius=3, max_layouts=200_000),
    Vicinity(boxes=2, radius=3, max_layouts=200_000),
    Vicinity(boxes=3, radius=3, max_layouts=300_000),
    Vicinity(boxes=2, radius=5, max_layouts=400_000),
)


@dataclass(frozen=True)
class OptimizeProgress:
    """News of a running optimization: search nodes and seconds so far, and the best solution
    yet under the order asked for."""

    nodes: int
    seconds: float
    best: SolutionMetrics
    lurd: str


@dataclass(frozen=True)
class OptimizeResult:
    """The best solution found (the one given when nothing better was) with its metrics
    before and after; ``stopped`` says which limit cut the work short (None: it converged, no
    step of the ladder improved any order's best), ``reason`` words it."""

    lurd: str
    before: SolutionMetrics
    after: SolutionMetrics
    order: MetricOrder
    stopped: SolveStatus | None
    reason: str
    nodes: int
    seconds: float
    workers: int  # processes that ran steps (1: this one)

    @property
    def improved(self) -> bool:
        return self.order.better(self.after, self.before)

    @property
    def converged(self) -> bool:
        return self.stopped is None


def optimize(
    level: Level,
    lurd: str,
    order: MetricOrder = MetricOrder.MOVES,
    ladder: Sequence[Vicinity] = LADDER,
    time_limit: float | None = 60.0,
    memory_limit: int = DEFAULT_MEMORY,
    cancel: Cancel | None = None,
    progress: Callable[[OptimizeProgress], None] | None = None,
    workers: int = 1,
    seeds: Sequence[str] = (),
) -> OptimizeResult:
    """A solution of ``level`` at least as good as ``lurd`` under ``order``, with each push in
    uppercase and each walk in lowercase.

    ``seeds`` are other solutions of the level (e.g. the library's best for other orders),
    offered to every order's best before the first step, so that a run starts from what runs
    for other orders found (one that does not solve the level is passed over).

    ``cancel``, ``time_limit`` and ``memory_limit`` behave as in :func:`game.solver.solve` and
    end the work with the best solution so far (the memory shared evenly among the workers);
    ``progress`` comes about every 0.2 s and whenever the best improves. ValueError
    (NotationError, a subclass) when ``lurd`` is not a solution of ``level``.
    """
    moves, check = in_true_case(level, lurd)
    solved = solution_metrics(level, moves)
    if solved is None or not check.solved:
        raise ValueError(check.reason or "the solution does not solve the level")
    run = _Run(level, moves, order, solved, progress)
    limits = Limits(time_limit, None, memory_limit, cancel, run.report)
    stopped: SolveStatus | None = None
    reason = ""
    # The stop is handled inside the pause, so that the searches' heaps are freed before the
    # collector runs again (see game.solver.collector).
    with collector_paused():
        try:
            limits.check()  # a job cancelled before it starts does no work
            grid = Grid(level, limits)
            for seed in seeds:
                with suppress(NotationError):  # passed over, as one that does not solve
                    run.offer(in_true_case(level, seed)[0], limits)
            shortest = render(level, run.asked.pushes, limits.poll)
            if shortest is not None:
                run.offer(shortest, limits)
            if workers <= 1:
                run.steps_here(grid, ladder, limits)
            else:
                run.steps_apart(grid, ladder, limits, workers)
        except StopSearch as stop:
            stopped, reason = stop.status, stop.reason
        except MemoryError:
            stopped, reason = SolveStatus.MEMORY, "out of memory"
    best = run.asked
    return OptimizeResult(
        best.lurd, solved[0], best.metrics, order, stopped, reason, limits.nodes,
        limits.elapsed(), max(1, workers),
    )


def orders_for(order: MetricOrder) -> tuple[MetricOrder, ...]:
    """The orders a run for ``order`` keeps a best for, in the order their steps are taken:
    a line order asked for first, then pushes and moves. A run for moves and a run for pushes
    take the same steps on the same solutions, whichever was asked, so where both get as far
    neither answer is beaten by the other at its own metric; pushes go first since a solution
    with fewer pushes is the better seed for moves too (an expert's way with YASC)."""
    both = (MetricOrder.PUSHES, MetricOrder.MOVES)
    return both if order in both else (order, *both)


class _Run:
    """One optimization's bests, one an order, and which steps of the ladder each has had from
    its best: a step is due until every rung has been tried on the order's best."""

    def __init__(
        self,
        level: Level,
        lurd: str,
        order: MetricOrder,
        solved: tuple[SolutionMetrics, list[IndexedPush]],
        progress: Callable[[OptimizeProgress], None] | None,
    ) -> None:
        self.level = level
        self.orders = orders_for(order)
        self.bests = {each: Best(level, lurd, each, solved) for each in self.orders}
        self.asked = self.bests[order]
        self.tried: dict[MetricOrder, set[int]] = {each: set() for each in self.orders}
        self.running = dict.fromkeys(self.orders, 0)
        self.progress = progress

    def report(self, nodes: int, seconds: float) -> None:
        if self.progress is not None:
            self.progress(OptimizeProgress(nodes, seconds, self.asked.metrics, self.asked.lurd))

    def offer(self, lurd: str, limits: Limits) -> None:
        """Offer a solution to every order's best; an order it improves starts its ladder
        again, and news goes out when the asked order's best improves."""
        for order, best in self.bests.items():
            if best.offer(lurd):
                self.tried[order] = set()
                if best is self.asked:
                    self.report(limits.nodes, limits.elapsed())

    def next_step(self, ladder: Sequence[Vicinity]) -> Step | None:
        """The next step due: the lowest untried rung of the order with the fewest steps under
        way (the first in :func:`orders_for` among equals); None when none is due."""
        due = [
            (self.running[order], rank, order)
            for rank, order in enumerate(self.orders)
            if len(self.tried[order]) < len(ladder)
        ]
        if not due:
            return None
        order = min(due)[2]
        rung = min(set(range(len(ladder))) - self.tried[order])
        self.tried[order].add(rung)
        self.running[order] += 1
        seed = tuple(self.bests[order].pushes)
        others = {
            tuple(best.pushes) for other, best in self.bests.items() if other is not order
        }
        others.discard(seed)
        return Step(order, ladder[rung], seed, tuple(others))

    def steps_here(self, grid: Grid, ladder: Sequence[Vicinity], limits: Limits) -> None:
        """Run the steps in this process until none is due (StopSearch at a limit)."""
        while (step := self.next_step(ladder)) is not None:
            found = run_step(self.level, grid, step, limits)
            self.running[step.order] -= 1
            if found is not None:
                self.offer(found, limits)

    def steps_apart(
        self, grid: Grid, ladder: Sequence[Vicinity], limits: Limits, workers: int
    ) -> None:
        """Run the steps in up to ``workers`` processes at once until none is due and none is
        under way (StopSearch at a limit); ``limits.nodes`` counts the workers' nodes.

        The steps' answers are taken in the order the steps began, and step k begins from the
        bests after the answers of steps 0 to k - ``workers``, whichever worker finishes first:
        so a run takes the same steps on the same solutions however the processes were timed,
        and a run for moves and one for pushes stay alike as far as both get."""
        share = limits.memory_limit // workers
        running: dict[Connection, tuple[Worker, int, int]] = {}  # worker, step's index, nodes
        steps: list[Step] = []  # every step begun, by index
        answers: dict[int, str | None] = {}  # the answers not yet taken, by step
        taken = 0  # the steps whose answers are taken, in order
        finished_nodes = 0

        def take_next() -> bool:
            """Take the next answer in order, if it has come."""
            nonlocal taken
            if taken not in answers:
                return False
            found = answers.pop(taken)
            self.running[steps[taken].order] -= 1
            if found is not None:
                self.offer(found, limits)
            taken += 1
            return True

        try:
            while True:
                while len(running) < workers:
                    # Step k begins from the bests after steps 0 to k - workers.
                    if taken < len(steps) - workers + 1 and not take_next():
                        break
                    step = self.next_step(ladder)
                    if step is None:
                        if taken < len(steps) and take_next():
                            continue  # an answer taken may make a step due
                        break
                    remaining = (
                        None if limits.deadline is None
                        else max(0.0, limits.deadline - time.monotonic())
                    )
                    worker = start_worker(
                        work_step, self.level, grid, step, remaining, share,
                        name=f"optimizer-step-{step.order.value}",
                    )
                    running[worker.pipe] = (worker, len(steps), 0)
                    steps.append(step)
                if not running:  # every answer has come
                    if take_next():
                        continue  # it may make a step due
                    return
                for pipe in wait(list(running), timeout=CHECK_SECONDS):
                    assert isinstance(pipe, Connection)
                    worker, index, nodes = running[pipe]
                    try:
                        message = pipe.recv()
                    except (EOFError, OSError):  # it died without a word (killed from outside)
                        message = ("stopped", nodes)
                    if message[0] == "progress":
                        running[pipe] = (worker, index, message[1])
                        continue
                    del running[pipe]
                    end_workers([worker])
                    finished_nodes += message[1]
                    answers[index] = message[2] if message[0] == "done" else None
                limits.nodes = finished_nodes + sum(nodes for _, _, nodes in running.values())
                limits.check()
        finally:
            end_workers(worker for worker, _, _ in running.values())
