"""The level editor screen as a model: commands in (editor_commands), a frozen view out.

It holds the editing (editor_controller), its conversations, the clipboard and test play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.app.dialogs.flows import Flow, ask_leave, run_flow
from game.app.dialogs.questions import LeaveChoice
from game.app.editor.editing import EditorDialogs, TestPlay, level_text
from game.app.editor.editor_check import Metadata, Verdict
from game.app.editor.editor_commands import (
    PALETTE,
    Choose,
    DragTo,
    EditorCommand,
    EditorInput,
    Move,
    Press,
    Release,
    Resize,
    Shift,
    TurnPalette,
    TypeText,
)
from game.app.editor.editor_controller import EditorController, Tool
from game.app.editor.editor_status import StatusLine
from game.app.jobs.jobs import Purpose
from game.app.jobs.solver_service import SolverPort
from game.app.notice import Tone
from game.app.screens import EditorScreen, MessageScreen
from game.app.shell import Shell
from game.core.collection import read_collection_text
from game.core.edit_checks import grid_of, level_or_problem, one_line_rle
from game.core.edit_grid import Grid, Mirror, Piece, Rect
from game.core.level import Level
from game.core.problems import Problem, ProblemKind
from game.core.wording import counted


@dataclass(frozen=True)
class Ghost:
    """A copied block shown where a click (or Enter) would lay it; ``fits`` if it would."""

    block: Grid
    at: tuple[int, int]
    fits: bool


@dataclass(frozen=True)
class EditorView:
    """What the editor shows: the grid and its cursor, the tools, the marks, the lines of words.

    ``marked`` are the boxes that prove the level cannot be solved; ``dead`` the squares no box
    leaves for a goal (empty unless they are shown); ``status`` says what the level lacks or
    the solver's verdict, then how the kept solution replays; ``notice`` is the latest news,
    until it fades.
    """

    title: str
    grid: Grid
    cursor: tuple[int, int]
    piece: Piece
    tool: Tool
    mirror: Mirror
    selection: Rect | None
    ghost: Ghost | None
    marked: frozenset[tuple[int, int]]
    dead: frozenset[tuple[int, int]]
    status: tuple[StatusLine, ...]
    notice: StatusLine | None
    verdict: Verdict
    unsaved: bool

    @property
    def facts(self) -> str:
        """The header's line: the size, the cursor, the tool, mirroring, and unsaved changes."""
        tool = "rectangle" if self.tool is Tool.RECTANGLE else self.piece.value
        x, y = self.cursor
        return (
            f"{self.grid.width}x{self.grid.height}   cursor {x + 1},{y + 1}   tool: {tool}   "
            f"mirror: {self.mirror.value}{'   *unsaved' if self.unsaved else ''}"
        )


