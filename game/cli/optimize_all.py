"""``sokoban optimize FILE --all``: the best kept solution of every level of a file that has one,
optimized in turn and filed in the library when better; a stopped run goes on where it stopped.

The run notes each finished level in a journal in the data folder, named after the level file
and the metric; a run that finishes every level deletes it, so the next one starts afresh.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from pathlib import Path

from game.cli.common import EXIT_OK, CliError
from game.cli.optimize_shared import (
    before_after,
    best_entries,
    best_so_far,
    ending,
    file_result,
    level_key,
    library_seeds,
)
from game.core.collection import Collection
from game.core.errors import printable
from game.core.metrics import MetricOrder
from game.core.wording import counted
from game.solver.optimize.optimizer import optimize
from game.storage.paths import data_dir

JOURNALS = "optimize-journals"  # the journals' folder in the data folder


class Journal:
    """The numbers of the levels a run has finished, one a line; a line cut short by a kill
    is passed over."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def of_run(cls, file: str, collection_id: str, order: MetricOrder) -> Journal:
        """The journal of optimizing the levels of ``file`` (whose records are under
        ``collection_id``) for ``order``."""
        run = f"{os.path.abspath(file)}\n{collection_id}\n{order.value}"
        name = hashlib.sha256(run.encode("utf-8", "surrogatepass")).hexdigest()[:20]
        return cls(data_dir() / JOURNALS / f"{name}.txt")

    def finished(self) -> set[int]:
        try:
            text = self.path.read_text(encoding="ascii", errors="replace")
        except FileNotFoundError:
            return set()
        except OSError as error:
            raise self._refusal(error) from None
        # Only whole lines count: the last one has no line end if a kill cut its write short.
        lines = text.split("\n")[:-1]
        return {int(line) for line in lines if line.isascii() and line.isdigit()}

    def add(self, number: int) -> None:
        """Note level ``number`` as finished, on disk before the next level starts."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="ascii") as journal:
                journal.write(f"{number}\n")
                journal.flush()
                os.fsync(journal.fileno())
        except OSError as error:
            raise self._refusal(error) from None

    def delete(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            raise self._refusal(error) from None

    def _refusal(self, error: OSError) -> CliError:
        reason = error.strerror or type(error).__name__
        return CliError(f"the run's journal {printable(self.path)}: {reason}")


def optimize_all(args: argparse.Namespace, collection: Collection, order: MetricOrder) -> int:
    """Optimize each level of ``collection`` that has a library solution, one line on stdout
    a level; levels the journal has as finished are skipped."""
    kept = best_entries(collection.levels, order)
    seeds = library_seeds(collection.levels)
    indices = [i for i, level in enumerate(collection.levels) if level.fingerprint() in kept]
    if not indices:
        raise CliError("no level of FILE has a solution in the solution library")
    first_key = level_key(args.file, collection, indices[0])
    journal = Journal.of_run(args.file, first_key.collection_id, order)
    finished = journal.finished()
    numbers = {collection.number_of(index) for index in indices}
    if finished & numbers:
        print(
            f"going on where the last run stopped: {counted(len(finished & numbers), 'level')} "
            "finished before",
            file=sys.stderr,
        )
    converged = improved = 0
    for index in indices:
        number = collection.number_of(index)
        if number in finished:
            continue
        level = collection.levels[index]
        source = kept[level.fingerprint()]
        result = optimize(
            level, source.lurd, order, time_limit=args.time_limit, workers=args.workers,
            progress=best_so_far(f"level {number}: "), seeds=seeds.get(level.fingerprint(), ()),
        )
        line = f"level {number}: {before_after(result.before, result.after)} ({ending(result)})"
        if result.improved:
            key = level_key(args.file, collection, index)
            line += f"; {file_result(level, key, result, source)}"
        print(line, flush=True)
        journal.add(number)
        converged += result.converged
        improved += result.improved
    journal.delete()
    print(
        f"{counted(len(indices), 'level')} with a solution; this run: {improved} improved, "
        f"{converged} converged",
        file=sys.stderr,
    )
    return EXIT_OK
