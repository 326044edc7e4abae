"""The job driver: jobs start after their settling, an ended job reaches its owner once, in a
tick, unless the owner moved on or cancelled it; a failure comes as a problem."""

from __future__ import annotations

from collections.abc import Hashable

from game.app.jobs.job_driver import Ended, JobDriver
from game.app.jobs.jobs import Job, JobState, Purpose
from game.core.problems import ProblemKind


class Owner:
    """A model that says what it is about now and writes down what it is told."""

    def __init__(self, subject: Hashable = "a") -> None:
        self.subject = subject
        self.ended: list[Ended] = []

    def subject_now(self, purpose: Purpose) -> Hashable:
        return self.subject

    def job_ended(self, ended: Ended) -> None:
        self.ended.append(ended)


class Starts:
    """Makes jobs the test ends by hand, and counts them."""

    def __init__(self) -> None:
        self.jobs: list[Job[str]] = []

    def __call__(self) -> Job[str]:
        job: Job[str] = Job(Purpose.HINT, "a")
        self.jobs.append(job)
        return job


def test_a_settled_job_starts_once_its_ticks_are_over_and_a_newer_one_starts_afresh() -> None:
    driver, owner, starts = JobDriver(), Owner(), Starts()
    driver.start(owner, Purpose.HINT, "a", starts, settle=3)
    driver.tick()
    driver.tick()
    driver.start(owner, Purpose.HINT, "a", starts, settle=3)  # a burst of moves: waits again
    driver.tick()
    driver.tick()
    assert starts.jobs == [] and driver.busy(owner, Purpose.HINT)
    driver.tick()
    assert len(starts.jobs) == 1


def test_an_answer_reaches_its_owner_once_in_a_tick() -> None:
    driver, owner, starts = JobDriver(), Owner(), Starts()
    driver.start(owner, Purpose.HINT, "a", starts)
    starts.jobs[0].finish("the plan")
    assert owner.ended == []  # never from the runner's thread: in the next tick
    driver.tick()
    driver.tick()
    assert [(ended.state, ended.answer) for ended in owner.ended] == [(JobState.DONE, "the plan")]
    assert not driver.busy(owner)


def test_an_answer_for_a_subject_the_owner_left_is_dropped() -> None:
    driver, owner, starts = JobDriver(), Owner("a"), Starts()
    driver.start(owner, Purpose.HINT, "a", starts)
    owner.subject = "b"  # the boxes moved
    starts.jobs[0].finish("a plan for a")
    driver.tick()
    assert owner.ended == []


def test_a_cancelled_job_says_nothing_but_one_ended_by_another_hand_is_told() -> None:
    driver, owner, starts = JobDriver(), Owner(), Starts()
    driver.start(owner, Purpose.HINT, "a", starts)
    driver.cancel(owner, Purpose.HINT)
    assert starts.jobs[0].state is JobState.CANCELLED
    driver.tick()
    assert owner.ended == []
    driver.start(owner, Purpose.HINT, "a", starts)
    starts.jobs[1].dropped()  # the solver was taken by another screen's search
    driver.tick()
    assert [ended.state for ended in owner.ended] == [JobState.CANCELLED]


def test_a_failure_comes_as_a_problem() -> None:
    driver, owner, starts = JobDriver(), Owner(), Starts()
    driver.start(owner, Purpose.HINT, "a", starts)
    starts.jobs[0].fail("the worker stopped")
    driver.tick()
    (ended,) = owner.ended
    assert ended.problem is not None and ended.problem.kind is ProblemKind.WORK_FAILED
    assert ended.problem.text == "the worker stopped"


def test_a_new_job_for_a_purpose_replaces_the_one_before() -> None:
    driver, owner, starts = JobDriver(), Owner(), Starts()
    driver.start(owner, Purpose.HINT, "a", starts)
    driver.start(owner, Purpose.HINT, "a", starts)
    assert starts.jobs[0].state is JobState.CANCELLED and starts.jobs[1].running
    starts.jobs[1].finish("second")
    driver.tick()
    assert [ended.answer for ended in owner.ended] == ["second"]
