"""Undo and redo for the editor: every edit is one step, a whole mouse drag included.

Grids are immutable values, so the history keeps whole grids; 64x64 is small enough for that.
"""

from __future__ import annotations

from game.core.edit_grid import Grid

MAX_STEPS = 1000


class EditHistory:
    """The grid being edited and the grids before (undo) and after (redo) it."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self._undo: list[Grid] = []
        self._redo: list[Grid] = []
        # The grid when the current stroke began; the stroke's paints are one step.
        self._stroke_start: Grid | None = None

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def in_stroke(self) -> bool:
        return self._stroke_start is not None

    def apply(self, grid: Grid) -> bool:
        """Make ``grid`` current as one step (or part of the stroke); False if nothing changed."""
        if grid == self.grid:
            return False
        if self._stroke_start is None:
            self._push(self.grid)
        self.grid = grid
        return True

    def begin_stroke(self) -> None:
        """Paints from now until :meth:`end_stroke` undo together."""
        self.end_stroke()
        self._stroke_start = self.grid

    def end_stroke(self) -> None:
        start = self._stroke_start
        self._stroke_start = None
        if start is not None and start != self.grid:
            self._push(start)

    def _push(self, grid: Grid) -> None:
        self._undo.append(grid)
        del self._undo[:-MAX_STEPS]
        self._redo.clear()

    def undo(self) -> bool:
        self.end_stroke()
        if not self._undo:
            return False
        self._redo.append(self.grid)
        self.grid = self._undo.pop()
        return True

    def redo(self) -> bool:
        self.end_stroke()
        if not self._redo:
            return False
        self._undo.append(self.grid)
        self.grid = self._redo.pop()
        return True
