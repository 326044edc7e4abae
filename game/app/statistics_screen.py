"""The statistics screen as a model: totals, completion per collection, the score over time and
the moves and pushes of each solved level of the chosen collection against par.

The store is read once each time the screen comes into view; the view holds plain values (words
and numbers), so the charts are drawn without the store.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from game.app.dialogs.menu import ClickOn
from game.app.shell import Shell
from game.storage.queries import SolvedLevel, StatsSnapshot, stats_snapshot
from game.storage.records import CollectionInfo, Totals, format_duration
from game.storage.store import ProgressStore


class StatisticsHost(Shell, Protocol):
    @property
    def player_progress(self) -> ProgressStore:
        """The player's own store (test play keeps another in its context)."""


class StatsKey(Enum):
    UP = "up"  # the collection before (the last after the first)
    DOWN = "down"
    BACK = "back"


StatisticsCommand = StatsKey | ClickOn


@dataclass(frozen=True)
class CollectionRow:
    """A collection's completion: its title, the count as said ("12 / 60", or "3 of 5 played"
    when its size is unknown), the share of the bar filled, and whether its size is known."""

    title: str
    count: str
    share: float
    sized: bool


@dataclass(frozen=True)
class LevelBars:
    """A solved level's pair of bars: its label, best moves and pushes, and par if known."""

    label: str
    moves: int
    pushes: int
    par_moves: int | None
    par_pushes: int | None


@dataclass(frozen=True)
class ScoreHistory:
    """The total of best scores after each solve, (time, total) in time order, and the days
    of the first and the last solve as said under the chart."""

    points: tuple[tuple[float, int], ...] = ()
    first_day: str = ""
    last_day: str = ""


@dataclass(frozen=True)
class StatisticsView:
    """The totals' tiles (label, value), the collections and the chosen one, the score's
    history, and the chosen collection's title and solved levels."""

    totals: tuple[tuple[str, str], ...]
    collections: tuple[CollectionRow, ...]
    selected: int
    history: ScoreHistory
    chosen_title: str
    levels: tuple[LevelBars, ...]


class StatisticsScreen:
    """The statistics of ``store`` (the player's own store unless given)."""

    def __init__(self, shell: StatisticsHost, store: ProgressStore | None = None) -> None:
        self.shell = shell
        self.store = store or shell.player_progress
        self.data = StatsSnapshot()
        self.selected = 0
        self._shown = _Shown(StatsSnapshot())

    def reload(self) -> None:
        """Read the store again (the screen came into view), keeping the chosen collection."""
        self.data = stats_snapshot(self.store)
        self._shown = _Shown(self.data)
        self.selected = min(self.selected, max(0, len(self.data.collections) - 1))

    def handle(self, command: StatisticsCommand) -> None:
        count = len(self.data.collections)
        match command:
            case StatsKey.BACK:
                self.shell.pop()
            case StatsKey.UP | StatsKey.DOWN if count:
                step = 1 if command is StatsKey.DOWN else -1
                self.selected = (self.selected + step) % count
            case ClickOn(index) if 0 <= index < count:
                self.selected = index

    def view(self) -> StatisticsView:
        shown = self._shown
        chosen = self.data.collections[self.selected] if self.data.collections else None
        title = chosen.title if chosen is not None else ""
        levels = shown.levels.get(chosen.collection_id, ()) if chosen is not None else ()
        return StatisticsView(
            shown.totals, shown.collections, self.selected, shown.history, title, levels
        )


class _Shown:
    """A snapshot's view parts, made once a reading (the view is made every frame)."""

    def __init__(self, data: StatsSnapshot) -> None:
        self.totals = total_tiles(data.totals)
        self.collections = tuple(collection_row(info) for info in data.collections)
        events = data.history
        self.history = ScoreHistory(
            tuple((event.solved_at, event.total_score) for event in events),
            _day(events[0].solved_at) if events else "",
            _day(events[-1].solved_at) if events else "",
        )
        self.levels = {
            collection_id: tuple(level_bars(level) for level in solved)
            for collection_id, solved in data.solved.items()
        }


def total_tiles(totals: Totals) -> tuple[tuple[str, str], ...]:
    return (
        ("Levels solved", f"{totals.levels_solved:,}"),
        ("Moves", f"{totals.moves:,}"),
        ("Pushes", f"{totals.pushes:,}"),
        ("Play time", format_duration(totals.seconds)),
        ("Total score", f"{totals.score:,}"),
        ("Hints used", f"{totals.hints:,}"),
    )


def collection_row(info: CollectionInfo) -> CollectionRow:
    if info.level_count:
        share = min(1.0, info.solved / info.level_count)
        return CollectionRow(info.title, f"{info.solved} / {info.level_count}", share, True)
    share = min(1.0, info.solved / info.played) if info.played else 0.0
    return CollectionRow(info.title, f"{info.solved} of {info.played} played", share, False)


def level_bars(level: SolvedLevel) -> LevelBars:
    record = level.record
    return LevelBars(
        level.label,
        record.best_moves.moves if record.best_moves else 0,
        record.best_pushes.pushes if record.best_pushes else 0,
        record.par_moves,
        record.par_pushes,
    )


def _day(timestamp: float) -> str:
    return time.strftime("%d %b %Y", time.localtime(timestamp))
