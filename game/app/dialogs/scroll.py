"""Scrolling, for the models of screens that scroll a list: how much of it the layout shows at
once (the model keeps the first row in view, the scene tells it the room its layout has), and
the mouse wheel.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScrollRoom:
    """``shown`` rows of ``total`` fit at once (every row, until the screen says otherwise)."""

    total: int = 0
    shown: int = 0

    @property
    def last_first(self) -> int:
        """The first row in view when scrolled to the end."""
        return max(0, self.total - self.shown)

    @property
    def page(self) -> int:
        """Rows a page key scrolls: a screenful less one, so a line of context stays."""
        return max(1, self.shown - 1)

    def clamp(self, first: int) -> int:
        """``first`` as a first row in view: never past the end, never before the start."""
        return max(0, min(first, self.last_first))

    def keep_in_view(self, first: int, row: int) -> int:
        """The first row in view, moved as little as may be so that ``row`` is in view."""
        if row < first:
            first = row
        elif row >= first + max(1, self.shown):
            first = row - max(1, self.shown) + 1
        return self.clamp(first)

    def moves(self, count: int) -> tuple[int, int, int, int, int, int]:
        """How far the list keys move the choice in a list of ``count`` rows, in the order up,
        down, page up, page down, first, last (the last two go to either end, at least)."""
        return -1, 1, -self.page, self.page, -count, count


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel turned ``notches`` (up is positive, as SDL counts them)."""

    notches: int
