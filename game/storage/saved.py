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
from game.core.level_ref import CampaignLevel, FileLevel, LevelRef, MyLevel
from game.core.notation import MAX_MOVES, NotationError, parse_lurd, replay_on
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.storage import user_levels
from game.storage.codec import MAX_COUNT, Identifier, Moment, Text, Title, stored_title
from game.storage.identity import CAMPAIGN_ID

# Moves kept in a saved game: as many as a replay reads back (a longer history was written
# and then refused on reading, so the game was no longer saved and nobody was told).
MAX_HISTORY = MAX_MOVES


@dataclass(frozen=True)
class SavedGame:
    """Where a player is: the level (its typed identity), the moves made so far, the statistics.

    ``history`` is the current move list in LURD (``PlayState.lurd()``): moves that a restart
    threw away before saving are not kept, so after loading, undo goes back to the start of
    the current attempt but cannot undo that restart. That keeps the format plain LURD, which
    any Sokoban program reads, at the cost of one rarely wanted undo step. A level carried by
    its own text (random, pasted) is saved with its text, so it always resumes.
    """

    level: LevelRef
    collection_title: Title
    level_fingerprint: Identifier
    history: Annotated[str, Text(MAX_HISTORY)]
    statistics: Statistics
    saved_at: Moment = 0.0

    @classmethod
    def capture(
        cls, level: LevelRef, collection_title: str, state: PlayState, statistics: Statistics
    ) -> SavedGame:
        """A snapshot of a game in progress (statistics are copied, not shared, and held at the
        most the store reads back: a clock left running for ages must not stop the saves)."""
        copied = copy.deepcopy(statistics)  # its lists and dicts too
        copied.elapsed = min(copied.elapsed, MAX_COUNT)
        return cls(
            level=level,
            collection_title=stored_title(collection_title),
            level_fingerprint=state.level.fingerprint(),
            history=state.lurd(),
            statistics=copied,
            saved_at=time.time(),
        )

    @classmethod
    def upgraded_json(cls, data: dict[str, object]) -> dict[str, object]:
        """A saved game as versions before the typed level identity wrote it, in today's form:
        the collection id, path and level index become the level's identity."""
        if "level" in data or "collection_path" not in data:
            return data
        older = dict(data)
        path, index = older.pop("collection_path"), older.pop("level_index", 0)
        identity = older.pop("collection_id", "")
        level: dict[str, object] = {"kind": FileLevel.kind, "path": path, "index": index}
        if identity == CAMPAIGN_ID:
            level = {"kind": CampaignLevel.kind, "index": index}
        elif isinstance(path, str) and Path(path).parent == user_levels.folder():
            level = {"kind": MyLevel.kind, "collection": Path(path).stem, "index": index}
        older["level"] = level
        return older

    @property
    def place(self) -> str:
        return place_of(self.collection_title, self.level.number)

    def level_index_in(self, levels: Sequence[Level]) -> int | None:
        """Where the saved level is in ``levels``: the saved index while the layout there still
        matches, else the first level with that layout (the file was reordered), else None."""
        candidates = list(range(len(levels)))
        saved = self.level.number
        if saved is not None and saved <= len(levels):
            candidates.insert(0, saved - 1)
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
            return replace(self, history=parse_lurd(self.history, MAX_HISTORY))
        except NotationError as error:
            raise ValueError(f"history: {error}") from None


@dataclass(frozen=True)
class SlotInfo:
    """A named save slot as the slots menu lists it."""

    name: str
    saved_at: float
    collection_title: str
    level_number: int | None  # None for a level known by its text alone
    moves: int
    problem: str | None = None  # what is wrong with a save that cannot be read

    @property
    def place(self) -> str:
        return place_of(self.collection_title, self.level_number)


def place_of(collection_title: str, level_number: int | None) -> str:
    """Where a saved game is, in words: "Microban, level 3", or the title alone for a level
    known by its text."""
    title = collection_title or "?"
    return title if level_number is None else f"{title}, level {level_number}"
