"""A game in progress as the store keeps it: the session to resume and the named save slots.

The moves are plain LURD, so any Sokoban program can read a saved game's history.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated

from game.core.level import Level
from game.core.notation import NotationError, parse_lurd, replay_on
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.storage.codec import Identifier, Moment, PathText, Text, Title

MAX_HISTORY = 10_000_000  # moves kept in a saved game


@dataclass(frozen=True)
class SavedGame:
    """Where a player is: collection, level, the moves made so far, and the statistics.

    ``history`` is the current move list in LURD (``PlayState.lurd()``): moves that a restart
    threw away before saving are not kept, so after loading, undo goes back to the start of
    the current attempt but cannot undo that restart. That keeps the format plain LURD, which
    any Sokoban program reads, at the cost of one rarely wanted undo step.
    """

    collection_id: Identifier
    collection_path: PathText
    collection_title: Title
    level_index: int
    level_fingerprint: Identifier
    history: Annotated[str, Text(MAX_HISTORY)]
    statistics: Statistics
    saved_at: Moment = 0.0

    @classmethod
    def capture(
        cls,
        collection_id: str,
        collection_path: str | Path,
        collection_title: str,
        level_index: int,
        state: PlayState,
        statistics: Statistics,
    ) -> SavedGame:
        """A snapshot of a game in progress (statistics are copied, not shared)."""
        copied = copy.deepcopy(statistics)  # its lists and dicts too
        return cls(
            collection_id=collection_id,
            collection_path=str(collection_path),
            collection_title=collection_title,
            level_index=level_index,
            level_fingerprint=state.level.fingerprint(),
            history=state.lurd(),
            statistics=copied,
            saved_at=time.time(),
        )

    def level_index_in(self, levels: Sequence[Level]) -> int | None:
        """Where the saved level is in ``levels``: the saved index while the layout there still
        matches, else the first level with that layout (the file was reordered), else None."""
        candidates = list(range(len(levels)))
        if self.level_index < len(levels):
            candidates.insert(0, self.level_index)
        for index in candidates:
            if levels[index].fingerprint() == self.level_fingerprint:
                return index
        return None

    def restore(self, level: Level) -> tuple[PlayState, str | None]:
        """A play state for ``level`` with the saved moves replayed, so undo works through them.

        The message says what could not be restored: a level whose layout changed since the
        save starts afresh, and a history that stops fitting is replayed up to that move.
        """
        state = PlayState(level)
        if level.fingerprint() != self.level_fingerprint:
            return state, "The level has changed since this game was saved; it starts afresh."
        try:
            result = replay_on(state, self.history)
        except NotationError as error:
            return state, f"The saved moves could not be read ({error}); the level starts afresh."
        if result.failed_at is not None:
            return state, f"The saved moves were restored up to move {result.failed_at - 1}."
        return state, None

    def checked(self) -> SavedGame:
        """This game read from a file, its history normalised; ValueError if it is not LURD."""
        try:
            return replace(self, history=parse_lurd(self.history))
        except NotationError as error:
            raise ValueError(f"history: {error}") from None


@dataclass(frozen=True)
class SlotInfo:
    """A named save slot as the slots menu lists it."""

    name: str
    saved_at: float
    collection_title: str
    level_index: int
    moves: int
