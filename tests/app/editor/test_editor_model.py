"""The level editor screen's model without pygame: commands in, the frozen view out.

A fake shell keeps the screens it opens and a clipboard; a fake solver answers when told.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.dialogs.questions import LeaveChoice
from game.app.editor.editor_check import SETTLE_TICKS, Verdict
from game.app.editor.editor_commands import (
    PALETTE,
    Choose,
    DragTo,
    EditorCommand,
    Move,
    Press,
    Release,
    Resize,
    TurnPalette,
    TypeText,
)
from game.app.editor.editor_controller import Tool
from game.app.editor.editor_model import EditorModel
from game.app.jobs.jobs import Purpose
from game.app.jobs.solver_service import SolveRequest
from game.app.notice import NOTICE_TICKS, Tone
from game.app.screens import (
    EditorLeaveScreen,
    EditorScreen,
    MessageScreen,
    PlayScreen,
    PromptScreen,
)
from game.core.collection import read_collection, read_collection_text
from game.core.direction import Direction
from game.core.edit_grid import Grid, Piece
from game.core.xsb import parse_level
from game.solver.result import SolveResult, SolveStatus
from tests.app.fake_shell import FakeShell
from tests.app.fake_solver import FakeSolver

ROOM = ["#######", "#@ $ .#", "#     #", "#######"]
HELP = "F1: all keys"


def editor_on(
    source: Grid, solver: FakeSolver | None = None
) -> tuple[EditorModel, FakeShell]:
    shell = FakeShell()
    return EditorModel(shell, EditorScreen(source), solver, HELP), shell


def tick(model: EditorModel, shell: FakeShell) -> None:
    """One logic tick as the engine runs it: the job driver first, then the screen."""
    shell.jobs.tick()
    model.tick()


def room(solver: FakeSolver | None = None) -> tuple[EditorModel, FakeShell]:
    return editor_on(Grid.from_rows(ROOM), solver)


def test_typed_squares_and_arrows_show_in_the_view() -> None:
    model, _ = editor_on(Grid.empty(7, 4))
    model.handle(TypeText("#######\n#@ $ .#"))
    view = model.view()
    assert view.grid.rows()[:2] == ROOM[:2] and view.cursor == (6, 1)
    model.handle(Move(Direction.LEFT))
    model.handle(EditorCommand.ERASE)
    assert model.view().grid.rows()[1] == "#@ $  #"
    assert model.view().cursor == (5, 1) and model.view().unsaved
    assert model.view().title == "Editor: New level"


def test_a_drag_paints_and_the_wheel_turns_the_palette_round_its_ends() -> None:
    model, _ = editor_on(Grid.empty(6, 4))
    model.handle(Press((0, 0)))
    model.handle(DragTo((5, 0)))
    model.handle(Release())
    assert model.view().grid.rows()[0] == "######"
    model.handle(Press((5, 0), erase=True))
    model.handle(Release())
    assert model.view().grid.rows()[0] == "#####"  # rows end at their last wall
    model.handle(TurnPalette(-1))
    assert model.view().piece is PALETTE[-1]  # up from the first: the last
    model.handle(TurnPalette(2))
    assert model.view().piece is PALETTE[1]
    model.handle(EditorCommand.RECTANGLE)
    assert model.view().tool is Tool.RECTANGLE
    model.handle(Choose(Piece.BOX))
    assert (model.view().piece, model.view().tool) == (Piece.BOX, Tool.PAINT)


def test_a_selection_copied_shows_a_ghost_that_says_whether_it_fits() -> None:
    model, shell = room()
    model.handle(EditorCommand.RECTANGLE)
    model.handle(Press((1, 1)))
    model.handle(DragTo((3, 2)))
    model.handle(Release())
    selection = model.view().selection
    assert selection is not None and (selection.width, selection.height) == (3, 2)
    model.handle(EditorCommand.COPY)
    notice = model.view().notice
    assert notice is not None and notice.text == "3x2 block copied: V pastes it"
    assert shell.clipboard.text == ""  # a block is the editor's own, not the system's
    model.handle(EditorCommand.PASTE_BLOCK)
    ghost = model.view().ghost
    assert ghost is not None and ghost.fits and model.view().selection is None
    model.handle(DragTo((5, 2)))
    ghost = model.view().ghost
    assert ghost is not None and ghost.at == (5, 2) and not ghost.fits
    model.handle(EditorCommand.BACK)  # drops the ghost, stays
    assert model.view().ghost is None and not shell.closed


def test_the_level_goes_to_the_clipboard_and_a_level_comes_from_it() -> None:
    model, shell = room()
    model.handle(EditorCommand.COPY)
    assert shell.clipboard.text == "\n".join(ROOM)
    model.handle(EditorCommand.COPY_RLE)
    assert shell.clipboard.text == "7#|#@-$-.#|#5-#|7#"
    model.handle(EditorCommand.COPY_WITH_SOLUTION)
    assert read_collection_text(shell.clipboard.text).levels[0].rows() == ROOM
    notice = model.view().notice
    assert notice is not None and notice.text == "Level copied as XSB (no solution yet)"
    shell.clipboard.put("5#|#@$.#|5#")
    model.handle(EditorCommand.PASTE_LEVEL)
    assert model.view().grid.rows() == ["#####", "#@$.#", "#####"]
    model.handle(EditorCommand.UNDO)
    assert model.view().grid.rows() == ROOM
    for text, said in (("", "The clipboard is empty"), ("hello", "The clipboard holds no")):
        shell.clipboard.put(text)
        model.handle(EditorCommand.PASTE_LEVEL)
        notice = model.view().notice
        assert notice is not None and notice.text.startswith(said)
        assert notice.tone is Tone.DANGER and model.view().grid.rows() == ROOM


def test_the_view_changes_exactly_when_something_shown_changes() -> None:
    solver = FakeSolver()
    model, shell = room(solver)
    view = model.view()
    hash(view)  # frozen all through: the engine compares and keeps it
    assert view.verdict is Verdict.WAITING and model.work is Purpose.CHECK
    # The check settles, then searches: nothing of it shows until its answer.
    for _ in range(SETTLE_TICKS + 5):
        tick(model, shell)
        assert model.view() == view
    assert len(solver.requests) == 1
    solver.answer(SolveResult(SolveStatus.SOLVED, "rRR", 3, 2))
    tick(model, shell)
    answered = model.view()
    assert answered != view and answered.verdict is Verdict.SOLVABLE and model.work is None
    assert [line.text for line in answered.status] == [
        "solvable in 2 pushes",
        "the solver's solution still works (2 pushes)",
    ]
    # A key that moves nothing shows nothing new; one that moves the cursor does.
    model.handle(Move(Direction.UP))
    model.handle(Move(Direction.LEFT))
    model.handle(Release())
    assert model.view() == answered
    model.handle(Move(Direction.RIGHT))
    moved = model.view()
    assert moved != answered and moved.cursor == (1, 0)
    # A notice shows until it fades: the view stays the same while it counts down.
    model.handle(EditorCommand.MIRROR)
    noticed = model.view()
    assert noticed.notice is not None and "mirror: left-right" in noticed.facts
    for _ in range(NOTICE_TICKS - 1):
        model.tick()
        assert model.view() == noticed
    model.tick()
    assert model.view().notice is None and model.view() != noticed


def test_a_check_another_screens_search_took_is_asked_again_on_coming_back() -> None:
    solver = FakeSolver()
    model, shell = room(solver)
    for _ in range(SETTLE_TICKS + 1):
        tick(model, shell)
    assert solver.purposes == [Purpose.CHECK]
    solver.start(Purpose.HINT, "test play", SolveRequest(parse_level(ROOM)))  # test play's
    for _ in range(SETTLE_TICKS + 1):
        tick(model, shell)
    assert solver.purposes == [Purpose.CHECK, Purpose.HINT]  # not while the test play is on
    assert model.view().verdict is Verdict.WAITING
    model.came_back()
    tick(model, shell)
    assert solver.purposes == [Purpose.CHECK, Purpose.HINT, Purpose.CHECK]
    solver.answer(SolveResult(SolveStatus.SOLVED, "rRR", 3, 2))
    tick(model, shell)
    assert model.view().verdict is Verdict.SOLVABLE


def test_the_dead_squares_show_from_the_tick_after_they_are_asked_for() -> None:
    model, _ = editor_on(Grid.from_rows(["######", "#$  .#", "#  @ #", "######"]))
    assert model.view().marked == {(1, 1)}
    assert model.view().status[0].tone is Tone.DANGER
    model.handle(EditorCommand.DEAD)
    model.tick()
    assert (1, 1) in model.view().dead
    model.handle(EditorCommand.DEAD)
    assert model.view().dead == frozenset()


def test_a_board_too_small_to_shrink_says_why() -> None:
    model, _ = editor_on(Grid.empty(3, 3))
    model.handle(Resize(Direction.LEFT, -1))
    notice = model.view().notice
    assert notice is not None and "3x3" in notice.text and model.view().grid.width == 3


def test_leaving_asks_only_with_unsaved_changes() -> None:
    model, shell = room()
    model.handle(EditorCommand.FLIP_LEFT_RIGHT)
    model.handle(EditorCommand.BACK)
    assert isinstance(shell.top_screen(), EditorLeaveScreen) and not shell.closed
    shell.answer(LeaveChoice.STAY)
    assert not shell.closed
    model.handle(EditorCommand.BACK)
    shell.answer(LeaveChoice.DISCARD)
    assert shell.closed


def test_leave_and_save_writes_the_level_then_leaves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOKOBAN_HOME", str(tmp_path))
    model, shell = room()
    model.handle(EditorCommand.ROTATE)
    model.handle(EditorCommand.BACK)
    shell.answer(LeaveChoice.SAVE)
    prompt = shell.top_screen()
    assert isinstance(prompt, PromptScreen) and prompt.question.title == "Save level"
    shell.answer("corridor")
    assert shell.closed and not model.view().unsaved
    saved = read_collection(tmp_path / "levels" / "My levels.xsb")
    assert [level.title for level in saved.levels] == ["corridor"]


def test_a_saved_level_leaves_at_once_and_help_opens_the_keys() -> None:
    model, shell = room()
    model.handle(EditorCommand.HELP)
    assert shell.top_screen() == MessageScreen("Editor keys", HELP)
    shell.pop()
    model.handle(EditorCommand.BACK)
    assert shell.closed


def test_test_play_opens_the_level_in_a_context_of_its_own() -> None:
    model, shell = editor_on(Grid.empty(5, 5))
    model.handle(EditorCommand.TEST_PLAY)
    notice = model.view().notice
    assert notice is not None and notice.text.startswith("Cannot play it yet")
    assert shell.top_screen() is None
    model, shell = room()
    player = shell.context
    model.handle(EditorCommand.TEST_PLAY)
    assert shell.top_screen() == PlayScreen(0) and shell.context is not player
    session = shell.context.session
    assert session.level is not None and session.level.rows() == ROOM
    shell.pop()
    model.came_back()  # not solved: nothing kept, the player's context back
    assert shell.context is player and model.editor.metadata.solution == ""
