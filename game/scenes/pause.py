"""The pause menu over a level: resume, restart, saved games, settings, key help, or leave.

Time stops while it is open, since only the top scene gets logic ticks.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app import navigation, saving
from game.app.screens import (
    MessageScreen,
    PauseScreen,
    SettingsScreen,
    SlotsScreen,
    SolutionsScreen,
)
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.ui import theme
from game.ui.play_keys import PLAY_KEYS
from game.ui.scale import px
from game.ui.text import draw_text
from game.ui.widgets import KeyHelp, Menu, MenuItem, dim, draw_panel


class PauseScene(GameScene):
    """A menu drawn over the paused level."""


    overlay = True
    keys: ClassVar[KeyHelp] = (("Up/Down", "choose"), ("Enter", "select"), ("Esc", "resume"))

    def __init__(self, engine: GameEngine, screen: PauseScreen) -> None:
        super().__init__(engine, screen)
        self.play = screen.level
        self.menu = Menu(
            [
                MenuItem("Resume", self.engine.pop),
                MenuItem("Restart level", self._restart),
                MenuItem("Saved games", self._slots),
                MenuItem("Key help", self._key_help),
                MenuItem("Settings", self._settings),
                MenuItem("Leave level", lambda: navigation.leave_level(self.engine)),
            ],
            width=380,
        )
        if not engine.context.session.is_test_play:  # its store lasts only the test play
            self.menu.items.insert(3, MenuItem("Solutions", self._solutions))

    def _restart(self) -> None:
        self.engine.pop()
        self.play.request_restart()

    def _slots(self) -> None:
        play = self.play
        context = self.engine.context
        self.engine.open(
            SlotsScreen(lambda: saving.saved_game(context, play.level_index, play.state))
        )

    def _solutions(self) -> None:
        self.engine.open(SolutionsScreen(self.play.level_index))

    def _key_help(self) -> None:
        self.engine.open(MessageScreen("Keys", "\n".join(PLAY_KEYS.help_lines())))

    def _settings(self) -> None:
        self.engine.open(SettingsScreen())

    def _panel(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        height = min(area.height - 8, px(110 + 46 * len(self.menu.items)))
        panel = pygame.Rect(0, 0, min(area.width - 8, px(460)), height)
        panel.center = area.center
        return panel

    def menu_area(self, surface: pygame.Surface) -> pygame.Rect:
        panel = self._panel(surface)
        return pygame.Rect(panel.left, panel.top + px(80), panel.width, panel.height - px(100))

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_p):
            self.engine.pop()
            return
        self.menu.handle_event(event, self.menu_area(self.engine.screen))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        panel = self._panel(surface)
        draw_panel(surface, panel)
        draw_text(
            surface, "Paused", 40, theme.ACCENT, (panel.centerx, panel.top + px(22)), "midtop", True
        )
        self.menu.draw(surface, self.menu_area(surface))
