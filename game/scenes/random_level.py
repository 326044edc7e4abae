"""The "Random level" screen: choose a difficulty and a size, and a fresh level is made for you.

Its model is game.app.random_level; this scene maps keys, and draws the level made above the
menu before it is played.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.random_level import RandomKey, RandomLevel, RandomLevelView
from game.app.screens import RandomLevelScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.ui import theme
from game.ui.preview import render_preview
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
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

_NOTE_ROOM = 70
_PREVIEW_ROOM = 60
_PREVIEW_TILE = 24
_MENU_WIDTH = 560


class RandomLevelScene(GameScene[RandomLevelView]):
    """Difficulty and size to choose, then a level made off the main loop."""

    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Left/Right", "change"),
        ("Enter", "select"),
        ("Esc", "cancel / back"),
    )

    def __init__(self, engine: GameEngine, screen: RandomLevelScreen) -> None:
        super().__init__(engine, screen)
        self.another = screen.another
        self.model = RandomLevel(engine, engine.ready_levels, engine.rest.wake)

    def on_enter(self) -> None:
        if self.another:
            self.model.another()

    def on_resume(self) -> None:
        self.model.came_back()

    def on_exit(self) -> None:
        self.model.close()

    def shown(self) -> Shown[RandomLevelView]:
        return Shown(self.model.view(), work=self.model.work)

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.model.handle(RandomKey.BACK)
            return
        view = self.model.view()
        area = self.menu_area(self.engine.screen, view)
        command = menu_command(event, view.menu, area, _MENU_WIDTH)
        if command is not None:
            self.model.handle(command)

    def menu_area(self, surface: pygame.Surface, view: RandomLevelView) -> pygame.Rect:
        area = self.content_area(surface)
        rows = px(MENU_ROW) * len(view.menu.lines)
        # A level made is shown above the menu, which moves down to make room for it.
        lower = px(_PREVIEW_ROOM) if view.level is not None else -px(30)
        top = max(area.top + px(90), area.centery - rows // 2 + lower)
        height = min(rows, area.bottom - px(_NOTE_ROOM) - top)
        return pygame.Rect(area.left, top, area.width, height)

    def draw(self, surface: pygame.Surface, shown: Shown[RandomLevelView], alpha: float) -> None:
        view = shown.view
        draw_backdrop(surface)
        draw_title(surface, "Random level", 40)
        menu_area = self.menu_area(surface, view)
        rects = menu_rects(view.menu, menu_area, _MENU_WIDTH)
        draw_panel(surface, rects[0].union(rects[-1]).inflate(px(40), px(40)))
        draw_menu(surface, view.menu, menu_area, _MENU_WIDTH)
        if view.level is not None:
            top = px(80)
            room = pygame.Rect(0, top, surface.get_width(), rects[0].top - px(30) - top)
            if room.height >= px(40):
                picture = render_preview(
                    view.level, room.width - px(40), room.height, _PREVIEW_TILE
                )
                surface.blit(picture, picture.get_rect(center=room.center))
        lines = [view.message] if view.making is None else [view.message, view.making]
        y = rects[-1].bottom + px(30)
        colour = theme.TONE_COLOURS[view.tone]
        for line in lines:
            text = fit_text(line, 19, surface.get_width() - 30)
            draw_text(surface, text, 19, colour, (surface.get_width() // 2, y), "midtop")
            y += px(26)
