"""A line of text being typed, as a model without pygame: the text, the caret, the selection,
a length limit, and the caret's blink counted in logic ticks.

Keys become its commands in game.ui.text_field; a paste reads the shell's clipboard.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app.shell import TextClipboard

# The caret shows for half a second, then hides for as long (logic ticks at 60 a second).
BLINK_TICKS = 30
# A limit up to this is shown beside the text (a name of 60 characters); a path's is not.
SHOWN_LIMIT = 200


class LineKey(Enum):
    """The keys that edit the line."""

    BACKSPACE = "backspace"
    BACK_WORD = "back word"  # Ctrl+Backspace: the word before the caret
    DELETE = "delete"
    SELECT_ALL = "select all"
    PASTE = "paste"


class CaretTo(Enum):
    """Where a caret key moves the caret."""

    LEFT = "left"
    RIGHT = "right"
    START = "start"
    END = "end"


@dataclass(frozen=True)
class MoveCaret:
    """The caret moves; with ``extend`` (Shift) the selection grows or shrinks with it."""

    to: CaretTo
    extend: bool = False


@dataclass(frozen=True)
class Typed:
    """Text typed (one character, or what an input method composed)."""

    text: str


LineCommand = LineKey | MoveCaret | Typed


@dataclass(frozen=True)
class TextLineView:
    """The line as it is drawn: its text, the caret, the selected span (empty when nothing is
    selected) and the limit as shown beside it ("" when it is not shown)."""

    text: str
    caret: int
    selection: tuple[int, int]
    limit: str


def word_start(text: str, caret: int) -> int:
    """Where the word before ``caret`` starts (spaces before it belong to it).

    >>> word_start("my first save", 13)
    9
    """
    position = caret
    while position > 0 and text[position - 1] == " ":
        position -= 1
    while position > 0 and text[position - 1] != " ":
        position -= 1
    return position


class TextLine:
    """An editable line. A suggestion given with ``selected=True`` is replaced by typing."""

    def __init__(
        self,
        text: str = "",
        max_length: int = 1000,
        selected: bool = False,
        clipboard: TextClipboard | None = None,
    ) -> None:
        self.max_length = max_length
        self.clipboard = clipboard
        self._text = text[:max_length]
        self.caret = len(self._text)
        # The other end of the selection; None when nothing is selected.
        self.anchor: int | None = 0 if selected and self._text else None
        # Ticks since the last edit: the caret blinks on them, and shows at once after an edit.
        self.ticks = 0

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        """Put ``value`` in place of the whole text, the caret at its end."""
        self._text = value[: self.max_length]
        self.caret = len(self._text)
        self.anchor = None
        self.ticks = 0

    def selection(self) -> tuple[int, int]:
        """The selected span (start, end); empty when nothing is selected."""
        if self.anchor is None:
            return self.caret, self.caret
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    @property
    def caret_on(self) -> bool:
        """Whether the blinking caret shows now."""
        return (self.ticks // BLINK_TICKS) % 2 == 0

    def tick(self) -> None:
        self.ticks += 1

    def handle(self, command: LineCommand) -> None:
        self.ticks = 0
        start, end = self.selection()
        match command:
            case Typed(text):
                self.insert(text)
            case LineKey.BACKSPACE | LineKey.BACK_WORD if start != end:
                self._delete(start, end)
            case LineKey.BACKSPACE:
                self._delete(max(0, self.caret - 1), end)
            case LineKey.BACK_WORD:
                self._delete(word_start(self._text, self.caret), end)
            case LineKey.DELETE if start != end:
                self._delete(start, end)
            case LineKey.DELETE:
                self._delete(self.caret, min(len(self._text), self.caret + 1))
            case LineKey.SELECT_ALL:
                self.anchor, self.caret = 0, len(self._text)
            case LineKey.PASTE:
                if self.clipboard is not None:
                    # A line has no line breaks: a pasted paragraph becomes one line.
                    self.insert(" ".join(self.clipboard.get().split()))
            case MoveCaret(to, extend):
                self._move_caret(to, extend)

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

    def _move_caret(self, to: CaretTo, extend: bool) -> None:
        start, end = self.selection()
        if extend and self.anchor is None:
            self.anchor = self.caret
        if to is CaretTo.START:
            self.caret = 0
        elif to is CaretTo.END:
            self.caret = len(self._text)
        elif not extend and start != end:
            # An arrow without Shift goes to that end of the selection.
            self.caret = start if to is CaretTo.LEFT else end
        else:
            step = -1 if to is CaretTo.LEFT else 1
            self.caret = max(0, min(len(self._text), self.caret + step))
        if not extend:
            self.anchor = None

    def view(self) -> TextLineView:
        limit = f"{len(self._text)}/{self.max_length}" if self.max_length <= SHOWN_LIMIT else ""
        return TextLineView(self._text, self.caret, self.selection(), limit)
