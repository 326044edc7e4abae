"""The undo line forward and reverse play share: steps, undo, redo, and restarts undone."""

from __future__ import annotations

from game.core.undo_line import Restart, UndoLine


def test_steps_restarts_undo_and_redo_keep_the_made_steps_in_order() -> None:
    made: list[int] = []
    line = UndoLine(made.append, lambda step: made.remove(step))
    for step in (1, 2, 3):
        line.do(step)
    assert line.steps == made == [1, 2, 3]
    assert line.restart() and line.steps == made == []
    assert not line.restart()  # already at the start
    assert line.undo() == Restart((1, 2, 3)) and made == [1, 2, 3]
    assert line.undo() == 3 and made == [1, 2]
    assert line.redo() == 3 and line.redo() == Restart((1, 2, 3)) and made == []
    assert line.redo() is None and line.can_undo
    line.undo()
    line.do(4)  # a new step drops what could be redone
    assert not line.can_redo and line.steps == made == [1, 2, 3, 4]
