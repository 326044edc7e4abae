"""The one error type the level readers raise.

Every parser in ``game.core`` reports bad input as a :class:`LevelError`, with a line and
column where they apply.
"""

from __future__ import annotations


class LevelError(ValueError):
    """A level or collection that cannot be read; ``line`` and ``column`` are 1-based or None."""

    def __init__(
        self,
        reason: str,
        line: int | None = None,
        column: int | None = None,
        title: str | None = None,
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.title = title
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


def printable(text: object) -> str:
    """``text`` as it is when it prints on one line, else quoted with escapes like ``repr``.

    File names and selectors go into one-line messages; a newline or an escape code in one
    must not break the line or reach the terminal.

    >>> printable("levels.xsb")
    'levels.xsb'
    >>> print(printable("two\\nlines.xsb"))
    'two\\nlines.xsb'
    """
    shown = str(text)
    return shown if shown.isprintable() else repr(shown)
