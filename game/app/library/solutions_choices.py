"""The Solutions screen's choices, kept with the settings between runs of the game: the primary
metric, the column the table is sorted by and which way, and the optimizer's time.

A value hand-edited or written by another version falls back to the default.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

from game.app.library.solutions import Column
from game.core.metrics import MetricOrder
from game.core.problems import Problem
from game.storage.store import ProgressStore

PRIMARY_SETTING = "solutions_primary_metric"
SORT_SETTING = "solutions_sort"  # a column's name, with "-" in front when sorted descending
OPTIMIZE_TIME_SETTING = "solutions_optimize_seconds"
# The optimizer's time limits to choose from; a minute is the optimizer's own default.
OPTIMIZE_TIMES = (10.0, 60.0, 300.0)
DEFAULT_OPTIMIZE_SECONDS = 60.0
EnumT = TypeVar("EnumT", bound=Enum)


class SolutionsChoices:
    """What the player chose on the Solutions screen, read from ``store``; each change is
    written to the store it is given and returns why it was not kept, or None."""

    def __init__(self, store: ProgressStore) -> None:
        self.primary = _setting_enum(
            MetricOrder, store.get_setting(PRIMARY_SETTING, ""), MetricOrder.MOVES
        )
        sort = store.get_setting(SORT_SETTING, "")
        self.descending = sort.startswith("-")
        self.sort = _setting_enum(Column, sort.lstrip("-"), Column.NUMBER)
        seconds = store.get_setting(OPTIMIZE_TIME_SETTING, DEFAULT_OPTIMIZE_SECONDS)
        self.optimize_seconds = seconds if seconds in OPTIMIZE_TIMES else DEFAULT_OPTIMIZE_SECONDS

    def sort_by(self, column: Column, descending: bool, store: ProgressStore) -> Problem | None:
        self.sort, self.descending = column, descending
        return store.set_setting(SORT_SETTING, ("-" if descending else "") + column.value)

    def next_primary(self, store: ProgressStore) -> Problem | None:
        orders = list(MetricOrder)
        self.primary = orders[(orders.index(self.primary) + 1) % len(orders)]
        return store.set_setting(PRIMARY_SETTING, self.primary.value)

    def next_time(self, store: ProgressStore) -> Problem | None:
        index = OPTIMIZE_TIMES.index(self.optimize_seconds)
        self.optimize_seconds = OPTIMIZE_TIMES[(index + 1) % len(OPTIMIZE_TIMES)]
        return store.set_setting(OPTIMIZE_TIME_SETTING, self.optimize_seconds)


def _setting_enum(kind: type[EnumT], value: str, default: EnumT) -> EnumT:
    """The member of ``kind`` a setting names (a hand-edited or older value: ``default``)."""
    for member in kind:
        if member.value == value:
            return member
    return default
