"""The work the solver's worker process does: requests and updates, and the ``WORKS`` table
of what each kind of work runs (a new kind is one :class:`Work` member and its function).

This module is what the worker process imports; the game's side is game.app.solver_service.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from game.core.level import Level
from game.core.metrics import played_pushes
from game.core.push import Push
from game.solver.rescue import RescueResult
from game.solver.result import CancelCheck, SolveResult
from game.solver.workers import lower_priority, lower_thread_priority

if TYPE_CHECKING:
    from game.solver.optimize.optimizer import OptimizeResult

# How often an idle worker looks whether the game that started it is still there.
PARENT_CHECK_SECONDS = 0.25
# How far below the game (nice steps) the work runs: a search the player waits for one step,
# so the game's keys still come first but other programs do not starve it; work nobody waits
# for (thinking ahead, a rescue count) at the lowest priority there is.
WAITED_FOR_NICENESS = 1
BACKGROUND_NICENESS = 19


class Work(Enum):
    """What the worker is asked to do (its function is in ``WORKS``)."""

    SOLVE = "solve"  # a whole solution from a position
    RESCUE = "rescue"  # how many undos bring an unsolvable game back
    # A solution (the request's ``history``) made cheaper under a metric order (its ``method``).
    OPTIMIZE = "optimize"


@dataclass(frozen=True)
class SolverRequest:
    request_id: int
    work: Work
    level: Level
    history: str  # the LURD from the level's start, for RESCUE
    method: str
    time_limit: float
    workers: int = 1  # processes that share the search (see game.solver.search.parallel)
    waited_for: bool = False  # the player waits for it: it runs at a higher priority


@dataclass(frozen=True)
class SolverUpdate:
    """Progress or the final answer for one request; ``done`` marks the last update.

    A solution comes as a typed ``plan`` (its pushes from the position asked about), so the
    game never reads LURD text back.
    """

    request_id: int
    work: Work
    nodes: int = 0
    seconds: float = 0.0
    result: SolveResult | None = None
    rescue: RescueResult | None = None
    error: str = ""
    plan: tuple[Push, ...] = ()
    optimized: OptimizeResult | None = None

    @property
    def done(self) -> bool:
        answered = self.result is not None or self.rescue is not None
        return answered or self.optimized is not None or bool(self.error)


def solve_answer(request: SolverRequest, result: SolveResult) -> SolverUpdate:
    """The final update of a solve: the result, and its plan when it solved the level."""
    plan = tuple(played_pushes(request.level, result.lurd)) if result.solved else ()
    return SolverUpdate(
        request.request_id, request.work, result.nodes, result.seconds, result, plan=plan
    )


NodeProgress = Callable[[int, float], None]


def _solve(request: SolverRequest, cancelled: CancelCheck, progress: NodeProgress) -> SolverUpdate:
    from game.solver import solve

    result = solve(
        request.level,
        method=request.method,
        time_limit=request.time_limit,
        cancel=cancelled,
        progress=progress,
        workers=request.workers,
    )
    return solve_answer(request, result)


def _rescue(
    request: SolverRequest, cancelled: CancelCheck, _progress: NodeProgress
) -> SolverUpdate:
    from game.solver.rescue import undos_to_solvable

    rescue = undos_to_solvable(
        request.level, request.history, request.time_limit, cancelled, request.workers
    )
    return SolverUpdate(request.request_id, request.work, rescue=rescue)


def _optimize(
    request: SolverRequest, cancelled: CancelCheck, progress: NodeProgress
) -> SolverUpdate:
    from game.core.metrics import MetricOrder
    from game.solver.optimize.optimizer import optimize

    result = optimize(
        request.level,
        request.history,
        MetricOrder(request.method),
        time_limit=request.time_limit,
        cancel=cancelled,
        progress=lambda news: progress(news.nodes, news.seconds),
    )
    return SolverUpdate(
        request.request_id, request.work, result.nodes, result.seconds, optimized=result
    )


# What the worker process does for each kind of work (imports inside: the game's process never
# loads the solver for them).
WORKS: dict[Work, Callable[[SolverRequest, CancelCheck, NodeProgress], SolverUpdate]] = {
    Work.SOLVE: _solve,
    Work.RESCUE: _rescue,
    Work.OPTIMIZE: _optimize,
}


def worker_main(requests: Any, updates: Any, cancelled_through: Any) -> None:
    """Worker process loop: one request at a time, cancelled through a shared counter.

    The worker holds both ends of its queues, so it never sees them close when the game dies:
    it watches the game's process instead, while it waits and while it searches, and leaves
    within a second once the game is gone.
    """
    lower_priority(WAITED_FOR_NICENESS)
    parent = multiprocessing.parent_process()
    # A daemonic process may not start processes, and a search with several workers does. The
    # game still sees this worker as daemonic and ends it at exit; its searches end at once
    # when it goes, since their pipes close.
    multiprocessing.current_process().daemon = False

    def orphaned() -> bool:
        return parent is not None and not parent.is_alive()

    # Updates nobody will read must not hold the worker's exit up.
    updates.cancel_join_thread()
    while not orphaned():
        try:
            request: SolverRequest | None = requests.get(timeout=PARENT_CHECK_SECONDS)
        except queue.Empty:
            continue
        if request is None:
            return
        rid = request.request_id

        def is_cancelled(rid: int = rid) -> bool:
            return bool(cancelled_through.value >= rid) or orphaned()

        def progress(nodes: int, seconds: float, rid: int = rid, work: Work = request.work) -> None:
            updates.put(SolverUpdate(rid, work, nodes, seconds))

        def work(request: SolverRequest = request, rid: int = rid) -> None:
            if not request.waited_for:
                lower_thread_priority(BACKGROUND_NICENESS - WAITED_FOR_NICENESS)
            try:
                updates.put(WORKS[request.work](request, is_cancelled, progress))
            except Exception as error:  # the game must hear of any failure, never hang on it
                updates.put(SolverUpdate(rid, request.work, error=f"the solver failed: {error}"))

        # Each request in a thread of its own: its priority is its own, and the next request's
        # thread starts again from the worker's (a process cannot raise its priority back).
        worker = threading.Thread(target=work, name=f"solver-work-{rid}")
        worker.start()
        worker.join()
