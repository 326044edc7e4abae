"""In-process stand-ins for the solver service, for the tests of what asks it for help.

The base records every request and answers only when the test says; subclasses answer at once.
"""

from __future__ import annotations

from game.app.solver_service import Job, SolverRequest, SolverUpdate, solve_answer
from game.core import Level
from game.solver import SolveResult, SolveStatus, solve
from game.solver.rescue import undos_to_solvable


class FakeSolver:
    """Records requests and answers only when told to (:meth:`answer`)."""

    def __init__(self) -> None:
        self.think_ahead = True
        self.requests: list[SolverRequest] = []
        self.cancels = 0
        self.pending: list[SolverUpdate] = []

    @property
    def limits(self) -> list[float]:
        return [request.time_limit for request in self.requests]

    @property
    def methods(self) -> list[str]:
        return [request.method for request in self.requests]

    def submit(
        self,
        level: Level,
        job: Job = Job.SOLVE,
        method: str = "fast",
        time_limit: float = 30.0,
        history: str = "",
        workers: int = 1,
    ) -> int:
        request_id = len(self.requests) + 1
        request = SolverRequest(request_id, job, level, history, method, time_limit, workers)
        self.requests.append(request)
        self.reply(request)
        return request_id

    def reply(self, request: SolverRequest) -> None:
        """What a subclass answers as soon as ``request`` comes; the base waits for the test."""

    def answer(self, result: SolveResult) -> None:
        self.pending.append(SolverUpdate(len(self.requests), Job.SOLVE, result=result))

    def cancel(self) -> None:
        self.cancels += 1
        self.pending = []

    def poll(self) -> list[SolverUpdate]:
        fresh, self.pending = self.pending, []
        return fresh


class InstantSolver(FakeSolver):
    """Answers every request at once, in this process, on the next poll."""

    def reply(self, request: SolverRequest) -> None:
        if request.job is Job.SOLVE:
            result = solve(request.level, method=request.method, time_limit=request.time_limit)
            self.pending = [
                SolverUpdate(request.request_id, request.job, 5, 0.1),
                solve_answer(request, result),
            ]
        else:
            rescue = undos_to_solvable(request.level, request.history, request.time_limit)
            self.pending = [SolverUpdate(request.request_id, request.job, rescue=rescue)]


class SlowSolver(FakeSolver):
    """Never finds anything: every search runs out of its time."""

    def reply(self, request: SolverRequest) -> None:
        timeout = SolveResult(SolveStatus.TIMEOUT, "", nodes=10, seconds=request.time_limit)
        self.pending = [SolverUpdate(request.request_id, request.job, result=timeout)]
