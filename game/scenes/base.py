"""What every screen of the game shares: key help, files dropped on the window, text entry.

Each scene lists its keys in ``keys``; the bar along the bottom of the screen shows them.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app import navigation
from game.app.paste import PasteKind, read_paste
from game.app.screens import MessageScreen, Screen
from game.engine.engine import GameEngine
from game.engine.key_repeat import MOVING_KEYS
from game.engine.scene import Scene
from game.ui.text_field import TextField
from game.ui.widgets import KeyHelp, draw_key_bar, key_bar_height


class GameScene(Scene):
    """A scene of this game: drop a level file anywhere and it opens."""

    keys: ClassVar[KeyHelp] = ()

    def on_file_dropped(self, path: str) -> None:
        navigation.open_collection_file(self.engine, path)

    def repeats(self, key: int) -> bool:
        return key in MOVING_KEYS

    def key_hints(self) -> KeyHelp:
        """The keys the bar along the bottom shows now (``keys`` unless they depend on state)."""
        return self.keys

    def show_key_help(self) -> bool:
        self.engine.open(MessageScreen("Keys", "\n".join(self.help_lines())))
        return True

    def help_lines(self) -> list[str]:
        """This screen's keys, one a line, for the F1 help."""
        return [f"{keys}: {action}" for keys, action in self.key_hints()]

    def draw_keys(self, surface: pygame.Surface) -> None:
        draw_key_bar(surface, self.key_hints())

    def paste_levels(self) -> None:
        """Ctrl+V on a menu: open the levels, or the level file, the clipboard holds; a
        message says so when it holds neither."""
        pasted = read_paste(self.engine.clipboard.get(), moves_allowed=False)
        if pasted.kind is PasteKind.EMPTY:
            navigation.show_message(self.engine, "Nothing to paste", "The clipboard is empty.")
        elif pasted.kind is PasteKind.FILE:
            navigation.open_collection_file(self.engine, pasted.text)
        elif not navigation.open_collection_text(self.engine, pasted.text):
            navigation.show_message(
                self.engine,
                "Nothing to paste",
                "The clipboard holds no level and no level file's path. Copy a level (its "
                "rows of # $ . @) or a file's path, then press Ctrl+V again.",
            )

    def content_area(self, surface: pygame.Surface) -> pygame.Rect:
        """The screen above the key bar."""
        width, height = surface.get_size()
        return pygame.Rect(0, 0, width, height - key_bar_height(width, self.key_hints()))


class TextEntryScene(GameScene):
    """A dialog with one text field: text input is on while it shows, the caret blinks, the
    clipboard pastes, and the key that opened it is never typed into it."""

    overlay = True

    def __init__(self, engine: GameEngine, screen: Screen, field: TextField) -> None:
        super().__init__(engine, screen)
        self.field = field
        self._opened_in: int | None = None

    def picture_key(self) -> object:
        return TextField.caret_phase()

    def on_enter(self) -> None:
        pygame.key.start_text_input()
        self._opened_in = self.engine.input_batch

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def edit_field(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the field; True if it was the field's. The text of the key
        press that opened this dialog arrives in the same batch of input, and is dropped."""
        opening = self._opened_in is not None and self.engine.input_batch == self._opened_in
        if event.type == pygame.TEXTINPUT and opening:
            return False
        return self.field.handle_event(event, self.engine.clipboard.get)


def is_paste_key(event: pygame.event.Event) -> bool:
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_v
        and bool(event.mod & pygame.KMOD_CTRL)
    )


def is_back_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
