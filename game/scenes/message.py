"""A message dialog over the current screen: a title, a few lines, and a key to close it.

Its model is game.app.dialogs.message; this scene wraps the text to the window, maps keys and draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pygame

from game.app.dialogs.message import MessageCommand, MessageDialog, MessageKey, MessageView
from game.app.dialogs.scroll import ScrollRoom, Wheel
from game.app.screens import MessageScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text, text_width, wrap_text
from game.ui.widgets import KeyHelp, dim, draw_panel, key_bar_height

_TITLE_FONT = 34
_BODY_FONT = 22
_LINE_HEIGHT = int(_BODY_FONT * 1.35)
_MAX_WIDTH = 760
_MIN_TEXT_WIDTH = 300
_TEXT_TOP = 78  # the body's first line, below the title
_FRAME = 110  # the panel's height besides its lines: title, margins
_KEYS = {
    **dict.fromkeys(
        (pygame.K_F1, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE),
        MessageKey.CLOSE,
    ),
    pygame.K_UP: MessageKey.LINE_UP,
    pygame.K_DOWN: MessageKey.LINE_DOWN,
    pygame.K_PAGEUP: MessageKey.PAGE_UP,
    pygame.K_PAGEDOWN: MessageKey.PAGE_DOWN,
    pygame.K_HOME: MessageKey.START,
    pygame.K_END: MessageKey.END,
}
SCROLL_HELP = ("Up/Down PgUp/PgDn Wheel", "scroll")


@dataclass(frozen=True)
class MessageLayout:
    """Where the dialog goes in a window: its panel, its lines and how many of them fit."""

    panel: pygame.Rect
    lines: list[str]
    visible: int

    @property
    def room(self) -> ScrollRoom:
        return ScrollRoom(len(self.lines), self.visible)

    @property
    def last_first_line(self) -> int:
        """The first line in view when scrolled to the end."""
        return self.room.last_first


class MessageScene(GameScene[MessageView]):
    """A dialog that Enter, Esc or a click closes; the arrows and the wheel scroll a long one."""

    overlay = True
    keys: ClassVar[KeyHelp] = (("Enter / Esc / click", "close"),)

    def __init__(self, engine: GameEngine, screen: MessageScreen) -> None:
        super().__init__(engine, screen)
        self.model = MessageDialog(engine, screen.title, screen.text)

    def show_key_help(self) -> bool:
        return False  # F1 closes the help it opened, like the other keys

    def key_hints(self) -> KeyHelp:
        if self.layout(self.engine.screen, self.model.view()).last_first_line:
            return (SCROLL_HELP, *self.keys)
        return self.keys

    def shown(self) -> Shown[MessageView]:
        return Shown(self.model.view())

    def layout(self, surface: pygame.Surface, view: MessageView) -> MessageLayout:
        width, height = surface.get_size()
        # Room is kept for the longer key bar, so that scrolling never changes the layout.
        bar = key_bar_height(width, (SCROLL_HELP, *self.keys))
        area = pygame.Rect(0, 0, width, height - bar)
        widest = min(px(_MAX_WIDTH), area.width - 40)
        lines = wrap_text(view.text, _BODY_FONT, widest - px(60))
        needed = max([text_width(line, _BODY_FONT) for line in lines] + [px(_MIN_TEXT_WIDTH)])
        needed = max(needed, text_width(view.title, _TITLE_FONT, bold=True))
        line_height, frame = px(_LINE_HEIGHT), px(_FRAME)
        fitting = max(1, (area.height - 20 - frame) // line_height)
        visible = min(len(lines), fitting)
        panel = pygame.Rect(0, 0, min(widest, needed + px(60)), frame + line_height * visible)
        panel.center = area.center
        return MessageLayout(panel, lines, visible)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in _KEYS:
            command: MessageCommand = _KEYS[event.key]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            command = MessageKey.CLOSE
        elif event.type == pygame.MOUSEWHEEL:
            command = Wheel(event.y)
        else:
            return
        self.model.room = self.layout(self.engine.screen, self.model.view()).room
        self.model.handle(command)

    def draw(self, surface: pygame.Surface, shown: Shown[MessageView], alpha: float) -> None:
        view = shown.view
        dim(surface)
        layout = self.layout(surface, view)
        panel = layout.panel
        draw_panel(surface, panel)
        draw_text(
            surface,
            fit_text(view.title, _TITLE_FONT, panel.width - px(20), bold=True),
            _TITLE_FONT,
            theme.ACCENT,
            (panel.centerx, panel.top + px(24)),
            "midtop",
            bold=True,
        )
        # A window made smaller leaves the text scrolled no further than its end.
        first = min(view.first_line, layout.last_first_line)
        y = panel.top + px(_TEXT_TOP)
        for line in layout.lines[first : first + layout.visible]:
            draw_text(surface, line, _BODY_FONT, theme.TEXT, (panel.left + px(30), y))
            y += px(_LINE_HEIGHT)
        if layout.last_first_line:
            _draw_scrollbar(surface, layout, first)


def _draw_scrollbar(surface: pygame.Surface, layout: MessageLayout, first: int) -> None:
    """A thin bar along the panel's right edge: which part of the text is in view."""
    panel, total = layout.panel, len(layout.lines)
    track = pygame.Rect(
        panel.right - px(14), panel.top + px(_TEXT_TOP), px(5), layout.visible * px(_LINE_HEIGHT)
    )
    thumb_height = max(16, track.height * layout.visible // total)
    thumb_top = track.top + (track.height - thumb_height) * first // layout.last_first_line
    pygame.draw.rect(surface, theme.PANEL_LIGHT, track, border_radius=3)
    thumb = pygame.Rect(track.left, thumb_top, track.width, thumb_height)
    pygame.draw.rect(surface, theme.ACCENT_ALT, thumb, border_radius=3)
