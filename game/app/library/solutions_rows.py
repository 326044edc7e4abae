"""What the Solutions screen shows: its view, and a row for each entry of the level's library
(the metrics as text, the day it was filed, its origin with the best marks)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.app.library.solutions import Column, ShownEntry
from game.app.notice import Tone
from game.core.metrics import MetricOrder


@dataclass(frozen=True)
class SolutionRow:
    """One entry as its row shows it: its number and the texts of the metric columns (a dash
    where it does not fit the level), the day and time it was filed, its origin with the best
    marks, whether it fits, whether it is the best by moves or by pushes, whether it is the best
    under the primary metric, whether it is chosen, and whether it is marked for a comparison."""

    number: int
    metrics: tuple[str, ...]
    day: str
    clock: str
    origin: str
    fits: bool
    best_moves_or_pushes: bool
    best: bool
    chosen: bool
    marked: bool


@dataclass(frozen=True)
class SolutionsView:
    """The heading, how many entries there are and the first in view, the rows in view, how
    the table is sorted, the primary metric and the optimizer's time, the line of news (or the
    work's progress while it runs); ``reading``: the entries are being read."""

    heading: str
    count: int
    first: int
    rows: tuple[SolutionRow, ...]
    sort: Column
    descending: bool
    primary: MetricOrder
    optimize_seconds: float
    message: str
    tone: Tone
    working: bool
    reading: bool


def solution_row(item: ShownEntry, best: bool, chosen: bool, marked: bool) -> SolutionRow:
    """``item`` as its row shows it (``best``: the best under the primary metric)."""
    entry, metrics = item.entry, item.metrics
    origin = entry.origin_text()
    marks = [name for name, is_best in (("moves", item.best_moves),
                                        ("pushes", item.best_pushes)) if is_best]
    if marks:
        origin += f", best {'+'.join(marks)}"
    counts: tuple[str, ...]
    if metrics is None:
        counts = (f"{entry.moves:,}", f"{entry.pushes:,}", "-", "-", "-", "-")
        origin += ": does not fit"
    else:
        counts = tuple(
            f"{count:,}"
            for count in (
                metrics.moves,
                metrics.pushes,
                metrics.box_lines,
                metrics.box_changes,
                metrics.pushing_sessions,
                metrics.player_lines,
            )
        )
    day, clock = _filed(entry.added_at)
    return SolutionRow(
        entry.number,
        counts,
        day,
        clock,
        origin,
        item.fits,
        bool(marks),
        best,
        chosen,
        marked,
    )


def _filed(added_at: float) -> tuple[str, str]:
    """The day and the time of day an entry was filed ("-" for one kept without its date)."""
    if added_at <= 0:
        return "-", ""
    moment = time.localtime(added_at)
    return time.strftime("%Y-%m-%d", moment), time.strftime("%H:%M", moment)
