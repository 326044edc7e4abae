"""What ``sokoban optimize`` shares between one level and ``--all``: the lines that tell the best so
far and the result, the best solution of a level in the library, its key, and filing an answer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import replace

from game.cli.common import CliError
from game.core.collection import Collection
from game.core.level import Level
from game.core.level_ref import Campaign, LevelFile
from game.core.metrics import MetricOrder, SolutionMetrics, solution_metrics
from game.core.notation import in_true_case
from game.core.resources import CAMPAIGN_NAME
from game.core.wording import counted
from game.solver.optimize.optimizer import OptimizeProgress, OptimizeResult
from game.storage.identity import records_id
from game.storage.library import SolutionLibrary, all_entries
from game.storage.library_entry import LevelKey, LibraryEntry, Origin
from game.storage.store import ProgressStore


def best_so_far(prefix: str) -> Callable[[OptimizeProgress], None]:
    """A progress callback that tells the best so far on stderr each time it improves."""
    told: list[SolutionMetrics] = []

    def tell(news: OptimizeProgress) -> None:
        if told and told[-1] == news.best:
            return
        told.append(news.best)
        print(
            f"{prefix}best so far: moves {news.best.moves}, pushes {news.best.pushes} "
            f"({news.seconds:.1f} s)",
            file=sys.stderr, flush=True,
        )

    return tell


def ending(result: OptimizeResult) -> str:
    """Whether the optimizer converged, or which limit stopped it, and the processes it used."""
    how = "converged" if result.converged else result.reason
    return f"{how}, {counted(result.workers, 'process', 'processes')}"


def before_after(before: SolutionMetrics, after: SolutionMetrics) -> str:
    """The six metrics before and after, on one line: ``moves 41 -> 33, pushes 8 -> 8, ...``."""
    return ", ".join(
        f"{name.replace('_', ' ')} {getattr(before, name)} -> {getattr(after, name)}"
        for name in SolutionMetrics.__dataclass_fields__
    )


def level_key(file: str, collection: Collection, index: int) -> LevelKey:
    """The library key of level ``index`` of ``collection`` read from ``file``, as the game
    files it when that file is opened."""
    where = Campaign() if file == CAMPAIGN_NAME else LevelFile(os.path.abspath(file))
    level = collection.levels[index]
    return LevelKey(
        records_id(where, collection.title), level.fingerprint(), collection.number_of(index)
    )


def library_solution(level: Level, order: MetricOrder) -> LibraryEntry:
    """The best entry of ``level`` under ``order`` in the solution library (any collection's
    entries of its layout); CliError when there is none."""
    best = best_entries([level], order).get(level.fingerprint())
    if best is None:
        raise CliError("no solution of this level is kept in its solution library")
    return best


def library_seeds(levels: list[Level]) -> dict[str, tuple[str, ...]]:
    """Per level's fingerprint, the library's fewest-pushes and fewest-moves solutions: what
    an optimization starts from besides the one it is given, so that a run never ends behind
    what runs for other metrics filed."""
    seeds: dict[str, dict[str, None]] = {}
    for order in (MetricOrder.PUSHES, MetricOrder.MOVES):
        for fingerprint, entry in best_entries(levels, order).items():
            seeds.setdefault(fingerprint, {})[entry.lurd] = None
    return {fingerprint: tuple(lurds) for fingerprint, lurds in seeds.items()}


def best_entries(levels: list[Level], order: MetricOrder) -> dict[str, LibraryEntry]:
    """The best library entry under ``order`` of each of ``levels`` that has one that still
    solves it, by the level's fingerprint; CliError when the store cannot be read."""
    store, _ = ProgressStore.open()
    try:
        if store.fallback_reason is not None:
            raise CliError(f"Saved progress cannot be read: {store.fallback_reason}")
        kept = all_entries(store)
    finally:
        store.close()
    by_layout = {level.fingerprint(): level for level in levels}
    best: dict[str, tuple[tuple[int, ...], LibraryEntry]] = {}
    for entry in kept:
        level = by_layout.get(entry.fingerprint)
        if level is None:
            continue
        # An entry measured when filed was replayed then; another is replayed now, and one that
        # no longer solves the level (its file changed) is passed over.
        metrics = entry.metrics
        if metrics is None:
            solved = solution_metrics(level, entry.lurd)
            if solved is None:
                continue
            metrics = solved[0]
        key = order.key(metrics)
        if entry.fingerprint not in best or key < best[entry.fingerprint][0]:
            best[entry.fingerprint] = (key, entry)
    # One imported while its level was not at hand may have lowercase pushes: what the
    # optimizer starts from, and prints back when it finds nothing better, is in true case.
    return {
        fingerprint: replace(entry, lurd=in_true_case(by_layout[fingerprint], entry.lurd)[0])
        for fingerprint, (_, entry) in best.items()
    }


def file_result(
    level: Level, key: LevelKey, result: OptimizeResult, source: LibraryEntry | None
) -> str:
    """File the optimizer's answer in the library under ``key``: as optimized (from ``source``
    when that entry is of the same collection) when it improved, else as given; the line that
    says so. CliError when the store cannot take it."""
    from game.app.filing import SolutionRefused, checked_solution, new_entry

    try:
        lurd, metrics = checked_solution(level, result.lurd)
    except SolutionRefused as error:  # replayed by the optimizer too: a safeguard, not a path
        raise CliError(f"not filed: {error}") from None
    origin = Origin.OPTIMIZED if result.improved else Origin.IMPORTED
    number = None
    if source is not None and source.collection_id == key.collection_id:
        number = source.number
    store, _ = ProgressStore.open()
    try:
        if store.fallback_reason is not None:
            raise CliError(f"not filed: saved progress cannot be read: {store.fallback_reason}")
        entry = new_entry(key, lurd, metrics, origin, store.clock(), number)
        added = SolutionLibrary(store).add(entry, keep=False)
    finally:
        store.close()
    if added.error is not None:
        raise CliError(f"not filed: {added.error}")
    if added.new:
        return f"filed in the solution library as #{added.number}"
    return f"already in the solution library as #{added.number}"

