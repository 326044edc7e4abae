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
