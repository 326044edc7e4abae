"""The work the solver's worker process does: a typed request per kind of work, each with the
type of its answer and what it runs, and the news the worker sends back.

This module is what the worker process imports; the game's side is game.app.solver_service.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from game.core.level import Level
from game.core.metrics import MetricOrder, played_pushes
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


# How the work tells its progress: search nodes and seconds so far.
NodeProgress = Callable[[int, float], None]
AnswerT = TypeVar("AnswerT", covariant=True)


class Request(Protocol[AnswerT]):
    """A kind of work for the worker: how long it may take, and what it runs there (imports
    inside its :meth:`run`: the game's process never loads the solver for it)."""

    @property
    def time_limit(self) -> float: ...

    def run(self, cancelled: CancelCheck, progress: NodeProgress) -> AnswerT: ...


@dataclass(frozen=True)
class Solved:
    """A search's answer: its result, and when it solved the level its typed ``plan`` (its
    pushes from the position asked about), so the game never reads LURD text back."""

    result: SolveResult
    plan: tuple[Push, ...] = ()


def solve_answer(level: Level, result: SolveResult) -> Solved:
    """The answer of a search of ``level``: the result, and its plan when it solved it."""
    return Solved(result, tuple(played_pushes(level, result.lurd)) if result.solved else ())


@dataclass(frozen=True)
class SolveRequest:
    """A whole solution from a position with ``method``, on ``workers`` processes (see
    game.solver.search.parallel): a hint, a solution, the think-ahead, the editor's check."""

    level: Level
    method: str = "fast"
    time_limit: float = 30.0
    workers: int = 1

    def run(self, cancelled: CancelCheck, progress: NodeProgress) -> Solved:
        from game.solver import solve

        result = solve(
            self.level,
            method=self.method,
            time_limit=self.time_limit,
            cancel=cancelled,
            progress=progress,
            workers=self.workers,
        )
        return solve_answer(self.level, result)


@dataclass(frozen=True)
class RescueRequest:
    """How many undos bring a lost game back: ``history`` the LURD from ``level``'s start."""

    level: Level
    history: str
    time_limit: float
    workers: int = 1

    def run(self, cancelled: CancelCheck, progress: NodeProgress) -> RescueResult:
        from game.solver.rescue import undos_to_solvable

        return undos_to_solvable(self.level, self.history, self.time_limit, cancelled, self.workers)


@dataclass(frozen=True)
class OptimizeRequest:
    """A cheaper ``solution`` of ``level`` under the metric ``order``."""

    level: Level
    solution: str
    order: MetricOrder
    time_limit: float

    def run(self, cancelled: CancelCheck, progress: NodeProgress) -> OptimizeResult:
        from game.solver.optimize.optimizer import optimize

        return optimize(
            self.level,
            self.solution,
            self.order,
            time_limit=self.time_limit,
            cancel=cancelled,
            progress=lambda news: progress(news.nodes, news.seconds),
        )


@dataclass(frozen=True)
class Assignment:
    """A request as the worker gets it: its number, and whether the player waits for it (it
    then runs at a higher priority)."""

    request_id: int
    request: Request[object]
    waited_for: bool = False


# -- what the worker sends back, each about one assignment ------------------------------------
@dataclass(frozen=True)
class Progressed:
    request_id: int
    nodes: int
    seconds: float


@dataclass(frozen=True)
class Answered:
    """The last news of an assignment: its answer (of the type its request's ``run`` gives)."""

    request_id: int
    answer: object


@dataclass(frozen=True)
class Failed:
    """The last news of an assignment: why no answer came, in one line."""

    request_id: int
    message: str


News = Progressed | Answered | Failed


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
            assignment: Assignment | None = requests.get(timeout=PARENT_CHECK_SECONDS)
        except queue.Empty:
            continue
        if assignment is None:
            return
        rid = assignment.request_id

        def is_cancelled(rid: int = rid) -> bool:
            return bool(cancelled_through.value >= rid) or orphaned()

        def progress(nodes: int, seconds: float, rid: int = rid) -> None:
            updates.put(Progressed(rid, nodes, seconds))

        def work(assignment: Assignment = assignment, rid: int = rid) -> None:
            if not assignment.waited_for:
                lower_thread_priority(BACKGROUND_NICENESS - WAITED_FOR_NICENESS)
            try:
                updates.put(Answered(rid, assignment.request.run(is_cancelled, progress)))
            except Exception as error:  # the game must hear of any failure, never hang on it
                updates.put(Failed(rid, f"the solver failed: {error}"))

        # Each request in a thread of its own: its priority is its own, and the next request's
        # thread starts again from the worker's (a process cannot raise its priority back).
        worker = threading.Thread(target=work, name=f"solver-work-{rid}")
        worker.start()
        worker.join()
