"""The settings screen: animation speed (down to instant), sound volume, fullscreen, key help.

Changes apply at once; the progress store of a later issue will keep them between sessions.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.engine.engine import GameEngine
from game.scenes import flow
from game.scenes.base import GameScene, is_back_key
from game.ui import theme
from game.ui.text import draw_text
from game.ui.widgets import (
    MENU_ROW,
    KeyHelp,
    Menu,
    MenuItem,
    draw_backdrop,
    draw_key_bar,
    draw_panel,
    draw_title,
)


class SettingsScene(GameScene):
    """Settings as a menu of values changed with left and right."""

    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Left/Right", "change"),
        ("Enter", "change / open"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine) -> None:
        super().__init__(engine)
        settings = engine.settings
        self.message = ""
        self.menu = Menu(
            [
                MenuItem(
                    "Animation speed",
                    adjust=self._change_speed,
                    value=lambda: settings.animation_speed.label,
                ),
                MenuItem(
                    "Sound volume",
                    adjust=self._change_volume,
                    value=lambda: f"{round(settings.volume * 100)}%",
                ),
                MenuItem(
                    "Fullscreen",
                    adjust=lambda _: self._toggle_fullscreen(),
                    value=lambda: "On" if settings.fullscreen else "Off",
                ),
                MenuItem("Key help", self._key_help),
                MenuItem("Back", self.engine.pop),
            ],
            width=560,
        )

    def _change_speed(self, offset: int) -> None:
        settings = self.engine.settings
        settings.animation_speed = settings.animation_speed.cycled(offset)

    def _change_volume(self, steps: int) -> None:
        self.engine.settings.change_volume(steps)
        self.engine.sound.volume = self.engine.settings.volume
        self.engine.sound.play("push")

    def _toggle_fullscreen(self) -> None:
        wanted = not self.engine.settings.fullscreen
        if self.engine.set_fullscreen(wanted):
            self.message = ""
        else:
            self.message = "The display did not allow switching to fullscreen."

    def _key_help(self) -> None:
        from game.scenes.play import PLAY_KEYS_HELP

        flow.show_message(self.engine, "Keys", "\n".join(PLAY_KEYS_HELP))

    def _menu_area(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        height = MENU_ROW * len(self.menu.items)
        top = max(area.top + 120, area.centery - height // 2 - 30)
        return pygame.Rect(area.left, top, area.width, height)

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
            return
        self.menu.handle_event(event, self._menu_area(self.engine.screen))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_backdrop(surface)
        draw_title(surface, "Settings", 40)
        menu_area = self._menu_area(surface)
        rects = self.menu.layout(menu_area)
        draw_panel(surface, rects[0].union(rects[-1]).inflate(40, 40))
        self.menu.draw(surface, menu_area)
        hint = "Instant speed moves without animation; every step still counts."
        draw_text(
            surface,
            self.message or hint,
            19,
            theme.WARNING if self.message else theme.TEXT_DIM,
            (surface.get_width() // 2, rects[-1].bottom + 40),
            "midtop",
        )
        draw_key_bar(surface, self.keys)
