"""The Solutions screen: a level's solution library with every metric, sorted by any column;
replay, copy, delete, import (from the clipboard or a file's Solution lines), optimize and
compare two.

Its model is game.app.library.solutions_screen; this scene maps keys and the mouse and draws.
Opened from level select (Shift+S), the level complete screen and the pause menu.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.library.solutions_commands import SolutionsKey, SortBy
from game.app.library.solutions_rows import SolutionsView
from game.app.library.solutions_screen import SolutionsModel
from game.app.screens import SolutionsScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
from game.ui.solutions_view import draw_solutions, header_at, row_at, rows_shown
from game.ui.widgets import CONFIRM_KEYS, DOWN_KEYS, UP_KEYS, KeyHelp, is_pointing

_KEYS = {
    **dict.fromkeys(UP_KEYS, SolutionsKey.UP),
    **dict.fromkeys(DOWN_KEYS, SolutionsKey.DOWN),
    **dict.fromkeys(CONFIRM_KEYS, SolutionsKey.REPLAY),
    pygame.K_PAGEUP: SolutionsKey.PAGE_UP,
    pygame.K_PAGEDOWN: SolutionsKey.PAGE_DOWN,
    pygame.K_HOME: SolutionsKey.FIRST,
    pygame.K_END: SolutionsKey.LAST,
    pygame.K_c: SolutionsKey.COPY,
    pygame.K_DELETE: SolutionsKey.DELETE,
    pygame.K_BACKSPACE: SolutionsKey.DELETE,
    pygame.K_v: SolutionsKey.PASTE,
    pygame.K_i: SolutionsKey.IMPORT_FILE,
    pygame.K_o: SolutionsKey.OPTIMIZE,
    pygame.K_m: SolutionsKey.PRIMARY,
    pygame.K_t: SolutionsKey.OPTIMIZE_TIME,
    pygame.K_RIGHT: SolutionsKey.SORT_NEXT,
    pygame.K_LEFT: SolutionsKey.SORT_PREVIOUS,
    pygame.K_r: SolutionsKey.SORT_REVERSE,
    pygame.K_x: SolutionsKey.MARK,
    pygame.K_d: SolutionsKey.COMPARE,
    pygame.K_l: SolutionsKey.COLLECTION,
    pygame.K_ESCAPE: SolutionsKey.BACK,
}

# The keys that do something on an empty library.
_WITHOUT_ENTRIES = ("V", "I", "L", "M", "T", "Esc")


class SolutionsScene(GameScene[SolutionsView]):
    """The solutions of one level of the open collection, sorted as the player chose."""

    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Enter / click", "replay (N, B, Space)"),
        ("Left/Right, R", "sort by column, reverse"),
        ("C", "copy as LURD"),
        ("Del", "delete"),
        ("V", "import from the clipboard"),
        ("I", "import a file's Solution lines"),
        ("X / D", "mark / compare with the chosen"),
        ("L", "the collection's solutions"),
        ("M", "primary metric"),
        ("O", "optimize for it"),
        ("T", "optimizer's time"),
        ("Esc", "stop the work, or back"),
    )

    def __init__(self, engine: GameEngine, screen: SolutionsScreen) -> None:
        super().__init__(engine, screen)
        self.model = SolutionsModel(
            engine, screen.level_index, solver=engine.solver, wake=engine.rest.wake
        )

    def key_hints(self) -> KeyHelp:
        # With no solution yet, the bar shows only what can be done without one.
        if self.model.entries:
            return self.keys
        return tuple(hint for hint in self.keys if hint[0] in _WITHOUT_ENTRIES)

    def help_lines(self) -> list[str]:
        return [f"{keys}: {action}" for keys, action in self.keys]

    def on_enter(self) -> None:
        self.model.refresh()
        self._fit()

    def on_resume(self) -> None:
        self.model.refresh()

    def on_exit(self) -> None:
        self.model.close()

    def shown(self) -> Shown[SolutionsView]:
        return Shown(self.model.view(), work=self.model.running)

    def _fit(self) -> None:
        self.model.fit(rows_shown(self.content_area(self.engine.screen)))

    def update(self, dt: float) -> None:
        self._fit()  # a resized window shows another number of rows

    def handle_event(self, event: pygame.event.Event) -> None:
        self._fit()
        if event.type == pygame.KEYDOWN and event.key in _KEYS:
            self.model.handle(_KEYS[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.model.handle(Wheel(event.y))
        elif is_pointing(event):
            area = self.content_area(self.engine.screen)
            clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            column = header_at(area, event.pos)
            if column is not None and clicked:
                self.model.handle(SortBy(column))
                return
            row = row_at(self.model.view(), area, event.pos)
            if row is not None:
                self.model.handle(ClickOn(row) if clicked else PointAt(row))

    def draw(self, surface: pygame.Surface, shown: Shown[SolutionsView], alpha: float) -> None:
        draw_solutions(surface, shown.view, self.content_area(surface))
