"""The editor controller: tools, cursor, typed squares, commands, and what the status line says.

The editor's model (editor_model) calls it for each command and makes its view from it.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

from game.app.editor.editor_check import (
    LevelCheck,
    Metadata,
    SolutionReport,
    proof_boxes,
    replay_solution,
)
from game.app.editor.editor_status import StatusLine, status_lines
from game.app.jobs.job_driver import JobDriver
from game.app.jobs.solver_service import SolverPort
from game.app.notice import Notice, Tone
from game.core.direction import Direction
from game.core.edit_checks import level_or_problem, level_origin, problems
from game.core.edit_grid import FLOOR, TYPED, WALL, Grid, Mirror, Piece, Rect, squares_between
from game.core.edit_history import EditHistory
from game.core.level import Level
from game.core.notation import replay
from game.core.problems import Problem, ProblemKind
from game.solver import dead_squares
from game.solver.result import SolveResult
from game.storage.library_entry import Origin

_MIRRORS = list(Mirror)


class Tool(Enum):
    PAINT = "paint"
    RECTANGLE = "rectangle"  # drag selects; then fill, cut, copy


class EditorController:
    """One level being edited: the grid and its history, the tools and the checks."""

    def __init__(
        self,
        grid: Grid,
        jobs: JobDriver,
        metadata: Metadata | None = None,
        solver: SolverPort | None = None,
    ) -> None:
        self.history = EditHistory(grid)
        self.metadata = metadata or Metadata()
        self.piece = Piece.WALL
        self.tool = Tool.PAINT
        self.mirror = Mirror.OFF
        self.cursor = (0, 0)
        self.selection: Rect | None = None
        self.block: Grid | None = None
        # Where the copied block would go, while it is being placed (a ghost on the board).
        self.ghost: tuple[int, int] | None = None
        self.show_dead = False
        self.notice: Notice | None = None
        self.refused_save: Problem | None = None  # why the last save was refused (headless exit 1)
        self.check = LevelCheck(solver, jobs, self._solver_solved)
        self.solution_report: SolutionReport | None = None
        self._saved = (grid, self.metadata)
        self._anchor: tuple[int, int] | None = None
        self._last_square: tuple[int, int] | None = None
        self._stroke_piece = Piece.WALL
        self._level: Level | Problem = Problem(ProblemKind.NOT_A_LEVEL)
        self._problems: list[str] = []  # what the grid lacks to be a level, all of it
        self._marked: frozenset[tuple[int, int]] = frozenset()
        self._dead: frozenset[tuple[int, int]] | None = None
        self._after_change()

    # -- reading ---------------------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        return self.history.grid

    @property
    def level(self) -> Level | None:
        """The level the grid makes now, with its metadata; None while it is not one."""
        return self._level if isinstance(self._level, Level) else None

    @property
    def made(self) -> Level | Problem:
        """The level the grid makes now, or why it makes none."""
        return self._level

    @property
    def unsaved(self) -> bool:
        return (self.grid, self.metadata) != self._saved

    def mark_saved(self) -> None:
        self._saved = (self.grid, self.metadata)
        self.refused_save = None

    def marked_boxes(self) -> frozenset[tuple[int, int]]:
        """The boxes that prove the level cannot be solved (grid squares)."""
        return self._marked

    def dead_squares(self) -> frozenset[tuple[int, int]]:
        """Squares no box leaves for a goal, as :meth:`update` last found (none: not shown)."""
        return self._dead or frozenset()

    def status(self) -> list[StatusLine]:
        """The status line: what the level lacks, or the solver's verdict and the solution."""
        return status_lines(
            self._problems,
            self._level,
            bool(self._marked),
            self.check,
            self.solution_report,
            self.metadata,
        )

    # -- changes ---------------------------------------------------------------------------
    def _apply(self, grid: Grid | None, refused: str = "") -> bool:
        if grid is None:
            self.notify(refused, Tone.WARNING)
            return False
        if not self.history.apply(grid):
            return False
        self._after_change()
        return True

    def _after_change(self) -> None:
        """Clamp the cursor and selection, and check the level again."""
        grid = self.grid
        self.cursor = (min(self.cursor[0], grid.width - 1), min(self.cursor[1], grid.height - 1))
        if self.selection is not None and not (
            grid.inside(self.selection.right, self.selection.bottom)
        ):
            self.selection = None
        meta = self.metadata
        self._problems = problems(grid)
        self._level = level_or_problem(
            grid,
            title=meta.title,
            author=meta.author,
            comment=meta.comment,
            solution=meta.solution,
        )
        self._dead = None
        level = self.level
        self.check.changed(level)
        self._marked = self._to_grid(level, proof_boxes(level)) if level else frozenset()
        self.solution_report = (
            replay_solution(level, meta.solution, meta.solution_origin)
            if level and meta.solution
            else None
        )

    def _to_grid(self, level: Level, squares: frozenset[int]) -> frozenset[tuple[int, int]]:
        left, top = level_origin(self.grid)
        width = level.width
        return frozenset((s % width + left, s // width + top) for s in squares)

    def set_metadata(self, metadata: Metadata) -> None:
        self.metadata = metadata
        self._after_change()

    def keep_solution(self, lurd: str, origin: Origin) -> None:
        """Store ``lurd`` (a test play's or the solver's) as the level's solution."""
        self.set_metadata(replace(self.metadata, solution=lurd, solution_origin=origin))

    def take_test_solution(self, lurd: str, pushes: int) -> bool:
        """A test play solved the level with ``lurd``: the player's own solution is kept
        whenever it solves the level, unless a better one of his is kept already. True if
        it was taken."""
        level, report = self.level, self.solution_report
        mine = self.metadata.solution_origin is Origin.PLAYER
        if level is None or (mine and report is not None and report.works and (
            report.pushes <= pushes
        )):
            return False
        if not replay(level, lurd).solved:
            return False
        self.keep_solution(lurd, Origin.PLAYER)
        return True

    def notify(self, text: str, tone: Tone = Tone.INFO) -> None:
        self.notice = Notice(text, tone)

    # -- the mouse -------------------------------------------------------------------------
    def press(self, square: tuple[int, int], erase: bool = False) -> None:
        """A button goes down on a square: place the ghost, start a selection or a stroke."""
        self.cursor = square
        if self.ghost is not None:
            if erase:
                self.ghost = None
            else:
                self.place_block(square)
            return
        if self.tool is Tool.RECTANGLE:
            self._anchor = square
            self.selection = Rect.spanning(square, square)
            return
        self.history.begin_stroke()
        self._stroke_piece = Piece.ERASER if erase else self.piece
        self._last_square = None
        self.drag(square)

    def drag(self, square: tuple[int, int]) -> None:
        """The mouse moved to ``square`` with a button down (or the ghost follows it)."""
        if self.ghost is not None:
            self.ghost = square
        elif self._anchor is not None:
            self.selection = Rect.spanning(self._anchor, square)
        elif self.history.in_stroke:
            squares = squares_between(self._last_square or square, square)
            self._last_square = square
            self._paint(squares, self._stroke_piece)

    def release(self) -> None:
        self._anchor = None
        self._last_square = None
        self.history.end_stroke()

    def _paint(self, squares: list[tuple[int, int]], piece: Piece) -> None:
        grid = self.grid
        mirror = Mirror.OFF if piece in (Piece.PLAYER, Piece.PLAYER_ON_GOAL) else self.mirror
        every = [near for x, y in squares for near in grid.mirrored(x, y, mirror)]
        self._apply(grid.paint(every, piece))

    # -- the keyboard ----------------------------------------------------------------------
    def move_cursor(self, direction: Direction) -> None:
        """Arrows move the cursor, and the ghost of a block being pasted with it."""
        x, y = self.cursor[0] + direction.dx, self.cursor[1] + direction.dy
        if self.grid.inside(x, y):
            self.cursor = (x, y)
            if self.ghost is not None:
                self.ghost = self.cursor

    def type_text(self, text: str) -> None:
        """Each XSB character paints the cursor's square and moves the cursor right."""
        for char in text:
            if char in "\r\n":
                self.new_row()
                continue
            cell = TYPED.get(char)
            if cell is None:
                continue
            x, y = self.cursor
            self._apply(self.grid.with_cells([(x, y, cell)]))
            self.move_cursor(Direction.RIGHT)

    def new_row(self) -> None:
        """Enter: the start of the next row, or lay the ghost where it is."""
        if self.ghost is not None:
            self.place_block(self.ghost)
            return
        self.cursor = (0, min(self.cursor[1] + 1, self.grid.height - 1))

    def erase_at_cursor(self, back: bool = False) -> None:
        """Delete erases the cursor's square; Backspace the one left of it, moving there."""
        if back:
            if self.cursor[0] == 0:
                return
            self.move_cursor(Direction.LEFT)
        self._paint([self.cursor], Piece.ERASER)

    # -- commands --------------------------------------------------------------------------
    def undo(self) -> None:
        if self.history.undo():
            self._after_change()
        else:
            self.notify("Nothing to undo")

    def redo(self) -> None:
        if self.history.redo():
            self._after_change()
        else:
            self.notify("Nothing to redo")

    def clear(self) -> None:
        self._apply(self.grid.filled(FLOOR))

    def fill_walls(self) -> None:
        self._apply(self.grid.filled(WALL))

    def shift(self, direction: Direction) -> None:
        self._apply(self.grid.shifted(direction))

    def flip(self, left_right: bool) -> None:
        self._apply(self.grid.flipped(left_right))

    def rotate(self) -> None:
        self._apply(self.grid.rotated())

    def trim(self) -> None:
        if not self._apply(self.grid.trimmed()):
            self.notify("Nothing to trim")

    def resize(self, side: Direction, amount: int) -> None:
        self._apply(self.grid.resized(side, amount), "The board is 3x3 to 64x64")

    def next_mirror(self) -> None:
        self.mirror = _MIRRORS[(_MIRRORS.index(self.mirror) + 1) % len(_MIRRORS)]
        self.notify(f"Mirror painting: {self.mirror.value}")

    def choose(self, piece: Piece) -> None:
        self.piece = piece
        self.tool = Tool.PAINT

    def toggle_rectangle(self) -> None:
        self.tool = Tool.PAINT if self.tool is Tool.RECTANGLE else Tool.RECTANGLE
        self.selection = None

    def cancel(self) -> bool:
        """Esc: drop the ghost or the selection; False if there was neither."""
        if self.ghost is None and self.selection is None:
            return False
        self.ghost = None
        self.selection = None
        return True

    # -- rectangles ------------------------------------------------------------------------
    def _selected(self, what: str) -> Rect | None:
        if self.selection is None:
            self.notify(f"Select a rectangle first to {what} it (R, then drag)", Tone.WARNING)
        return self.selection

    def fill_selection(self) -> None:
        rect = self._selected("fill")
        if rect is not None:
            self._apply(self.grid.paint(list(rect.squares()), self.piece))

    def copy_selection(self, cut: bool = False) -> bool:
        rect = self.selection
        if rect is None:
            return False
        self.block = self.grid.block(rect)
        if cut:
            self._apply(self.grid.cleared(rect))
        self.notify(f"{rect.width}x{rect.height} block {'cut' if cut else 'copied'}: V pastes it")
        return True

    def start_paste(self) -> None:
        if self.block is None:
            self.notify("Copy a rectangle first (R, drag, Ctrl+C)", Tone.WARNING)
            return
        self.selection = None
        self.ghost = self.cursor

    def place_block(self, square: tuple[int, int]) -> None:
        if self.block is None:
            return
        if self._apply(
            self.grid.pasted(self.block, *square),
            "The block would cross the border: nothing pasted",
        ):
            self.ghost = None

    # -- whole levels ----------------------------------------------------------------------
    def replace_level(self, grid: Grid, metadata: Metadata) -> None:
        """A pasted level: one undoable step (its title and solution come with it)."""
        self.metadata = metadata
        self.history.apply(grid)
        self._after_change()

    def _solver_solved(self, result: SolveResult) -> None:
        """The solver's solution fills in for none, or for one an edit has broken."""
        report = self.solution_report
        if report is None or not report.works:
            self.keep_solution(result.lurd, Origin.SOLVER)

    def update(self) -> None:
        """One logic tick: the dead squares when shown, and the notice's time."""
        level = self.level
        if self.show_dead and self._dead is None and level is not None:
            # Found here, not while drawing: the analysis is the level's, done once a change.
            self._dead = self._to_grid(level, dead_squares(level.board))
        if self.notice is not None:
            self.notice.ticks_left -= 1
            if self.notice.ticks_left <= 0:
                self.notice = None

