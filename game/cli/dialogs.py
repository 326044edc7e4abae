"""The screens of a game run from the command line, and what its dialogs said when headless.

Headless, nobody sees the screen: each dialog is also written to stderr in one line.
"""

from __future__ import annotations

import sys
from typing import Any

from game.app.screens import MessageScreen, Screen
from game.core.errors import visible
from game.engine.engine import GameEngine
from game.engine.scene import Scene, SceneRegistry
from game.scenes.catalog import register_scenes
from game.storage.jsondata import one_line


class Dialogs(SceneRegistry):
    """Every screen of the game; headless, each message dialog is echoed on stderr, and one
    that carries a problem of a kind that fails the run (a level not saved) sets ``failed``
    (the run then exits 1)."""

    def __init__(self, headless: bool) -> None:
        super().__init__()
        self.headless = headless
        self.failed = False

    def make(self, engine: GameEngine, screen: Screen) -> Scene[Any]:
        if self.headless and isinstance(screen, MessageScreen):
            print(visible(one_line(f"{screen.title}: {screen.text}")), file=sys.stderr)
            problem = screen.problem
            self.failed = self.failed or (problem is not None and problem.kind.fails_run)
        return super().make(engine, screen)


def with_dialogs(engine: GameEngine, headless: bool) -> Dialogs:
    """Teach ``engine`` every screen through a :class:`Dialogs` registry; that registry."""
    dialogs = Dialogs(headless)
    engine.stack.registry = dialogs
    register_scenes(engine)
    return dialogs
