"""In-process stand-ins for the solver service, for the tests of what asks it for help.

The base records every request and answers only when the test says; subclasses answer at once.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, TypeVar

from game.app.jobs.jobs import Job, Progress, Purpose
from game.app.jobs.solver_service import RescueRequest, Solved, SolveRequest, solve_answer
from game.app.jobs.solver_works import Request
from game.solver import SolveResult, SolveStatus

AnswerT = TypeVar("AnswerT")


def never() -> bool:
    return False


def untold(nodes: int, seconds: float, line: str = "") -> None:
    """Nobody follows a stand-in's progress."""


class FakeSolver:
    """Records requests and answers only when told to (:meth:`answer`); one job at a time, as
    the service: a new one cancels the one before."""

    def __init__(self) -> None:
        self.think_ahead = True
        self.requests: list[Request[object]] = []
        self.jobs: list[Job[Any]] = []
        self.cancels = 0

    @property
    def limits(self) -> list[float]:
        return [request.time_limit for request in self.requests]

    @property
    def searches(self) -> list[SolveRequest]:
        """The searches asked (not the rescues)."""
        return [request for request in self.requests if isinstance(request, SolveRequest)]

    @property
    def methods(self) -> list[str]:
        return [search.method for search in self.searches]

    @property
    def purposes(self) -> list[Purpose]:
        return [job.purpose for job in self.jobs]

    def start(
        self, purpose: Purpose, subject: Hashable, request: Request[AnswerT]
    ) -> Job[AnswerT]:
        if self.jobs:
            self.jobs[-1].dropped()
        job: Job[AnswerT] = Job(purpose, subject, lambda: self._cancelled(job))
        self.requests.append(request)
        self.jobs.append(job)
        self.reply(request, job)
        return job

    def _cancelled(self, job: Job[Any]) -> None:
        self.cancels += 1
        job.dropped()

    def reply(self, request: Request[AnswerT], job: Job[AnswerT]) -> None:
        """What a subclass answers as soon as ``request`` comes; the base waits for the test."""

    def answer(self, result: SolveResult) -> None:
        """The latest job, a search, ends with ``result`` (and no plan)."""
        self.jobs[-1].finish(Solved(result))

    def cancel(self) -> None:
        if self.jobs:
            self.jobs[-1].cancel()

    def shutdown(self) -> None:
        self.cancel()


class InstantSolver(FakeSolver):
    """Answers every request at once, in this process."""

    def reply(self, request: Request[AnswerT], job: Job[AnswerT]) -> None:
        job.report(Progress(5, 0.1))
        job.finish(request.run(never, untold))


class SlowSolver(FakeSolver):
    """Never finds anything: every search runs out of its time (or of ``stop``)."""

    stop = SolveStatus.TIMEOUT

    def reply(self, request: Request[AnswerT], job: Job[AnswerT]) -> None:
        if isinstance(request, RescueRequest):
            job.fail("the rescue ran out of time")
        elif isinstance(request, SolveRequest):
            timeout = SolveResult(self.stop, "", nodes=10, seconds=request.time_limit)
            job.finish(solve_answer(request.level, timeout))
