"""A one-line text field: caret, selection, words, paste, typed text and a length limit.

Typed text comes from TEXTINPUT events, so accents and input methods work; keys edit.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.text import draw_text, text_width

_LIMIT_SIZE = 16
_SHOWN_LIMIT = 200


def _word_start(text: str, caret: int) -> int:
    """Where the word before ``caret`` starts (spaces before it belong to it)."""
    position = caret
    while position > 0 and text[position - 1] == " ":
        position -= 1
    while position > 0 and text[position - 1] != " ":
        position -= 1
    return position


class TextField:
    """An editable line. A suggestion given with ``selected=True`` is replaced by typing."""

    def __init__(self, text: str = "", max_length: int = 1000, selected: bool = False) -> None:
        self.max_length = max_length
        self._text = text[:max_length]
        self.caret = len(self._text)
        # The other end of the selection; None when nothing is selected.
        self.anchor: int | None = 0 if selected and self._text else None

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value[: self.max_length]
        self.caret = len(self._text)
        self.anchor = None

    def selection(self) -> tuple[int, int]:
        """The selected span (start, end); empty when nothing is selected."""
        if self.anchor is None:
            return self.caret, self.caret
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self._text)

    def insert(self, typed: str) -> None:
        """Put ``typed`` (printable characters only) in place of the selection, within the
        length limit."""
        clean = "".join(ch for ch in typed if ch.isprintable())
        start, end = self.selection()
        room = self.max_length - (len(self._text) - (end - start))
        clean = clean[: max(0, room)]
        self._text = self._text[:start] + clean + self._text[end:]
        self.caret, self.anchor = start + len(clean), None

    def _delete(self, start: int, end: int) -> None:
        self._text = self._text[:start] + self._text[end:]
        self.caret, self.anchor = start, None

    def handle_event(
        self, event: pygame.event.Event, paste: Callable[[], str] | None = None
    ) -> bool:
        """Edit with one event; True if it was the field's. ``paste`` reads the clipboard."""
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        start, end = self.selection()
        key = event.key
        if key == pygame.K_BACKSPACE:
            if start != end:
                self._delete(start, end)
            elif self.caret > 0:
                self._delete(_word_start(self._text, self.caret) if ctrl else self.caret - 1, end)
        elif key == pygame.K_DELETE:
            if start != end:
                self._delete(start, end)
            else:
                self._delete(self.caret, min(len(self._text), self.caret + 1))
        elif ctrl and key == pygame.K_a:
            self.select_all()
        elif ctrl and key == pygame.K_v and paste is not None:
            self.insert(" ".join(paste().split()))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self._move_caret(key, shift)
        else:
            return False
        return True

    def _move_caret(self, key: int, extend: bool) -> None:
        start, end = self.selection()
        if extend and self.anchor is None:
            self.anchor = self.caret
        if key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self._text)
        elif not extend and start != end:
            # An arrow without Shift goes to that end of the selection.
            self.caret = start if key == pygame.K_LEFT else end
        else:
            step = -1 if key == pygame.K_LEFT else 1
            self.caret = max(0, min(len(self._text), self.caret + step))
        if not extend:
            self.anchor = None

    @staticmethod
    def caret_phase() -> int:
        """Which half of its blink the caret is in (screens redraw when it changes)."""
        return (pygame.time.get_ticks() // 500) % 2

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 24) -> None:
        pygame.draw.rect(surface, theme.BACKGROUND, rect, border_radius=8)
        pygame.draw.rect(surface, theme.SELECTION, rect, width=2, border_radius=8)
        # A real limit is shown (a name of 60 characters); a path's generous one is not.
        limit = f"{len(self._text)}/{self.max_length}" if self.max_length <= _SHOWN_LIMIT else ""
        limit_width = text_width(limit, _LIMIT_SIZE) + 12 if limit else 0
        inner = rect.width - 24 - limit_width
        # Scroll so that the caret is always in view.
        first = 0
        while first < self.caret and text_width(self._text[first : self.caret], size) > inner:
            first += 1
        shown = self._text[first:]
        while shown and text_width(shown, size) > inner:
            shown = shown[:-1]
        left = rect.left + 12
        start, end = self.selection()
        if start != end:
            x0 = left + text_width(self._text[first:max(first, start)], size)
            x1 = left + text_width(self._text[first:max(first, end)], size)
            width = max(2, min(x1, left + inner) - x0)
            highlight = pygame.Rect(x0, rect.top + 8, width, rect.height - 16)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, highlight, border_radius=4)
        draw_text(surface, shown, size, theme.TEXT, (left, rect.centery), "midleft")
        if limit:
            where = (rect.right - 10, rect.centery)
            draw_text(surface, limit, _LIMIT_SIZE, theme.TEXT_DIM, where, "midright")
        # The caret blinks on the wall clock; reading the time does not change any state.
        if self.caret_phase() == 0:
            x = left + text_width(self._text[first : self.caret], size) + 1
            pygame.draw.line(surface, theme.ACCENT, (x, rect.top + 8), (x, rect.bottom - 8), 2)
