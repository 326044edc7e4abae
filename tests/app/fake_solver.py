"""In-process stand-ins for the solver service, for the tests of what asks it for help.

The base records every request and answers only when the test says; subclasses answer at once.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.app.jobs import Job, Progress, Purpose
from game.app.solver_service import SolverRequest, SolverUpdate, Work, solve_answer
from game.core import Level
from game.solver import SolveResult, SolveStatus, solve
from game.solver.rescue import undos_to_solvable


class FakeSolver:
    """Records requests and answers only when told to (:meth:`answer`); one job at a time, as
    the service: a new one cancels the one before."""

    def __init__(self) -> None:
        self.think_ahead = True
        self.requests: list[SolverRequest] = []
        self.jobs: list[Job[SolverUpdate]] = []
        self.cancels = 0

    @property
    def limits(self) -> list[float]:
        return [request.time_limit for request in self.requests]

    @property
    def methods(self) -> list[str]:
        return [request.method for request in self.requests]

    @property
    def purposes(self) -> list[Purpose]:
        return [job.purpose for job in self.jobs]

    def start(
        self,
        purpose: Purpose,
        subject: Hashable,
        level: Level,
        work: Work = Work.SOLVE,
        method: str = "fast",
        time_limit: float = 30.0,
        history: str = "",
        workers: int = 1,
    ) -> Job[SolverUpdate]:
        if self.jobs:
            self.jobs[-1].dropped()
        request = SolverRequest(
            len(self.requests) + 1, work, level, history, method, time_limit, workers,
            purpose.shown,
        )
        job: Job[SolverUpdate] = Job(purpose, subject, lambda: self._cancelled(job))
        self.requests.append(request)
        self.jobs.append(job)
        self.reply(request, job)
        return job

    def _cancelled(self, job: Job[SolverUpdate]) -> None:
        self.cancels += 1
        job.dropped()

    def reply(self, request: SolverRequest, job: Job[SolverUpdate]) -> None:
        """What a subclass answers as soon as ``request`` comes; the base waits for the test."""

    def answer(self, result: SolveResult) -> None:
        """The latest job ends with ``result``."""
        request = self.requests[-1]
        self.jobs[-1].finish(SolverUpdate(request.request_id, request.work, result=result))

    def cancel(self) -> None:
        if self.jobs:
            self.jobs[-1].cancel()

    def shutdown(self) -> None:
        self.cancel()


class InstantSolver(FakeSolver):
    """Answers every request at once, in this process."""

    def reply(self, request: SolverRequest, job: Job[SolverUpdate]) -> None:
        if request.work is Work.SOLVE:
            result = solve(request.level, method=request.method, time_limit=request.time_limit)
            job.report(Progress(5, 0.1))
            job.finish(solve_answer(request, result))
        else:
            rescue = undos_to_solvable(request.level, request.history, request.time_limit)
            job.finish(SolverUpdate(request.request_id, request.work, rescue=rescue))


class SlowSolver(FakeSolver):
    """Never finds anything: every search runs out of its time (or of ``stop``)."""

    stop = SolveStatus.TIMEOUT

    def reply(self, request: SolverRequest, job: Job[SolverUpdate]) -> None:
        timeout = SolveResult(self.stop, "", nodes=10, seconds=request.time_limit)
        job.finish(SolverUpdate(request.request_id, request.work, result=timeout))
