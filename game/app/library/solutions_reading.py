"""A level's library entries read for the Solutions screen and listed in the order it shows
them: from a store on disk in a thread (a level may keep 100,000), from one in memory at once.

The thread reads through a read-only connection of its own (SQLite connections stay in the
thread that opened them) and writes nothing; the metrics it counted are written by the loop.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from game.app.jobs.job_driver import Ended
from game.app.jobs.jobs import ProgressLine, Purpose
from game.app.library.solutions import (
    Column,
    ReadEntries,
    ShownEntry,
    best_in,
    read_entries,
    sorted_entries,
)
from game.app.shell import Shell
from game.core.level import Level
from game.core.metrics import MetricOrder
from game.solver.result import CancelCheck
from game.storage.library import LevelKey, SolutionLibrary
from game.storage.store import ProgressStore

# How the entries are listed: the column sorted by, whether descending, the primary metric.
Order = tuple[Column, bool, MetricOrder]


@dataclass(frozen=True)
class Listing:
    """The entries in the order shown for ``order``, and the best of them under its primary
    metric (a search of every entry: with 100,000 of them 0.2 s, so not in a frame's view)."""

    order: Order
    entries: list[ShownEntry]
    best: ShownEntry | None


def listing(shown: list[ShownEntry], order: Order) -> Listing:
    column, descending, primary = order
    entries = sorted_entries(shown, column, descending, primary)
    return Listing(order, entries, best_in(entries, primary))


@dataclass(frozen=True)
class ReadListed:
    """A read's answer: the entries as read, and listed in the order asked when it began (the
    screen sorts them again only if its order changed meanwhile)."""

    read: ReadEntries
    listed: Listing


class EntriesReader:
    """Reads the entries of ``level`` (filed under ``key``) and gives each read to ``take``,
    or the line that says why it failed to ``failed``."""

    def __init__(
        self,
        shell: Shell,
        key: LevelKey,
        level: Level,
        wake: Callable[[], None],
        take: Callable[[ReadListed], None],
        failed: Callable[[str], None],
    ) -> None:
        self.shell = shell
        self.key = key
        self.level = level
        self.wake = wake
        self.take = take
        self.failed = failed
        self._reads = 0  # reads started: the subject of the one under way

    @property
    def reading(self) -> bool:
        return self.shell.jobs.busy(self, Purpose.READ)

    def read(self, order: Order) -> None:
        """Read the entries and list them in ``order``: in a thread from a store on disk (the
        answer comes in a later tick), at once from a store in memory."""
        store = self.shell.context.progress
        if store.path is None:
            store.read_error = None  # only this reading's failure is told
            read = read_entries(SolutionLibrary(store), self.key, self.level)
            assert read is not None  # nothing cancels it
            self.take(ReadListed(read, listing(read.shown, order)))
            return
        where, key, level = store.path, self.key, self.level

        def work(cancelled: CancelCheck, _progress: ProgressLine) -> ReadListed | None:
            reader = ProgressStore.reader(where)
            try:
                read = read_entries(SolutionLibrary(reader), key, level, cancelled)
            finally:
                reader.close()
            return None if read is None else ReadListed(read, listing(read.shown, order))

        self._reads += 1
        self.shell.jobs.run_in_thread(self, Purpose.READ, self._reads, work, self.wake)

    def stop(self) -> None:
        """The screen is left: a read under way is dropped."""
        self.shell.jobs.cancel(self)

    # -- the job driver's side -----------------------------------------------------------------
    def subject_now(self, purpose: Purpose) -> Hashable:
        return self._reads

    def job_ended(self, ended: Ended) -> None:
        if isinstance(ended.answer, ReadListed):
            self.take(ended.answer)
            return
        why = ended.problem.text if ended.problem is not None else "the reading was stopped"
        self.failed(f"The solutions could not be read: {why}")
