"""Work that reads the progress store off the loop: in a thread of the job driver, through a
read-only connection of its own (SQLite connections stay in the thread that opened them).

A store that lives in memory has no second connection: its work runs at once, in the loop, and
its answer reaches the owner the same way, as an ended job.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextlib import closing
from typing import TypeVar

from game.app.jobs.job_driver import Ended, JobDriver, JobOwner
from game.app.jobs.jobs import JobState, ProgressLine, Purpose
from game.solver.result import CancelCheck
from game.storage.connection import StoreConnection
from game.storage.store import ProgressStore

AnswerT = TypeVar("AnswerT")


def read_off_the_loop(
    jobs: JobDriver,
    store: ProgressStore,
    owner: JobOwner,
    purpose: Purpose,
    subject: Hashable,
    read: Callable[[StoreConnection, CancelCheck], AnswerT],
    wake: Callable[[], None],
) -> None:
    """Run ``read(store, cancelled)`` for ``owner``'s ``purpose``: its answer comes to
    ``owner.job_ended`` (at once when ``store`` lives in memory)."""
    if store.path is None:
        answer = read(store, lambda: False)
        owner.job_ended(Ended(purpose, subject, JobState.DONE, answer))
        return
    where = store.path

    def work(cancelled: CancelCheck, _progress: ProgressLine) -> AnswerT:
        with closing(ProgressStore.reader(where)) as reader:
            return read(reader, cancelled)

    jobs.run_in_thread(owner, purpose, subject, work, wake)
