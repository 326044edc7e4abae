"""Background jobs: progress, a result or a one-line failure, a cancel that drops the answer,
and the one rule of staleness."""

from __future__ import annotations

import threading

from game.app.jobs.jobs import Job, JobState, Progress, ProgressLine, Purpose, run_in_thread
from game.solver.result import CancelCheck


def test_a_job_in_a_thread_reports_progress_then_its_result() -> None:
    def work(cancelled: CancelCheck, progress: ProgressLine) -> int:
        progress("half way")
        return 42

    wakes: list[str] = []
    job = run_in_thread(Purpose.LEVEL, "cell", work, wake=lambda: wakes.append("news"))
    assert job.wait(5.0)
    assert job.state is JobState.DONE and job.result == 42 and job.error == ""
    assert job.progress.line == "half way"
    # The progress line and the end each wake a resting loop.
    assert wakes == ["news", "news"]


def test_a_failing_job_says_why_in_one_line() -> None:
    def failing(cancelled: CancelCheck, progress: ProgressLine) -> int:
        raise ValueError("boxes must be 1 to 3\nin a 8x8 level")

    broken = run_in_thread(Purpose.LEVEL, "cell", failing)
    assert broken.wait(5.0)
    assert broken.state is JobState.FAILED and broken.result is None
    assert broken.error == "boxes must be 1 to 3 in a 8x8 level"


def test_a_cancelled_job_stops_its_work_and_drops_the_answer() -> None:
    started = threading.Event()

    def endless(cancelled: CancelCheck, progress: ProgressLine) -> int:
        started.set()
        while not cancelled():
            started.wait(0.01)
        return 7

    job = run_in_thread(Purpose.LEVEL_AHEAD, "cell", endless)
    assert started.wait(5.0)
    job.cancel()
    assert job.wait(5.0)  # the work saw the cancel and returned
    assert job.state is JobState.CANCELLED and job.result is None
    job.report(Progress(line="late"))
    assert job.progress.line == ""


def test_an_answer_is_stale_for_another_subject_or_once_cancelled() -> None:
    job: Job[str] = Job(Purpose.HINT, frozenset({3, 4}))
    job.finish("push")
    assert not job.stale(frozenset({4, 3}))
    assert job.stale(frozenset({3, 5}))
    replaced: Job[str] = Job(Purpose.THINK_AHEAD, frozenset({3, 4}))
    replaced.dropped()
    assert replaced.stale(frozenset({3, 4})) and replaced.wait(0)
    replaced.finish("too late")
    assert replaced.result is None


def test_the_purposes_the_screen_shows() -> None:
    shown = {purpose for purpose in Purpose if purpose.shown}
    assert shown == {
        Purpose.HINT,
        Purpose.PULL_HINT,
        Purpose.SOLUTION,
        Purpose.CHECK,
        Purpose.LEVEL,
        Purpose.OPTIMIZE,
        Purpose.IMPORT,
        Purpose.EXPORT,
        Purpose.READ,
    }
