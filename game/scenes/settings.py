"""The settings screen: animation speed, sound volume, fullscreen, key help, export and import.

Its model is game.app.settings_menu; this scene maps keys and the mouse, and draws.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.screens import SettingsScreen
from game.app.settings_menu import SettingsMenu, SettingsView
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.ui import theme
from game.ui.play_keys import PLAY_KEYS
from game.ui.scale import px
from game.ui.text import draw_text, fit_text, wrap_text
from game.ui.widgets import (
    MENU_ROW,
    KeyHelp,
    draw_backdrop,
    draw_menu,
    draw_panel,
    draw_title,
    menu_command,
    menu_rects,
)

_NOTE_ROOM = 72
_NOTE_FONT = 19
_NOTE_LINE = 24
_MENU_WIDTH = 560


class SettingsScene(GameScene[SettingsView]):
    """Settings as a menu of values changed with left and right."""

    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Left/Right", "change"),
        ("Enter", "change / open"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine, screen: SettingsScreen) -> None:
        super().__init__(engine, screen)
        self.model = SettingsMenu(engine, "\n".join(PLAY_KEYS.help_lines()))

    def shown(self) -> Shown[SettingsView]:
        return Shown(self.model.view())

    def menu_area(self, surface: pygame.Surface, lines: int) -> pygame.Rect:
        """Centred under the title; on low windows the rows get shorter so the note still shows."""
        area = self.content_area(surface)
        rows = px(MENU_ROW) * lines
        top = max(area.top + px(90), area.centery - rows // 2 - px(30))
        height = min(rows, area.bottom - px(_NOTE_ROOM) - top)
        return pygame.Rect(area.left, top, area.width, height)

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
            return
        view = self.model.view().menu
        area = self.menu_area(self.engine.screen, len(view.lines))
        command = menu_command(event, view, area, _MENU_WIDTH)
        if command is not None:
            self.model.handle(command)

    def draw(self, surface: pygame.Surface, shown: Shown[SettingsView], alpha: float) -> None:
        view = shown.view
        draw_backdrop(surface)
        draw_title(surface, "Settings", 40)
        menu_area = self.menu_area(surface, len(view.menu.lines))
        rects = menu_rects(view.menu, menu_area, _MENU_WIDTH)
        draw_panel(surface, rects[0].union(rects[-1]).inflate(px(40), px(40)))
        draw_menu(surface, view.menu, menu_area, _MENU_WIDTH)
        colour = theme.TONE_COLOURS[view.note_tone]
        width = surface.get_width() - 30
        # Two lines at most: a long path or a method's description wraps once.
        lines = wrap_text(view.note, _NOTE_FONT, width)
        if len(lines) > 2:
            lines = [lines[0], fit_text(" ".join(lines[1:]), _NOTE_FONT, width)]
        y = rects[-1].bottom + px(30)
        for line in lines:
            draw_text(surface, line, _NOTE_FONT, colour, (surface.get_width() // 2, y), "midtop")
            y += px(_NOTE_LINE)
