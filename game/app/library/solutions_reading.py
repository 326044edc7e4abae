"""A level's library entries read for the Solutions screen and listed in the order it shows
them: from a store on disk in a thread (a level may keep 100,000), from one in memory at once
(game.app.jobs.store_reading).

The read writes nothing; the metrics it counted are written by the loop.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from game.app.jobs.job_driver import Ended
from game.app.jobs.jobs import Purpose
from game.app.jobs.store_reading import read_off_the_loop
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
from game.storage.connection import StoreConnection
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LevelKey

# How the entries are listed: the column sorted by, whether descending, the primary metric.
Order = tuple[Column, bool, MetricOrder]


@dataclass(frozen=True)
class Listing:
    """The entries in the order shown for ``order``, and the best of them under its primary
    metric (a search of every entry: with 100,000 of them 0.2 s, so not in a frame's view)."""

    order: Order
    entries: list[ShownEntry]
    best: ShownEntry | None


def listing(shown: list[ShownEntry], order: Order, before: Listing | None = None) -> Listing:
    """``shown`` listed in ``order``; ``before``: the same entries listed in another order,
    whose best stands while the primary metric is the same (a sort by another column does
    not search them all again)."""
    column, descending, primary = order
    entries = sorted_entries(shown, column, descending, primary)
    if before is not None and before.order[2] is primary:
        return Listing(order, entries, before.best)
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
        key, level = self.key, self.level

        def read(store: StoreConnection, cancelled: CancelCheck) -> ReadListed | None:
            store.read_error = None  # only this reading's failure is told
            found = read_entries(SolutionLibrary(store), key, level, cancelled)
            return None if found is None else ReadListed(found, listing(found.shown, order))

        self._reads += 1
        progress = self.shell.context.progress
        read_off_the_loop(
            self.shell.jobs, progress, self, Purpose.READ, self._reads, read, self.wake
        )

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
