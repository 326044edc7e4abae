"""The pause menu over a level: resume, restart, saved games, settings, key help, or leave.

Time stops while it is open, since only the top scene gets logic ticks.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.dialogs.menu_dialogs import PauseMenu
from game.app.screens import PauseScreen
from game.engine.engine import GameEngine
from game.scenes.base import MenuDialogScene, is_back_key
from game.ui.play_keys import PLAY_KEYS
from game.ui.widgets import KeyHelp


class PauseScene(MenuDialogScene):
    """A menu drawn over the paused level."""

    keys: ClassVar[KeyHelp] = (("Up/Down", "choose"), ("Enter", "select"), ("Esc", "resume"))

    def __init__(self, engine: GameEngine, screen: PauseScreen) -> None:
        help_text = "\n".join(PLAY_KEYS.help_lines())
        super().__init__(engine, screen, PauseMenu(engine, screen.level, help_text))

    def is_back(self, event: pygame.event.Event) -> bool:
        return is_back_key(event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_p)
