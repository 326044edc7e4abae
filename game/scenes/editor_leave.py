"""Leaving the editor with unsaved changes: save them, discard them, or stay.

A small menu over the editor; Esc stays.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.questions import Answer, LeaveChoice
from game.app.screens import EditorLeaveScreen
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text
from game.ui.widgets import KeyHelp, Menu, MenuItem, dim, draw_panel


class EditorLeaveScene(GameScene):
    """Save, discard or stay; the choice's callback runs after this dialog closes."""


    overlay = True
    keys: ClassVar[KeyHelp] = (("Up/Down", "choose"), ("Enter", "select"), ("Esc", "stay"))

    def __init__(self, engine: GameEngine, screen: EditorLeaveScreen) -> None:
        super().__init__(engine, screen)
        self.reply = screen.reply
        self.menu = Menu(
            [
                MenuItem("Save, then leave", lambda: self._choose(LeaveChoice.SAVE)),
                MenuItem("Leave without saving", lambda: self._choose(LeaveChoice.DISCARD)),
                MenuItem("Stay in the editor", lambda: self._choose(LeaveChoice.STAY)),
            ],
            width=400,
        )

    def _choose(self, choice: Answer) -> None:
        self.engine.pop()
        self.reply(choice)

    def _panel(self, surface: pygame.Surface) -> pygame.Rect:
        panel = pygame.Rect(0, 0, min(px(480), surface.get_width() - 40), px(260))
        panel.center = self.content_area(surface).center
        return panel

    def _menu_area(self, surface: pygame.Surface) -> pygame.Rect:
        panel = self._panel(surface)
        return pygame.Rect(panel.left, panel.top + px(80), panel.width, panel.height - px(100))

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self._choose(LeaveChoice.STAY)
            return
        self.menu.handle_event(event, self._menu_area(self.engine.screen))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        panel = self._panel(surface)
        draw_panel(surface, panel, theme.WARNING)
        draw_text(
            surface,
            "Unsaved changes",
            34,
            theme.WARNING,
            (panel.centerx, panel.top + px(22)),
            "midtop",
            True,
        )
        self.menu.draw(surface, self._menu_area(surface))
