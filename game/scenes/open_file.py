"""The open-file dialog: type the path of a level collection, or drop the file on the window.

Its model is game.app.dialogs.open_file; this scene maps keys and clicks, and draws.
"""

from __future__ import annotations

import os
from typing import ClassVar

import pygame

from game.app.dialogs.open_file import OpenFile, OpenFileView, OpenKey, TakeCandidate
from game.app.screens import OpenFileScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import TextEntryScene, is_back_key
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
from game.ui.text_field import draw_text_field
from game.ui.widgets import KeyHelp, dim, draw_panel

SHOWN_CANDIDATES = 6
_ROW = 30
_KEYS = {
    pygame.K_RETURN: OpenKey.OPEN,
    pygame.K_KP_ENTER: OpenKey.OPEN,
    pygame.K_TAB: OpenKey.COMPLETE,
    pygame.K_UP: OpenKey.UP,
    pygame.K_DOWN: OpenKey.DOWN,
}


class OpenFileScene(TextEntryScene[OpenFileView]):
    """A text field for a path with completion; Enter opens the file."""

    keys: ClassVar[KeyHelp] = (
        ("Type", "a path"),
        ("Tab", "complete"),
        ("Up/Down", "choose"),
        ("Enter", "open (chosen)"),
        ("Ctrl+V", "paste"),
        ("Ctrl+A", "select all"),
        ("Ctrl+Bksp", "delete a word"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine, screen: OpenFileScreen) -> None:
        super().__init__(engine, screen)
        self.model = OpenFile(engine, os.getcwd(), screen.take)
        self.title, self.hint = screen.title, screen.hint

    def update(self, dt: float) -> None:
        self.model.tick()

    def shown(self) -> Shown[OpenFileView]:
        field = self.field_rect(self.engine.screen)
        return self.with_caret(self.model.view(), self.model.line, field)

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.model.handle(OpenKey.BACK)
        elif event.type == pygame.KEYDOWN and event.key in _KEYS:
            self.model.handle(_KEYS[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            rects = self.candidate_rects(self.engine.screen, self.model.view())
            for index, rect in enumerate(rects):
                if rect.collidepoint(event.pos):
                    self.model.handle(TakeCandidate(index))
                    return
        else:
            command = self.line_command(event)
            if command is not None:
                self.model.handle(command)

    # -- layout ----------------------------------------------------------------------------
    def _panel(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        rows = min(SHOWN_CANDIDATES, max(1, (area.height - px(260)) // px(_ROW)))
        panel = pygame.Rect(0, 0, min(px(900), area.width - 40), px(230 + rows * _ROW))
        panel.center = area.center
        return panel

    def field_rect(self, surface: pygame.Surface) -> pygame.Rect:
        panel = self._panel(surface)
        return pygame.Rect(panel.left + px(30), panel.top + px(104), panel.width - px(60), px(48))

    def candidate_rects(self, surface: pygame.Surface, view: OpenFileView) -> list[pygame.Rect]:
        """Where the listed names are drawn (as many as there is room for)."""
        panel, field = self._panel(surface), self.field_rect(surface)
        room = (panel.bottom - px(48) - field.bottom - px(8)) // px(_ROW)
        shown = min(len(view.candidates), room)
        return [
            pygame.Rect(
                field.left, field.bottom + px(8) + index * px(_ROW), field.width, px(_ROW) - 2
            )
            for index in range(shown)
        ]

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Shown[OpenFileView], alpha: float) -> None:
        view = shown.view
        dim(surface)
        panel = self._panel(surface)
        draw_panel(surface, panel)
        title_at = (panel.centerx, panel.top + px(20))
        title = fit_text(self.title, 34, panel.width - 40, True)
        draw_text(surface, title, 34, theme.ACCENT, title_at, "midtop", bold=True)
        hint = fit_text(self.hint, 19, panel.width - 40)
        draw_text(surface, hint, 19, theme.TEXT_DIM, (panel.centerx, panel.top + px(66)), "midtop")
        draw_text_field(surface, self.field_rect(surface), view.field, bool(shown.ticking))
        for index, rect in enumerate(self.candidate_rects(surface, view)):
            chosen = index == view.chosen
            if chosen:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=6)
            name = fit_text(view.candidates[index], 20, rect.width - 24)
            colour = theme.SELECTION if chosen else theme.TEXT
            draw_text(surface, name, 20, colour, (rect.left + px(12), rect.centery), "midleft")
        if view.error:
            text = fit_text(view.error, 19, panel.width - 60)
            draw_text(surface, text, 19, theme.DANGER, (panel.left + px(30), panel.bottom - px(36)))
