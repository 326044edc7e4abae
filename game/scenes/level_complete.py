"""The level complete screen: moves, pushes, time and score, then on to the next level.

It sits over the solved level, which stays visible underneath; its model is
game.app.level_complete.
"""

from __future__ import annotations

import pygame

from game.app.level_complete import LevelComplete, LevelCompleteView
from game.app.screens import LevelCompleteScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text, wrap_text
from game.ui.widgets import (
    MENU_ROW,
    MIN_MENU_ROW,
    KeyHelp,
    dim,
    draw_menu,
    draw_panel,
    menu_command,
    menu_rects,
)

_ROW = 34
_SMALL_ROW = 26
_ROOMY_HEIGHT = 560
_STATS_TOP = 116
_NOTE_LINE = 26
_NOTE_LINES = 3
_MARGIN = 16
_MENU_WIDTH = 360


class LevelCompleteScene(GameScene[LevelCompleteView]):
    """Congratulations and the results of the level just solved."""

    overlay = True

    def __init__(self, engine: GameEngine, screen: LevelCompleteScreen) -> None:
        super().__init__(engine, screen)
        self.model = LevelComplete(engine, screen.result)

    def key_hints(self) -> KeyHelp:
        view = self.model.view()
        enter = "choose (next level)" if view.has_next else "choose"
        return (
            ("Enter", enter),
            ("R", "play again"),
            ("Up/Down", "choose"),
            ("Esc", view.back.lower()),
        )

    def shown(self) -> Shown[LevelCompleteView]:
        return Shown(self.model.view())

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.model.back()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.model.again()
        else:
            view = self.model.view()
            area = self._layout(self.engine.screen, view)[2]
            command = menu_command(event, view.menu, area, _MENU_WIDTH)
            if command is not None:
                self.model.handle(command)

    def menu_lines(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Where the menu's lines are drawn on ``surface``."""
        view = self.model.view()
        return menu_rects(view.menu, self._layout(surface, view)[2], _MENU_WIDTH)

    def _note_lines(self, view: LevelCompleteView, width: int) -> list[str]:
        return wrap_text(view.note, 20, width)[:_NOTE_LINES] if view.note else []

    def _layout(
        self, surface: pygame.Surface, view: LevelCompleteView
    ) -> tuple[pygame.Rect, int, pygame.Rect]:
        """The panel, the height of a result row, and the menu's area; tighter on low windows."""
        area = self.content_area(surface)
        roomy = area.height >= px(_ROOMY_HEIGHT)
        row, menu_row = (_ROW, MENU_ROW) if roomy else (_SMALL_ROW, MIN_MENU_ROW)
        row, menu_row, margin = px(row), px(menu_row), px(_MARGIN)
        menu_height = menu_row * len(view.menu.lines)
        width = min(px(520), area.width - 20)
        notes = len(self._note_lines(view, width - px(30)))
        height = px(_STATS_TOP + 8 + _NOTE_LINE * notes) + row * len(view.rows)
        height += menu_height + margin
        panel = pygame.Rect(0, 0, width, height)
        panel.center = area.center
        menu = pygame.Rect(
            panel.left, panel.bottom - menu_height - margin, panel.width, menu_height
        )
        return panel, row, menu

    def draw(self, surface: pygame.Surface, shown: Shown[LevelCompleteView], alpha: float) -> None:
        view = shown.view
        dim(surface)
        panel, row, menu_area = self._layout(surface, view)
        heading, colour = (
            ("Shown", theme.ACCENT_ALT) if view.replayed else ("Level solved!", theme.GOOD)
        )
        draw_panel(surface, panel, colour)
        top = (panel.centerx, panel.top + px(20))
        draw_text(surface, heading, 44, colour, top, "midtop", bold=True)
        title = fit_text(view.title, 22, panel.width - px(40))
        draw_text(surface, title, 22, theme.TEXT_DIM, (panel.centerx, panel.top + px(72)), "midtop")
        y = panel.top + px(_STATS_TOP)
        inset = px(60)
        for label, value in view.rows:
            draw_text(surface, label, 24, theme.TEXT_DIM, (panel.left + inset, y), "midleft")
            draw_text(
                surface, value, 26, theme.TEXT, (panel.right - inset, y), "midright", bold=True
            )
            y += row
        for line in self._note_lines(view, panel.width - px(30)):
            colour = theme.TONE_COLOURS[view.note_tone]
            draw_text(surface, line, 20, colour, (panel.centerx, y + px(2)), "midtop")
            y += px(_NOTE_LINE)
        draw_menu(surface, view.menu, menu_area, _MENU_WIDTH)



