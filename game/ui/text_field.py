"""A one-line text field on screen: the keys that edit it, and its drawing from the line's view.

Typed text comes from TEXTINPUT events, so accents and input methods work; keys edit. The line
itself is game.app.dialogs.text_line.
"""

from __future__ import annotations

import pygame

from game.app.dialogs.text_line import CaretTo, LineCommand, LineKey, MoveCaret, TextLineView, Typed
from game.ui import theme
from game.ui.text import draw_text, text_width

_LIMIT_SIZE = 16
_CARET_KEYS = {
    pygame.K_LEFT: CaretTo.LEFT,
    pygame.K_RIGHT: CaretTo.RIGHT,
    pygame.K_HOME: CaretTo.START,
    pygame.K_END: CaretTo.END,
}


def line_command(event: pygame.event.Event) -> LineCommand | None:
    """What ``event`` asks of a text field (None: it is not the field's, the screen's keys)."""
    if event.type == pygame.TEXTINPUT:
        return Typed(event.text)
    if event.type != pygame.KEYDOWN:
        return None
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    key = event.key
    if key == pygame.K_BACKSPACE:
        return LineKey.BACK_WORD if ctrl else LineKey.BACKSPACE
    if key == pygame.K_DELETE:
        return LineKey.DELETE
    if ctrl and key == pygame.K_a:
        return LineKey.SELECT_ALL
    if ctrl and key == pygame.K_v:
        return LineKey.PASTE
    if key in _CARET_KEYS:
        return MoveCaret(_CARET_KEYS[key], bool(event.mod & pygame.KMOD_SHIFT))
    return None


def draw_text_field(
    surface: pygame.Surface,
    rect: pygame.Rect,
    line: TextLineView,
    caret_on: bool,
    size: int = 24,
) -> None:
    """The field in ``rect``: its text scrolled so the caret is in view, the selection
    highlighted, the limit at the right end, and the caret when ``caret_on``."""
    pygame.draw.rect(surface, theme.BACKGROUND, rect, border_radius=8)
    pygame.draw.rect(surface, theme.SELECTION, rect, width=2, border_radius=8)
    text, caret = line.text, line.caret
    limit_width = text_width(line.limit, _LIMIT_SIZE) + 12 if line.limit else 0
    inner = rect.width - 24 - limit_width
    # Scroll so that the caret is always in view.
    first = 0
    while first < caret and text_width(text[first:caret], size) > inner:
        first += 1
    shown = text[first:]
    while shown and text_width(shown, size) > inner:
        shown = shown[:-1]
    left = rect.left + 12
    start, end = line.selection
    if start != end:
        x0 = left + text_width(text[first : max(first, start)], size)
        x1 = left + text_width(text[first : max(first, end)], size)
        width = max(2, min(x1, left + inner) - x0)
        highlight = pygame.Rect(x0, rect.top + 8, width, rect.height - 16)
        pygame.draw.rect(surface, theme.PANEL_LIGHT, highlight, border_radius=4)
    draw_text(surface, shown, size, theme.TEXT, (left, rect.centery), "midleft")
    if line.limit:
        where = (rect.right - 10, rect.centery)
        draw_text(surface, line.limit, _LIMIT_SIZE, theme.TEXT_DIM, where, "midright")
    if caret_on:
        x = left + text_width(text[first:caret], size) + 1
        pygame.draw.line(surface, theme.ACCENT, (x, rect.top + 8), (x, rect.bottom - 8), 2)
