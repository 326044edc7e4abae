"""The comparison of two solutions of a level: the boxes' paths of each on the board and their
pushes aligned in a bar; Left and Right choose the stretch of the alignment to look at.

Its model is game.app.library.compare_screen; opened from the Solutions screen (X marks one, D
compares it with the chosen one).
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.library.compare_screen import CompareKey, CompareModel, CompareView
from game.app.screens import CompareScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
from game.ui.compare_view import draw_comparison
from game.ui.widgets import KeyHelp

_KEYS = {
    pygame.K_LEFT: CompareKey.PREVIOUS,
    pygame.K_RIGHT: CompareKey.NEXT,
    pygame.K_HOME: CompareKey.FIRST,
    pygame.K_END: CompareKey.LAST,
    pygame.K_ESCAPE: CompareKey.BACK,
}


class CompareScene(GameScene[CompareView]):
    """Two solutions of one level side by side."""

    keys: ClassVar[KeyHelp] = (
        ("Left/Right", "stretch before / after"),
        ("Home/End", "first / last stretch"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine, screen: CompareScreen) -> None:
        super().__init__(engine, screen)
        self.model = CompareModel(engine, screen)

    def shown(self) -> Shown[CompareView]:
        return Shown(self.model.view())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in _KEYS:
            self.model.handle(_KEYS[event.key])

    def draw(self, surface: pygame.Surface, shown: Shown[CompareView], alpha: float) -> None:
        draw_comparison(surface, shown.view, self.content_area(surface))
