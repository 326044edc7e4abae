"""The work the solver's worker process does: a typed request per kind of work, each with the
type of its answer and what it runs, and the news the worker sends back.

This module is what the worker process imports; the game's side is game.app.jobs.solver_service.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Protocol, TypeVar

from game.core.level import Level
from game.core.metrics import MetricOrder, played_pushes
from game.core.push import Push
from game.core.wording import counted
from game.solver.rescue import RescueResult
from game.solver.result import CancelCheck, SolveResult
from game.solver.workers import lower_priority, lower_thread_priority, send_quietly

if TYPE_CHECKING:
    from game.solver.optimize.optimizer import OptimizeResult

# How often the worker looks whether the game that started it is still there.
PARENT_CHECK_SECONDS = 0.25
# How far below the game (nice steps) the work runs: a search the player waits for one step,
# so the game's keys still come first but other programs do not starve it; work nobody waits
# for (thinking ahead, a rescue count) at the lowest priority there is.
WAITED_FOR_NICENESS = 1
BACKGROUND_NICENESS = 19


class NodeProgress(Protocol):
    """How the work tells its progress: search nodes and seconds so far, and a line for the
    screen when the work has more to say (the optimizer's best so far)."""

    def __call__(self, nodes: int, seconds: float, line: str = "") -> None: ...
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
    """A cheaper ``solution`` of ``level`` under the metric ``order``, starting from the best of
    ``seeds`` too (the level's other kept solutions), on ``workers`` processes."""

    level: Level
    solution: str
    order: MetricOrder
    time_limit: float
    seeds: tuple[str, ...] = ()
    workers: int = 1

    def run(self, cancelled: CancelCheck, progress: NodeProgress) -> OptimizeResult:
        from game.solver.optimize.optimizer import optimize

        return optimize(
            self.level,
            self.solution,
            self.order,
            time_limit=self.time_limit,
            cancel=cancelled,
            workers=self.workers,
            seeds=self.seeds,
            progress=lambda news: progress(
                news.nodes, news.seconds,
                f"best so far {counted(news.best.moves, 'move')}, "
                f"{counted(news.best.pushes, 'push', 'pushes')}",
            ),
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
    line: str = ""


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


@dataclass(frozen=True)
class Cancel:
    """From the game: every assignment up to ``request_id`` is cancelled."""

    request_id: int


def worker_main(pipe: Connection, parent: int) -> None:
    """The solver's worker process (see game.solver.workers.start_worker): it reads
    assignments and cancels from ``pipe`` and runs one assignment at a time, in a thread of its
    own, whose news it sends back through the pipe; None, the pipe closing or the game
    (process ``parent``) going away ends it, and cancels the work at hand.
    """
    lower_priority(WAITED_FOR_NICENESS)
    # A daemonic process may not start processes, and a search with several workers does. The
    # game still sees this worker as daemonic and ends it at exit; its searches end at once
    # when it goes, since their pipes close.
    multiprocessing.current_process().daemon = False
    cancelled_through = 0  # written by this thread, read by the work's
    running: threading.Thread | None = None
    ending = False

    def is_cancelled(rid: int) -> bool:
        return ending or cancelled_through >= rid or os.getppid() != parent

    def work(assignment: Assignment) -> None:
        rid = assignment.request_id
        if not assignment.waited_for:
            lower_thread_priority(BACKGROUND_NICENESS - WAITED_FOR_NICENESS)

        def progress(nodes: int, seconds: float, line: str = "") -> None:
            send_quietly(pipe, Progressed(rid, nodes, seconds, line))

        try:
            answer = assignment.request.run(lambda: is_cancelled(rid), progress)
        except Exception as error:  # the game must hear of any failure, never hang on it
            send_quietly(pipe, Failed(rid, f"the solver failed: {error}"))
        else:
            send_quietly(pipe, Answered(rid, answer))

    try:
        while os.getppid() == parent:
            if not pipe.poll(PARENT_CHECK_SECONDS):
                continue
            try:
                message: Assignment | Cancel | None = pipe.recv()
            except (EOFError, OSError):  # the game went away
                return
            if message is None:
                return
            if isinstance(message, Cancel):
                cancelled_through = max(cancelled_through, message.request_id)
                continue
            # One at a time: the one before was cancelled, and ends within its checks' time.
            # Each runs in a thread of its own: its priority is its own, and the next one's
            # thread starts again from the worker's (a process cannot raise its priority back).
            if running is not None:
                running.join()
            running = threading.Thread(
                target=work, args=(message,), name=f"solver-work-{message.request_id}"
            )
            running.start()
    finally:
        ending = True