class EditorModel:
    """One level being edited, as a screen: commands, ticks, the view, and leaving."""

    def __init__(
        self, shell: Shell, screen: EditorScreen, solver: SolverPort | None, help_text: str
    ) -> None:
        self.shell = shell
        self.help_text = help_text
        source = screen.source
        if isinstance(source, Level):
            grid, metadata = grid_of(source), Metadata.of(source)
        else:
            grid, metadata = source, Metadata()
        self.editor = EditorController(grid, shell.jobs, metadata, solver)
        self.dialogs = EditorDialogs(shell, self.editor, screen.collection)
        self.test_play = TestPlay(shell)
        editor = self.editor
        self._commands: dict[EditorCommand, Callable[[], object]] = {
            EditorCommand.NEW_ROW: editor.new_row,
            EditorCommand.ERASE: editor.erase_at_cursor,
            EditorCommand.ERASE_BACK: lambda: editor.erase_at_cursor(back=True),
            EditorCommand.UNDO: editor.undo,
            EditorCommand.REDO: editor.redo,
            EditorCommand.RECTANGLE: editor.toggle_rectangle,
            EditorCommand.FILL: editor.fill_selection,
            EditorCommand.COPY: self._copy,
            EditorCommand.CUT: self._cut,
            EditorCommand.PASTE_BLOCK: editor.start_paste,
            EditorCommand.CLEAR: editor.clear,
            EditorCommand.FILL_WALLS: editor.fill_walls,
            EditorCommand.FLIP_LEFT_RIGHT: lambda: editor.flip(left_right=True),
            EditorCommand.FLIP_UP_DOWN: lambda: editor.flip(left_right=False),
            EditorCommand.ROTATE: editor.rotate,
            EditorCommand.TRIM: editor.trim,
            EditorCommand.MIRROR: editor.next_mirror,
            EditorCommand.DEAD: self._toggle_dead,
            EditorCommand.SAVE: self.dialogs.save,
            EditorCommand.SAVE_AS: self.dialogs.save_into,
            EditorCommand.DETAILS: self.dialogs.details,
            EditorCommand.TEST_PLAY: self._test_play,
            EditorCommand.COPY_RLE: lambda: self._put(one_line_rle(editor.grid), "one-line RLE"),
            EditorCommand.COPY_WITH_SOLUTION: self._copy_with_solution,
            EditorCommand.PASTE_LEVEL: self._paste_level,
            EditorCommand.HELP: lambda: shell.open(MessageScreen("Editor keys", help_text)),
            EditorCommand.BACK: self._back,
        }

    # -- the screen's life -----------------------------------------------------------------
    def came_back(self) -> None:
        """The screen over the editor closed: after a test play, its best solution is kept
        with the level (see the controller); a check the test play's search took from the
        solver is asked again."""
        self.editor.check.resume()
        if not self.test_play.active:
            return
        best = self.test_play.best()
        self.test_play.finish()
        if best is not None and self.editor.take_test_solution(best.lurd, best.pushes):
            self.editor.notify(
                f"Your solution ({counted(best.pushes, 'push', 'pushes')}) is kept with the level",
                Tone.GOOD,
            )

    def close(self) -> None:
        self.editor.check.cancel()
        self.test_play.finish()

    @property
    def refused_save(self) -> Problem | None:
        """Why the last save was refused, if it was (a headless run exits 1 with it)."""
        return self.editor.refused_save

    @property
    def work(self) -> Purpose | None:
        """The background work the screen waits for: the solver's check of the level."""
        return self.editor.check.work

    # -- commands --------------------------------------------------------------------------
    def handle(self, command: EditorInput) -> None:
        editor = self.editor
        if isinstance(command, EditorCommand):
            self._commands[command]()
        elif isinstance(command, Move):
            editor.move_cursor(command.direction)
        elif isinstance(command, Shift):
            editor.shift(command.direction)
        elif isinstance(command, Resize):
            editor.resize(command.side, command.amount)
        elif isinstance(command, Choose):
            editor.choose(command.piece)
        elif isinstance(command, TurnPalette):
            index = PALETTE.index(editor.piece) + command.steps
            editor.choose(PALETTE[index % len(PALETTE)])
        elif isinstance(command, TypeText):
            editor.type_text(command.text)
        elif isinstance(command, Press):
            editor.press(command.square, erase=command.erase)
        elif isinstance(command, DragTo):
            editor.drag(command.square)
        elif isinstance(command, Release):
            editor.release()

    def tick(self) -> None:
        """One logic tick: the dead squares when shown, the notice's time (the solver's check
        comes through the job driver)."""
        self.editor.update()

    def _cut(self) -> None:
        if not self.editor.copy_selection(cut=True):
            self.editor.notify("Select a rectangle first (R, then drag)", Tone.WARNING)

    def _toggle_dead(self) -> None:
        editor = self.editor
        editor.show_dead = not editor.show_dead
        editor.notify(f"Dead squares {'shown' if editor.show_dead else 'hidden'}")

    def _test_play(self) -> None:
        editor = self.editor
        level = level_or_problem(editor.grid, title=editor.metadata.title or "Test play")
        if isinstance(level, Problem):
            editor.notify(Problem(ProblemKind.CANNOT_TEST_PLAY, level.detail).text, Tone.WARNING)
            return
        self.test_play.start(level)

    def _back(self) -> None:
        if self.editor.cancel():
            return
        if not self.editor.unsaved:
            self.shell.pop()
            return
        run_flow(self.shell.open, self._leave_flow())

    def _leave_flow(self) -> Flow:
        choice = yield from ask_leave()
        if choice is LeaveChoice.SAVE:
            self.dialogs.save(then=self.shell.pop)
        elif choice is LeaveChoice.DISCARD:
            self.shell.pop()

    # -- the clipboard ---------------------------------------------------------------------
    def _put(self, text: str, what: str) -> None:
        self.shell.clipboard.put(text)
        self.editor.notify(f"Level copied as {what}", Tone.GOOD)

    def _copy(self) -> None:
        if not self.editor.copy_selection():
            self._put("\n".join(self.editor.grid.rows()), "XSB")

    def _copy_with_solution(self) -> None:
        editor = self.editor
        level = editor.made
        if isinstance(level, Problem):
            editor.notify(level.text, Tone.WARNING)
            return
        self._put(
            level_text(level),
            "XSB with its solution" if editor.metadata.solution else "XSB (no solution yet)",
        )

    def _paste_level(self) -> None:
        editor = self.editor
        text = self.shell.clipboard.get().strip()
        collection = read_collection_text(text)
        if collection.levels:
            level = collection.levels[0]
            try:
                grid = grid_of(level)
            except ValueError as error:
                editor.notify(f"Not pasted: {error}", Tone.DANGER)
                return
            editor.replace_level(grid, Metadata.of(level))
            editor.notify("Level pasted (undo brings the old one back)", Tone.GOOD)
        elif collection.errors:
            # A level was there but could not be read: say why.
            reason = collection.errors[0].reason
            editor.notify(f"The level on the clipboard cannot be read: {reason}", Tone.DANGER)
        elif not text:
            editor.notify("The clipboard is empty", Tone.DANGER)
        else:
            editor.notify("The clipboard holds no level (rows of # $ . @)", Tone.DANGER)

    # -- the view --------------------------------------------------------------------------
    def view(self) -> EditorView:
        editor = self.editor
        grid = editor.grid
        ghost = None
        if editor.ghost is not None and editor.block is not None:
            fits = grid.pasted(editor.block, *editor.ghost) is not None
            ghost = Ghost(editor.block, editor.ghost, fits)
        notice = editor.notice
        return EditorView(
            title=f"Editor: {editor.metadata.title or 'New level'}",
            grid=grid,
            cursor=editor.cursor,
            piece=editor.piece,
            tool=editor.tool,
            mirror=editor.mirror,
            selection=editor.selection,
            ghost=ghost,
            marked=editor.marked_boxes(),
            dead=editor.dead_squares() if editor.show_dead else frozenset(),
            status=tuple(editor.status()),
            notice=None if notice is None else StatusLine(notice.text, notice.tone),
            verdict=editor.check.verdict,
            unsaved=editor.unsaved,
        )
