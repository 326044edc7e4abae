"""A solution library's entry: one solution of a level, who made it and its metrics.

An entry is filed under its level's key (collection, layout and place), by which the library
finds it again after the level file changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Annotated

from game.core.metrics import SolutionMetrics, player_lines
from game.core.notation import NotationError, parse_lurd, push_count
from game.storage.codec import Identifier, Limit, Moment, Text, json_key

# The longest solution the library takes: replaying one costs about a second per 80,000 moves,
# and no level a person plays needs anywhere near this many.
MAX_LIBRARY_MOVES = 100_000
# A level's place in its collection and an entry's number: far beyond any real collection.
Number = Annotated[int, Limit(10**9)]
LibraryLurd = Annotated[str, Text(MAX_LIBRARY_MOVES)]  # kept expanded: a character a move


class Origin(Enum):
    """Who made a solution; only the player's own solves are ever scored (by the records)."""

    PLAYER = "player"
    SOLVER = "solver"
    IMPORTED = "imported"
    OPTIMIZED = "optimized"
    REVERSE = "reverse"


@dataclass(frozen=True)
class LevelKey:
    """The level a library entry belongs to: its collection's records id and layout, and its
    place in the collection (1-based; None for a level known only by its text), by which
    entries are found again after the level file changed."""

    collection_id: str
    fingerprint: str
    place: int | None = None


@dataclass(frozen=True)
class LibraryEntry:
    """One solution in the library, as stored and as exported.

    ``box_lines``, ``box_changes`` and ``pushing_sessions`` need the level to be counted: they
    are None for an entry that has not been measured on it yet (one kept from before the
    library, or imported while its level was not at hand). They are not exported: an import
    counts them again on the level.
    """

    collection_id: Identifier
    fingerprint: Identifier
    lurd: LibraryLurd
    origin: Origin
    number: Number = 0
    place: Number | None = None
    source: Number | None = None  # the number of the entry it was optimized from
    added_at: Moment = 0.0
    box_lines: int | None = field(default=None, metadata=json_key(None))
    box_changes: int | None = field(default=None, metadata=json_key(None))
    pushing_sessions: int | None = field(default=None, metadata=json_key(None))
    entry_id: int = field(default=0, metadata=json_key(None))

    def checked(self) -> LibraryEntry:
        """The entry with its LURD normalised (read from a file); ValueError if it is not LURD
        or it runs (its run lengths expanded) past the moves the library keeps."""
        try:
            lurd = parse_lurd(self.lurd, MAX_LIBRARY_MOVES)
        except NotationError as error:
            raise ValueError(f"lurd: {error}") from None
        return self if lurd == self.lurd else replace(self, lurd=lurd)  # as stored, mostly

    @property
    def moves(self) -> int:
        return len(self.lurd)

    @property
    def pushes(self) -> int:
        return push_count(self.lurd)

    @property
    def metrics(self) -> SolutionMetrics | None:
        """All six metrics, once the entry has been measured on its level."""
        if self.box_lines is None or self.box_changes is None or self.pushing_sessions is None:
            return None
        return SolutionMetrics(
            self.moves,
            self.pushes,
            self.box_lines,
            self.box_changes,
            self.pushing_sessions,
            player_lines(self.lurd),
        )

    def measured(self, metrics: SolutionMetrics) -> LibraryEntry:
        return replace(
            self,
            box_lines=metrics.box_lines,
            box_changes=metrics.box_changes,
            pushing_sessions=metrics.pushing_sessions,
        )

    def origin_text(self) -> str:
        """How the screen names the origin: "player", "optimized from #2", ..."""
        if self.origin is Origin.OPTIMIZED:
            return "optimized" if self.source is None else f"optimized from #{self.source}"
        return str(self.origin.value)

