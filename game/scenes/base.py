"""What every screen of the game shares: key help, files dropped on the window, text entry.

Each scene lists its keys in ``keys``; the bar along the bottom of the screen shows them.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app import navigation
from game.app.dialogs.menu_dialogs import MenuDialog, MenuDialogView
from game.app.dialogs.text_line import LineCommand, TextLine
from game.app.screens import MessageScreen, Screen
from game.app.shown import Shown, ViewT
from game.engine.engine import GameEngine
from game.engine.key_repeat import MOVING_KEYS
from game.engine.scene import Scene
from game.ui import theme
from game.ui.menu_dialog import dialog_menu_area, draw_menu_dialog
from game.ui.text_field import line_command
from game.ui.widgets import KeyHelp, draw_key_bar, key_bar_height, menu_command


class GameScene(Scene[ViewT]):
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

    def draw_covered(self, surface: pygame.Surface, shown: Shown[ViewT]) -> None:
        # The band of this screen's key bar is left blank: the bar the overlay draws is the
        # only one (a taller bar beneath used to show its top row above the overlay's).
        self.draw(surface, shown, 0.0)
        area = self.content_area(surface)
        band = surface.get_height() - area.bottom
        surface.fill(theme.BACKGROUND, (0, area.bottom, area.width, band))

    def paste_levels(self) -> None:
        """Ctrl+V on a menu: open the levels, or the level file, the clipboard holds."""
        navigation.paste_levels(self.engine)

    def content_area(self, surface: pygame.Surface) -> pygame.Rect:
        """The screen above the key bar."""
        width, height = surface.get_size()
        return pygame.Rect(0, 0, width, height - key_bar_height(width, self.key_hints()))


class TextEntryScene(GameScene[ViewT]):
    """A dialog with one text field: text input is on while it shows, the caret blinks, and
    the key that opened it is never typed into it."""

    overlay = True

    def __init__(self, engine: GameEngine, screen: Screen) -> None:
        super().__init__(engine, screen)
        self._opened_in: int | None = None

    def on_enter(self) -> None:
        pygame.key.start_text_input()
        self._opened_in = self.engine.input_batch

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def line_command(self, event: pygame.event.Event) -> LineCommand | None:
        """What ``event`` asks of the field (None: not the field's). The text of the key press
        that opened this dialog arrives in the same batch of input, and is dropped."""
        opening = self._opened_in is not None and self.engine.input_batch == self._opened_in
        if event.type == pygame.TEXTINPUT and opening:
            return None
        return line_command(event)

    @staticmethod
    def with_caret(view: ViewT, line: TextLine, field: pygame.Rect) -> Shown[ViewT]:
        """``view`` shown with the caret's blink as its ticking part: as it blinks, only the
        field's area is shown again."""
        return Shown(view, line.caret_on, (field.x, field.y, field.width, field.height))


class MenuDialogScene(GameScene[MenuDialogView]):
    """A title over a menu, over the dimmed screen beneath (its model says what Esc does)."""

    overlay = True
    width: ClassVar[int] = 460
    colour: ClassVar[theme.Color] = theme.ACCENT

    def __init__(self, engine: GameEngine, screen: Screen, model: MenuDialog) -> None:
        super().__init__(engine, screen)
        self.model = model

    def shown(self) -> Shown[MenuDialogView]:
        return Shown(self.model.view())

    def is_back(self, event: pygame.event.Event) -> bool:
        return is_back_key(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.is_back(event):
            self.model.back()
            return
        view = self.model.view()
        area = dialog_menu_area(view, self.content_area(self.engine.screen), self.width)
        command = menu_command(event, view.menu, area, self.width - 80)
        if command is not None:
            self.model.handle(command)

    def draw(self, surface: pygame.Surface, shown: Shown[MenuDialogView], alpha: float) -> None:
        area = self.content_area(surface)
        draw_menu_dialog(surface, shown.view, area, self.width, self.colour)


def is_paste_key(event: pygame.event.Event) -> bool:
    return (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_v
        and bool(event.mod & pygame.KMOD_CTRL)
    )


def is_back_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
