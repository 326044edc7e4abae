"""The pygame-free editor controller: painting, typing, commands, the checks and the solution.

A fake solver stands in for the service, so its answers come when the test says.
"""

from __future__ import annotations

from game.app.editor.editor_check import SETTLE_TICKS, Metadata, Verdict
from game.app.editor.editor_controller import EditorController, Tool
from game.app.jobs.job_driver import JobDriver
from game.app.notice import Tone
from game.core.direction import Direction
from game.core.edit_grid import Grid, Mirror, Piece
from game.solver.result import SolveResult, SolveStatus
from tests.app.fake_solver import FakeSolver

ROOM = ["#######", "#@ $ .#", "#     #", "#######"]


def tick(editor: EditorController) -> None:
    """One logic tick as the engine runs it: the job driver first, then the editor."""
    editor.check.jobs.tick()
    editor.update()


def settle(editor: EditorController) -> None:
    for _ in range(SETTLE_TICKS + 1):
        tick(editor)


def typed_room(solver: FakeSolver | None = None) -> EditorController:
    editor = EditorController(Grid.empty(7, 4), JobDriver(), solver=solver)
    editor.type_text("#######\n#@ $ .#\n#     #\n#######")
    return editor


def test_typing_paints_each_character_and_enter_starts_the_next_row() -> None:
    editor = typed_room()
    assert editor.grid.rows() == ROOM
    assert editor.level is not None and editor.status()[0].text == "a valid level"
    editor.cursor = (3, 1)
    editor.erase_at_cursor()
    assert editor.grid.rows()[1] == "#@   .#"
    assert editor.status()[0].text == "Not a level yet: no box, 0 boxes and 1 goal"


def test_a_mouse_drag_paints_a_line_and_undoes_as_one_step() -> None:
    editor = EditorController(Grid.empty(6, 4), JobDriver())
    editor.press((0, 0))
    editor.drag((5, 0))  # a fast drag: the squares between are painted too
    editor.release()
    assert editor.grid.rows()[0] == "######"
    editor.press((0, 0), erase=True)
    editor.release()
    assert editor.grid.rows()[0] == " #####"
    editor.undo()
    assert editor.grid.rows() == ["######", "", "", ""]
    editor.undo()
    assert editor.grid == Grid.empty(6, 4)
    editor.redo()
    assert editor.grid.rows()[0] == "######"


def test_mirror_painting_and_the_player_is_never_mirrored() -> None:
    editor = EditorController(Grid.empty(5, 5), JobDriver())
    editor.next_mirror()
    editor.next_mirror()
    editor.next_mirror()
    assert editor.mirror is Mirror.BOTH
    editor.press((0, 0))
    editor.release()
    assert [editor.grid.at(x, y) for x, y in ((0, 0), (4, 0), (0, 4), (4, 4))] == ["#"] * 4
    editor.choose(Piece.PLAYER)
    editor.press((1, 1))
    editor.release()
    assert sum(cell == "@" for cell in editor.grid.cells) == 1


def test_rectangle_fill_copy_and_a_paste_across_the_border_is_refused_whole() -> None:
    editor = typed_room()
    editor.toggle_rectangle()
    assert editor.tool is Tool.RECTANGLE
    editor.press((1, 2))
    editor.drag((2, 2))
    editor.release()
    editor.choose(Piece.GOAL)
    editor.tool = Tool.RECTANGLE
    editor.fill_selection()
    assert editor.grid.rows()[2] == "#..   #"
    assert editor.copy_selection()
    editor.start_paste()
    before = editor.grid
    editor.press((6, 1))
    assert editor.grid == before and editor.ghost is not None
    assert editor.notice is not None and "cross the border" in editor.notice.text
    editor.press((3, 2))
    assert editor.grid.rows()[2] == "#.... #" and editor.ghost is None


def test_shift_with_wrap_resize_and_their_undo() -> None:
    editor = typed_room()
    editor.shift(Direction.DOWN)
    assert editor.grid.rows()[0] == "#######" and editor.grid.rows()[2] == "#@ $ .#"
    editor.resize(Direction.RIGHT, 2)
    assert editor.grid.width == 9
    editor.undo()
    assert editor.grid.width == 7
    editor.undo()
    assert editor.grid.rows() == ROOM
    editor.resize(Direction.UP, -2)
    editor.resize(Direction.UP, -1)
    assert editor.grid.height == 3
    assert editor.notice is not None and "3x3" in editor.notice.text


def test_the_solver_checks_after_the_edits_settle_and_the_next_edit_cancels_it() -> None:
    solver = FakeSolver()
    editor = typed_room(solver)
    assert editor.check.verdict is Verdict.WAITING and not solver.requests
    settle(editor)
    assert len(solver.requests) == 1
    editor.cursor = (2, 2)
    editor.type_text("#")
    assert solver.cancels == 1
    settle(editor)
    solver.answer(SolveResult(SolveStatus.SOLVED, "rRR", 3, 2))
    tick(editor)
    assert editor.status()[0].text == "solvable in 2 pushes"
    # The solver's solution is kept with the level when it had none.
    assert editor.metadata.solution == "rRR"
    assert editor.status()[1].text == "the solver's solution still works (2 pushes)"


def test_an_unsolvable_level_marks_its_boxes() -> None:
    solver = FakeSolver()
    editor = EditorController(
        Grid.from_rows(["######", "#$  .#", "#  @ #", "######"]), JobDriver(), solver=solver
    )
    assert editor.marked_boxes() == {(1, 1)}
    line = editor.status()[0]
    assert "cannot be solved" in line.text and line.tone is Tone.DANGER
    settle(editor)
    solver.answer(SolveResult(SolveStatus.UNSOLVABLE))
    tick(editor)
    assert editor.check.verdict is Verdict.UNSOLVABLE
    assert editor.dead_squares() == frozenset()  # found only while shown
    editor.show_dead = True
    tick(editor)
    assert (1, 1) in editor.dead_squares()


def test_the_stored_solution_breaks_at_the_push_an_edit_blocks() -> None:
    rows = ["########", "#@ $  .#", "#      #", "########"]
    editor = EditorController(
        Grid.from_rows(rows), JobDriver(), Metadata(title="t", solution="rRRR")
    )
    assert editor.status()[-1].text.startswith("the level's solution still works (3 pushes")
    editor.cursor = (5, 1)
    editor.type_text("#")
    report = editor.status()[-1]
    assert report.text == "the level's solution breaks at push 2 of 3"
    assert report.tone is Tone.DANGER
    editor.undo()
    assert editor.status()[-1].text.startswith("the level's solution still works")


def test_unsaved_changes_are_known() -> None:
    editor = typed_room()
    assert editor.unsaved
    editor.mark_saved()
    assert not editor.unsaved
    editor.flip(left_right=True)
    assert editor.unsaved and editor.grid.rows()[1] == "#. $ @#"


def test_the_keyboard_alone_places_a_copied_block() -> None:
    editor = typed_room()
    editor.toggle_rectangle()
    editor.press((3, 1))
    editor.release()
    assert editor.copy_selection()
    editor.cursor = (1, 2)
    editor.start_paste()
    editor.move_cursor(Direction.RIGHT)
    assert editor.ghost == (2, 2)
    editor.new_row()
    assert editor.grid.rows()[2] == "# $   #" and editor.ghost is None
