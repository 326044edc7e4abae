"""The play context: one typed bundle of the session, the progress store, statistics and autosave.

The engine keeps a stack of them: test play pushes a context of its own and pops it as a whole.
"""

from __future__ import annotations

from game.app.session import Session
from game.core.play import PlayState
from game.core.problems import Problem
from game.core.statistics import Statistics
from game.storage.autosave import AutoSaver
from game.storage.store import ProgressStore


class PlayContext:
    """What is open and being played, where its progress goes, and the statistics of play.

    ``statistics`` has one writer: the controller of the level being played.
    """

    def __init__(self, progress: ProgressStore, session: Session | None = None) -> None:
        self.progress = progress
        self.autosaver = AutoSaver(progress)
        self.session = session if session is not None else Session()
        self.statistics = Statistics()
        # The level being played while a play screen is open: the Solutions screen over it asks
        # before it leaves a game in progress.
        self.playing: PlayState | None = None

    @classmethod
    def in_memory(cls, session: Session | None = None) -> PlayContext:
        """A context whose progress is kept in memory only (tests, headless runs, test play)."""
        return cls(ProgressStore.in_memory(), session)

    def use_progress(self, store: ProgressStore) -> None:
        """Keep progress in ``store`` from now on, closing the store before it."""
        if store is not self.progress:
            self.progress.close()
        self.progress = store
        self.autosaver = AutoSaver(store)

    def close(self) -> Problem | None:
        """Close the store; the problem when results that could not be written are lost."""
        return self.progress.close()


class ContextStack:
    """The player's own context at the bottom; test play pushes its own over it."""

    def __init__(self, player: PlayContext) -> None:
        self._contexts = [player]

    @property
    def current(self) -> PlayContext:
        return self._contexts[-1]

    @property
    def player(self) -> PlayContext:
        """The player's own context: settings and the statistics screen always use it."""
        return self._contexts[0]

    def push(self, context: PlayContext) -> None:
        self._contexts.append(context)

    def pop(self) -> None:
        """Back to the context before, closing the one on top (never the player's own)."""
        if len(self._contexts) > 1:
            self._contexts.pop().close()

    def close(self) -> Problem | None:
        """Close every context; the player's store's problem when results are lost. The
        player's context stays, closed, so what it held can still be read."""
        while len(self._contexts) > 1:
            self.pop()
        return self.player.close()
