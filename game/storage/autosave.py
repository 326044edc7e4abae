"""When the session is saved: after every 30 seconds of play, and at once on demand.

The engine calls :meth:`AutoSaver.tick` on each logic tick of play, and :meth:`AutoSaver.save_now`
when the player leaves a level or quits.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.problems import Problem
from game.storage.saved import SavedGame
from game.storage.store import ProgressStore

AUTOSAVE_SECONDS = 30.0


class AutoSaver:
    """Counts play time and saves the session when the interval has passed."""

    def __init__(self, store: ProgressStore, interval: float = AUTOSAVE_SECONDS) -> None:
        self.store = store
        self.interval = interval
        self.since_save = 0.0
        self.last_problem: Problem | None = None

    def tick(self, seconds: float, capture: Callable[[], SavedGame]) -> bool:
        """Add ``seconds`` of play; save ``capture()`` once the interval is reached.

        ``capture`` is only called when a save is due, so the move history is not turned into
        LURD sixty times a second. True if a save happened and succeeded.
        """
        self.since_save += seconds
        if self.since_save < self.interval:
            return False
        return self.save_now(capture())

    def save_now(self, game: SavedGame) -> bool:
        """Save at once (leaving a level, quitting); False with ``last_problem`` if it failed."""
        self.since_save = 0.0
        self.last_problem = self.store.save_session(game)
        return self.last_problem is None
