"""The one error type the level readers raise.

Every parser in ``game.core`` reports bad input as a :class:`LevelError`, with a line and
column where they apply.
"""

from __future__ import annotations

import unicodedata

# Characters that act on a terminal or a reader instead of showing: controls (C0, DEL, C1), line
# and paragraph separators, lone surrogates (bytes of a name that is not UTF-8), and the marks
# that reverse the direction of the text after them.
_ACTING = frozenset(("Cc", "Cs", "Zl", "Zp"))
_DIRECTION_MARKS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class LevelError(ValueError):
    """A level or collection that cannot be read; ``line`` and ``column`` are 1-based or None."""

    def __init__(
        self,
        reason: str,
        line: int | None = None,
        column: int | None = None,
        title: str | None = None,
        number: int | None = None,
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.title = title
        # The level's place in its collection's file (1-based), when it is one of a collection.
        self.number = number
        super().__init__(self._describe())

    def _describe(self) -> str:
        where = ""
        if self.line is not None:
            where = f"line {self.line}"
            if self.column is not None:
                where += f", column {self.column}"
            where += ": "
        named = f"level {self.title!r}: " if self.title else ""
        return f"{named}{where}{self.reason}"


# The most characters of a name or path in a message: a line a terminal shows whole.
MAX_PRINTED = 300


def printable(text: object) -> str:
    """``text`` as it is when it prints on one line, else quoted with escapes like ``repr``.

    File names and selectors go into one-line messages; a newline or an escape code in one
    must not break the line or reach the terminal.

    >>> printable("levels.xsb")
    'levels.xsb'
    >>> print(printable("two\\nlines.xsb"))
    'two\\nlines.xsb'
    >>> len(printable("/d" * 2500 + "/x.json"))
    300

    One longer than ``MAX_PRINTED`` keeps its beginning and its end (the file's name), so that
    a path of 5,000 characters is still one line a terminal shows whole.
    """
    shown = str(text)
    shown = shown if shown.isprintable() else repr(shown)
    if len(shown) <= MAX_PRINTED:
        return shown
    half = (MAX_PRINTED - 1) // 2
    return f"{shown[:half]}…{shown[-(MAX_PRINTED - 1 - half):]}"


def visible(text: str) -> str:
    r"""``text`` with every character that acts instead of showing written as its escape.

    Titles, comments and names come from files; printed raw, an escape sequence in one could
    recolour, move or retitle the terminal. Here it shows as what it is and does nothing; the
    rest of the text, accents and all, is left alone.

    >>> print(visible("Red\x1b[31m level\u2028two"))
    Red\x1b[31m level\u2028two
    >>> visible("Café 日本")
    'Café 日本'
    """
    if text.isprintable():
        return text
    return "".join(_escape(char) if _acts(char) else char for char in text)


def _acts(char: str) -> bool:
    return unicodedata.category(char) in _ACTING or char in _DIRECTION_MARKS


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
