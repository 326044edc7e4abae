"""The collection's solutions as a model: every level of the open collection with how many
solutions it has, its best by moves and its best by pushes, or that it has none; a level's own
Solutions screen opens from here.

The whole collection is read in one query of counts (no solution is replayed), when the screen
comes into view; the view holds the rows in view only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app.menu import ClickOn, PointAt
from game.app.screens import SolutionsScreen
from game.app.scroll import ScrollRoom, Wheel
from game.app.shell import Shell
from game.core.wording import counted
from game.storage.library import EntryCounts, SolutionLibrary


class CollectionKey(Enum):
    UP = "up"
    DOWN = "down"
    PAGE_UP = "page up"
    PAGE_DOWN = "page down"
    FIRST = "first"
    LAST = "last"
    NEXT_UNSOLVED = "next unsolved"  # the next level with no solution
    OPEN = "open"  # the chosen level's Solutions
    BACK = "back"


CollectionCommand = CollectionKey | PointAt | ClickOn | Wheel


@dataclass(frozen=True)
class LevelBests:
    """One level as its row shows it: its number and title, how many solutions it has, and
    its best by moves and by pushes as "moves/pushes (#N)" (empty when it has none)."""

    number: int
    title: str
    count: int
    best_moves: str
    best_pushes: str
    chosen: bool


@dataclass(frozen=True)
class CollectionView:
    """The collection's title, a line of totals, the rows in view and the first one's place."""

    title: str
    totals: str
    first: int
    count: int
    rows: tuple[LevelBests, ...]


def best_text(best: EntryCounts | None) -> str:
    if best is None:
        return ""
    return f"{best.moves:,}/{best.pushes:,} (#{best.number})"


class CollectionSolutions:
    """Every level of the open collection with its best solutions."""

    def __init__(self, shell: Shell, level_index: int = 0) -> None:
        self.shell = shell
        self.rows: list[LevelBests] = []
        self.selected = level_index
        self.first = 0
        self.room = ScrollRoom()
        self.totals = ""

    def refresh(self) -> None:
        """Read the collection's solutions again (the screen came into view)."""
        session = self.shell.context.session
        collection = session.collection
        levels = collection.levels if collection is not None else []
        found: dict[str, list[EntryCounts]] = {}
        library = SolutionLibrary(self.shell.context.progress)
        for counts in library.collection_counts(session.collection_id):
            found.setdefault(counts.fingerprint, []).append(counts)
        self.rows = []
        for index, level in enumerate(levels):
            # Only entries filed under the level's layout: others may not fit it any more.
            entries = found.get(level.fingerprint(), [])
            by_moves = min(entries, key=lambda e: (e.moves, e.pushes, e.number), default=None)
            by_pushes = min(entries, key=lambda e: (e.pushes, e.moves, e.number), default=None)
            number = session.level_number(index)
            title = level.title if level.title and level.title != str(number) else ""
            self.rows.append(
                LevelBests(
                    number, title, len(entries), best_text(by_moves), best_text(by_pushes), False
                )
            )
        with_some = sum(row.count > 0 for row in self.rows)
        self.totals = (
            f"{with_some} of {counted(len(self.rows), 'level')} have solutions, "
            f"{len(self.rows) - with_some} have none"
        )
        self._choose(self.selected)

    def fit(self, rows: int) -> None:
        """The screen's layout shows ``rows`` rows at once."""
        self.room = ScrollRoom(len(self.rows), rows)
        self.first = self.room.keep_in_view(self.first, self.selected)

    def _choose(self, row: int) -> None:
        self.selected = max(0, min(row, len(self.rows) - 1))
        self.room = ScrollRoom(len(self.rows), self.room.shown)
        if self.room.shown:
            self.first = self.room.keep_in_view(self.first, self.selected)

    def handle(self, command: CollectionCommand) -> None:
        steps = {
            CollectionKey.UP: -1,
            CollectionKey.DOWN: 1,
            CollectionKey.PAGE_UP: -self.room.page,
            CollectionKey.PAGE_DOWN: self.room.page,
            CollectionKey.FIRST: -len(self.rows),
            CollectionKey.LAST: len(self.rows),
        }
        match command:
            case CollectionKey.BACK:
                self.shell.pop()
            case CollectionKey.OPEN:
                self._open()
            case CollectionKey.NEXT_UNSOLVED:
                self._next_unsolved()
            case CollectionKey():
                self._choose(self.selected + steps[command])
            case Wheel(notches):
                self.first = self.room.clamp(self.first - notches)
            case PointAt(row) if 0 <= row < len(self.rows):
                self.selected = row
            case ClickOn(row) if 0 <= row < len(self.rows):
                self.selected = row
                self._open()

    def _open(self) -> None:
        if self.rows:
            self.shell.open(SolutionsScreen(self.selected))

    def _next_unsolved(self) -> None:
        count = len(self.rows)
        for step in range(1, count + 1):
            row = (self.selected + step) % count
            if self.rows[row].count == 0:
                self._choose(row)
                return

    def view(self) -> CollectionView:
        shown = self.room.shown or len(self.rows)
        rows = tuple(
            LevelBests(
                row.number,
                row.title,
                row.count,
                row.best_moves,
                row.best_pushes,
                index == self.selected,
            )
            for index, row in enumerate(self.rows[self.first:self.first + shown], self.first)
        )
        title = self.shell.context.session.title
        return CollectionView(title, self.totals, self.first, len(self.rows), rows)
