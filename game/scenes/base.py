"""What every screen of the game shares: its key help and opening files dropped on the window.

Each scene lists its keys in ``keys``; the bar along the bottom of the screen shows them.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.engine import navigation
from game.engine.scene import Scene
from game.ui.widgets import KeyHelp, draw_key_bar, key_bar_height


class GameScene(Scene):
    """A scene of this game: drop a level file anywhere and it opens."""

    keys: ClassVar[KeyHelp] = ()

    def on_file_dropped(self, path: str) -> None:
        navigation.open_collection_file(self.engine, path)

    def key_hints(self) -> KeyHelp:
        """The keys the bar along the bottom shows now (``keys`` unless they depend on state)."""
        return self.keys

    def show_key_help(self) -> bool:
        navigation.show_message(self.engine, "Keys", "\n".join(self.help_lines()))
        return True

    def help_lines(self) -> list[str]:
        """This screen's keys, one a line, for the F1 help."""
        return [f"{keys}: {action}" for keys, action in self.key_hints()]

    def draw_keys(self, surface: pygame.Surface) -> None:
        draw_key_bar(surface, self.key_hints())

    def content_area(self, surface: pygame.Surface) -> pygame.Rect:
        """The screen above the key bar."""
        width, height = surface.get_size()
        return pygame.Rect(0, 0, width, height - key_bar_height(width, self.key_hints()))


def is_back_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
