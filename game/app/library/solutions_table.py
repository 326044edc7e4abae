"""The Solutions screen's table: a level's entries as read, listed in the screen's order, with
the chosen row, the rows in view and the entry marked for a comparison.

The model reads the entries into it and moves through it; the table itself reads nothing.
"""

from __future__ import annotations

from game.app.dialogs.scroll import ScrollRoom
from game.app.library.solutions import ShownEntry
from game.app.library.solutions_commands import LIST_KEYS, SolutionsKey
from game.app.library.solutions_reading import Listing, Order, listing
from game.app.library.solutions_rows import SolutionRow, solution_row


class SolutionsTable:
    """The entries listed in ``order`` (none until a read hands them over), the chosen one and
    the first row in view."""

    def __init__(self, order: Order) -> None:
        self._shown: list[ShownEntry] = []  # as read, by number
        self.selected = 0
        self.first = 0
        self.room = ScrollRoom()
        self.marked: int | None = None  # the number of the entry marked for a comparison
        self.listed = Listing(order, [], None)  # the entries in the order shown

    @property
    def entries(self) -> list[ShownEntry]:
        return self.listed.entries

    @property
    def best(self) -> ShownEntry | None:
        return self.listed.best

    @property
    def chosen(self) -> ShownEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    @property
    def chosen_number(self) -> int | None:
        chosen = self.chosen
        return chosen.entry.number if chosen is not None else None

    def take(
        self, shown: list[ShownEntry], order: Order, keep: int | None, listed: Listing
    ) -> None:
        """The entries of a read, as read (``shown``) and as it listed them; entry ``keep`` is
        chosen if it is among them."""
        self._shown = shown
        self.sort(order, keep, listed)

    def sort(self, order: Order, keep: int | None, listed: Listing | None = None) -> None:
        """List the entries read in ``order``: ``listed`` as a read listed them, else the same
        entries as listed now (their best kept while the primary metric stays)."""
        if listed is None:
            listed = listing(self._shown, order, self.listed)
        elif listed.order != order:  # the order changed while they were read
            listed = listing(self._shown, order)
        self.listed = listed
        numbers = [item.entry.number for item in self.entries]
        if keep in numbers:
            self.selected = numbers.index(keep)
        if self.marked not in numbers:
            self.marked = None
        self.choose(self.selected)

    def fit(self, rows: int) -> None:
        """The screen's layout shows ``rows`` rows at once (told again after a resize)."""
        self.room = ScrollRoom(len(self.entries), rows)
        self._keep_in_view()

    def choose(self, row: int) -> None:
        self.selected = max(0, min(row, len(self.entries) - 1))
        self.room = ScrollRoom(len(self.entries), self.room.shown)
        self._keep_in_view()

    def _keep_in_view(self) -> None:
        # Until the screen tells its room, every row is in view.
        if self.room.shown:
            self.first = self.room.keep_in_view(self.first, self.selected)

    def steps(self) -> dict[SolutionsKey, int]:
        """How far each key that moves the choice moves it now."""
        return dict(zip(LIST_KEYS, self.room.moves(len(self.entries)), strict=True))

    def scroll(self, notches: int) -> None:
        """The mouse wheel turned: the rows in view move, the choice stays."""
        self.first = self.room.clamp(self.first - notches)

    def rows_in_view(self) -> tuple[SolutionRow, ...]:
        best = self.best
        shown = self.room.shown or len(self.entries)
        return tuple(
            solution_row(
                item, item is best, row == self.selected, item.entry.number == self.marked
            )
            for row, item in enumerate(self.entries[self.first:self.first + shown], self.first)
        )
