"""A message dialog over the current screen: a title, a few lines, and a key to close it.

Used for errors a player should read, for key help, and for features of later versions.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.screens import MessageScreen
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
from game.ui import theme
from game.ui.text import draw_text, text_width, wrap_text
from game.ui.widgets import KeyHelp, dim, draw_panel

_TITLE_FONT = 34
_BODY_FONT = 22
_MAX_WIDTH = 760
_MIN_TEXT_WIDTH = 300


class MessageScene(GameScene):
    """A dialog that any key or click closes."""


    overlay = True
    keys: ClassVar[KeyHelp] = (("Enter / Esc / click", "close"),)

    def __init__(self, engine: GameEngine, screen: MessageScreen) -> None:
        super().__init__(engine, screen)
        self.title = screen.title
        self.text = screen.text

    def show_key_help(self) -> bool:
        return False  # F1 closes the help it opened, like the other keys

    def handle_event(self, event: pygame.event.Event) -> None:
        closing_key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_F1,
            pygame.K_ESCAPE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        )
        if closing_key or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.engine.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        area = self.content_area(surface)
        widest = min(_MAX_WIDTH, area.width - 40)
        lines = wrap_text(self.text, _BODY_FONT, widest - 60)
        needed = max([text_width(line, _BODY_FONT) for line in lines] + [_MIN_TEXT_WIDTH])
        needed = max(needed, text_width(self.title, _TITLE_FONT, bold=True))
        width = min(widest, needed + 60)
        line_height = int(_BODY_FONT * 1.35)
        height = 110 + line_height * len(lines)
        panel = pygame.Rect(0, 0, width, height)
        panel.center = area.center
        draw_panel(surface, panel)
        draw_text(
            surface,
            self.title,
            _TITLE_FONT,
            theme.ACCENT,
            (panel.centerx, panel.top + 24),
            "midtop",
            bold=True,
        )
        y = panel.top + 78
        for line in lines:
            draw_text(surface, line, _BODY_FONT, theme.TEXT, (panel.left + 30, y))
            y += line_height
