"""The line of steps a game has made from its start, with unlimited undo and redo; a restart is
one more action, which undo takes back. Forward and reverse play keep their histories in one.

The game makes and unmakes its own steps; the line only keeps their order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

StepT = TypeVar("StepT")


@dataclass(frozen=True)
class Restart(Generic[StepT]):
    """A restart, keeping the moves it threw away so that undo can bring them back."""

    moves: tuple[StepT, ...]


class UndoLine(Generic[StepT]):
    """The steps since the start (or the last restart), and the actions undo and redo walk."""

    def __init__(self, make: Callable[[StepT], None], unmake: Callable[[StepT], None]) -> None:
        self.steps: list[StepT] = []
        self._make = make
        self._unmake = unmake
        self._done: list[StepT | Restart[StepT]] = []
        self._undone: list[StepT | Restart[StepT]] = []

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def do(self, step: StepT) -> None:
        """Make a new step; it clears the redo list."""
        self._forward(step)
        self._done.append(step)
        self._undone.clear()

    def add_made(self, steps: list[StepT]) -> None:
        """Add steps the caller has already made on its own state, in one pass (a long replay),
        as if each had gone through :meth:`do`."""
        if steps:
            self.steps.extend(steps)
            self._done.extend(steps)
            self._undone.clear()

    def undo(self) -> StepT | Restart[StepT] | None:
        """Take back the last step or restart; None at the start."""
        if not self._done:
            return None
        action = self._done.pop()
        if isinstance(action, Restart):
            for step in action.moves:
                self._forward(step)
        else:
            self._back()
        self._undone.append(action)
        return action

    def redo(self) -> StepT | Restart[StepT] | None:
        """Do again what undo took back; None if there is nothing."""
        if not self._undone:
            return None
        action = self._undone.pop()
        if isinstance(action, Restart):
            self._rewind()
        else:
            self._forward(action)
        self._done.append(action)
        return action

    def restart(self) -> bool:
        """Go back to the start as one undoable action; False if already there."""
        if not self.steps:
            return False
        action = Restart(tuple(self.steps))
        self._rewind()
        self._done.append(action)
        self._undone.clear()
        return True

    def _forward(self, step: StepT) -> None:
        self._make(step)
        self.steps.append(step)

    def _back(self) -> None:
        self._unmake(self.steps.pop())

    def _rewind(self) -> None:
        while self.steps:
            self._back()
