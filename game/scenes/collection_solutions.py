"""The collection's solutions: every level of the open collection with its best solution by
moves and by pushes, and those with none; Enter opens a level's own Solutions, E exports the
collection's library as a .sok file and I imports one.

Its model is game.app.library.collection_solutions; opened from the Solutions screen (L).
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.library.collection_solutions import CollectionKey, CollectionSolutions, CollectionView
from game.app.screens import CollectionSolutionsScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
from game.ui.collection_solutions_view import draw_collection, row_at, rows_shown
from game.ui.widgets import CONFIRM_KEYS, DOWN_KEYS, UP_KEYS, KeyHelp, is_pointing

_KEYS = {
    **dict.fromkeys(UP_KEYS, CollectionKey.UP),
    **dict.fromkeys(DOWN_KEYS, CollectionKey.DOWN),
    **dict.fromkeys(CONFIRM_KEYS, CollectionKey.OPEN),
    pygame.K_PAGEUP: CollectionKey.PAGE_UP,
    pygame.K_PAGEDOWN: CollectionKey.PAGE_DOWN,
    pygame.K_HOME: CollectionKey.FIRST,
    pygame.K_END: CollectionKey.LAST,
    pygame.K_n: CollectionKey.NEXT_UNSOLVED,
    pygame.K_e: CollectionKey.EXPORT,
    pygame.K_i: CollectionKey.IMPORT,
    pygame.K_ESCAPE: CollectionKey.BACK,
}


class CollectionSolutionsScene(GameScene[CollectionView]):
    """A table of the collection's levels and their best solutions."""

    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Enter / click", "the level's solutions"),
        ("N", "next level with none"),
        ("E", "export as .sok"),
        ("I", "import a .sok file"),
        ("Esc", "stop an import or export, or back"),
    )

    def __init__(self, engine: GameEngine, screen: CollectionSolutionsScreen) -> None:
        super().__init__(engine, screen)
        self.model = CollectionSolutions(engine, screen.level_index, engine.rest.wake)

    def on_enter(self) -> None:
        self.model.refresh()
        self._fit()

    def on_resume(self) -> None:
        self.model.refresh()  # a level's solutions may have changed meanwhile

    def on_exit(self) -> None:
        self.model.close()

    def shown(self) -> Shown[CollectionView]:
        return Shown(self.model.view(), work=self.model.work)

    def _fit(self) -> None:
        self.model.fit(rows_shown(self.content_area(self.engine.screen)))

    def update(self, dt: float) -> None:
        self._fit()

    def handle_event(self, event: pygame.event.Event) -> None:
        self._fit()
        if event.type == pygame.KEYDOWN and event.key in _KEYS:
            self.model.handle(_KEYS[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.model.handle(Wheel(event.y))
        elif is_pointing(event):
            row = row_at(self.model.view(), self.content_area(self.engine.screen), event.pos)
            if row is not None:
                clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                self.model.handle(ClickOn(row) if clicked else PointAt(row))

    def draw(self, surface: pygame.Surface, shown: Shown[CollectionView], alpha: float) -> None:
        draw_collection(surface, shown.view, self.content_area(surface))
