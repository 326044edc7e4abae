"""The level editor screen: keys and clicks to the editor controller, the camera, the clipboard,
test play and leaving. The editing rules live in the controller; drawing lives in the view.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.app.editing import EditorDialogs, TestPlay, level_text
from game.app.editor_check import Metadata, Verdict
from game.app.editor_commands import PALETTE, Choose, EditorCommand, Move, Resize, Shift
from game.app.editor_controller import EditorController
from game.app.flows import Flow, ask_leave, run_flow
from game.app.jobs import Purpose
from game.app.notice import Tone
from game.app.questions import LeaveChoice
from game.app.screens import EditorScreen, MessageScreen
from game.app.shown import Shown
from game.core.collection import read_collection_text
from game.core.edit_checks import grid_of, level_or_problem, one_line_rle
from game.core.level import Level
from game.core.wording import counted
from game.engine.engine import CAPTION, GameEngine
from game.scenes.base import GameScene
from game.ui.assets import Assets
from game.ui.camera import Camera
from game.ui.editor_keys import EDITOR_KEYS, EditorKeyCommand, Zoom
from game.ui.editor_view import EditorView
from game.ui.widgets import KeyHelp

_ZOOMS = {Zoom.IN: 1, Zoom.OUT: -1, Zoom.FIT: 0}


class EditorScene(GameScene[Any]):
    """One level being edited (a new one, or a copy of a level)."""

    keys: ClassVar[KeyHelp] = EDITOR_KEYS.footer()

    def __init__(self, engine: GameEngine, screen: EditorScreen) -> None:
        super().__init__(engine, screen)
        source = screen.source
        if isinstance(source, Level):
            grid = grid_of(source)
            metadata = Metadata.of(source)
        else:
            grid, metadata = source, Metadata()
        self.editor = EditorController(grid, metadata, engine.solver)
        self.dialogs = EditorDialogs(engine, self.editor, screen.collection)
        self.view = EditorView(self.editor, engine.services.get(Assets), self.keys)
        self.camera = Camera(grid.width, grid.height)
        self._laid_out: tuple[tuple[int, int], int, int] | None = None
        self._prepare()
        self._panning = False
        self.test_play = TestPlay(engine)

    # -- lifecycle -------------------------------------------------------------------------
    def on_enter(self) -> None:
        pygame.key.start_text_input()
        pygame.display.set_caption(f"{CAPTION} - level editor")

    def on_resume(self) -> None:
        # The save dialog stops text input when it closes; typing squares needs it.
        pygame.key.start_text_input()
        pygame.display.set_caption(f"{CAPTION} - level editor")
        if self.test_play.active:
            self._take_test_solution()
            self.test_play.finish()
        self._prepare()  # a dialog may have changed the level

    def show_key_help(self) -> bool:
        return False  # F1 is in the editor's key map, with the full help of every key

    def on_pause(self) -> None:
        self.editor.release()
        self._panning = False

    def on_exit(self) -> None:
        self.editor.check.cancel()
        self.test_play.finish()
        pygame.display.set_caption(CAPTION)

    # -- layout ----------------------------------------------------------------------------
    def _layout(self) -> None:
        size = self.engine.screen.get_size()
        grid = self.editor.grid
        key = (size, grid.width, grid.height)
        if key == self._laid_out:
            return
        if (grid.width, grid.height) != (self.camera.columns, self.camera.rows):
            self.camera = Camera(grid.width, grid.height)
        self._laid_out = key
        self.camera.set_view(self.view.board_area(size), self._centre())

    def _prepare(self) -> None:
        """What drawing reads, made in logic: the layout, the board's picture, the dead squares
        (drawing only reads them)."""
        self._layout()
        self.view.prepare(self.camera.tile_size)

    def _centre(self) -> tuple[float, float]:
        return self.editor.grid.width / 2, self.editor.grid.height / 2

    def _square(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        self._layout()
        return self.camera.square_at(pos)

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        editor = self.editor
        if event.type == pygame.KEYDOWN:
            command = EDITOR_KEYS.command(event.key, event.mod)
            if command is not None:
                self._command(command)
        elif event.type == pygame.TEXTINPUT:
            editor.type_text(event.text)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event.button, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._panning = False
            editor.release()
        elif event.type == pygame.MOUSEMOTION and self._panning:
            self.camera.pan(*event.rel)
        elif event.type == pygame.MOUSEMOTION:
            square = self._square(event.pos)
            if square is not None:
                editor.drag(square)
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y)
        self._prepare()  # an edit or a new window size is drawn at once, before the next tick

    def _mouse_down(self, button: int, pos: tuple[int, int]) -> None:
        if button == 2:
            self._panning = True
            return
        piece = self.view.piece_at(self.engine.screen.get_size(), pos)
        if piece is not None and button == 1:
            self.editor.choose(piece)
            return
        square = self._square(pos)
        if square is not None and button in (1, 3):
            self.editor.press(square, erase=button == 3)

    def _wheel(self, notches: int) -> None:
        if pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.camera.zoom_by(notches, self._centre())
            return
        index = (PALETTE.index(self.editor.piece) - notches) % len(PALETTE)
        self.editor.choose(PALETTE[index])

    def _command(self, command: EditorKeyCommand) -> None:
        editor = self.editor
        if isinstance(command, Move):
            editor.move_cursor(command.direction)
        elif isinstance(command, Shift):
            editor.shift(command.direction)
        elif isinstance(command, Resize):
            editor.resize(command.side, command.amount)
        elif isinstance(command, Choose):
            editor.choose(command.piece)
        elif isinstance(command, Zoom):
            self._zoom(_ZOOMS[command])
        else:
            self._editor_command(command)

    def _editor_command(self, command: EditorCommand) -> None:
        editor = self.editor
        simple = {
            EditorCommand.NEW_ROW: editor.new_row,
            EditorCommand.ERASE: editor.erase_at_cursor,
            EditorCommand.ERASE_BACK: lambda: editor.erase_at_cursor(back=True),
            EditorCommand.UNDO: editor.undo,
            EditorCommand.REDO: editor.redo,
            EditorCommand.RECTANGLE: editor.toggle_rectangle,
            EditorCommand.FILL: editor.fill_selection,
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
            EditorCommand.COPY: self._copy,
            EditorCommand.COPY_RLE: lambda: self._put(one_line_rle(editor.grid), "one-line RLE"),
            EditorCommand.COPY_WITH_SOLUTION: self._copy_with_solution,
            EditorCommand.PASTE_LEVEL: self._paste_level,
            EditorCommand.HELP: lambda: self.engine.open(
                MessageScreen("Editor keys", "\n".join(EDITOR_KEYS.help_lines()))
            ),
            EditorCommand.BACK: self._back,
        }
        action = simple.get(command)
        if action is not None:
            action()

    def _cut(self) -> None:
        if not self.editor.copy_selection(cut=True):
            self.editor.notify("Select a rectangle first (R, then drag)", Tone.WARNING)

    def _toggle_dead(self) -> None:
        editor = self.editor
        editor.show_dead = not editor.show_dead
        editor.notify(f"Dead squares {'shown' if editor.show_dead else 'hidden'}")

    def _zoom(self, steps: int) -> None:
        if steps == 0:
            self.camera.reset_zoom(self._centre())
        else:
            self.camera.zoom_by(steps, self._centre())

    # -- clipboard -------------------------------------------------------------------------
    def _put(self, text: str, what: str) -> None:
        self.engine.clipboard.put(text)
        self.editor.notify(f"Level copied as {what}", Tone.GOOD)

    def _copy(self) -> None:
        if not self.editor.copy_selection():
            self._put("\n".join(self.editor.grid.rows()), "XSB")

    def _copy_with_solution(self) -> None:
        level = self.editor.level
        if level is None:
            self.editor.notify(f"Not a level yet: {self.editor.problem}", Tone.WARNING)
            return
        self._put(
            level_text(level),
            "XSB with its solution" if self.editor.metadata.solution else "XSB (no solution yet)",
        )

    def _paste_level(self) -> None:
        text = self.engine.clipboard.get().strip()
        collection = read_collection_text(text)
        if collection.levels:
            level = collection.levels[0]
            try:
                grid = grid_of(level)
            except ValueError as error:
                self.editor.notify(f"Not pasted: {error}", Tone.DANGER)
                return
            metadata = Metadata.of(level)
            self.editor.replace_level(grid, metadata)
            self.editor.notify("Level pasted (undo brings the old one back)", Tone.GOOD)
            return
        if collection.errors:
            # A level was there but could not be read: say why.
            reason = collection.errors[0].reason
            self.editor.notify(f"The level on the clipboard cannot be read: {reason}", Tone.DANGER)
        elif not text:
            self.editor.notify("The clipboard is empty", Tone.DANGER)
        else:
            self.editor.notify("The clipboard holds no level (rows of # $ . @)", Tone.DANGER)

    # -- test play and leaving -------------------------------------------------------------
    def _test_play(self) -> None:
        editor = self.editor
        level = level_or_problem(editor.grid, title=editor.metadata.title or "Test play")
        if isinstance(level, str):
            editor.notify(f"Cannot play it yet: {level}", Tone.WARNING)
            return
        self.test_play.start(level)

    def _take_test_solution(self) -> None:
        """After a test play: its best solution is kept with the level (see the controller)."""
        best = self.test_play.best()
        if best is not None and self.editor.take_test_solution(best.lurd, best.pushes):
            self.editor.notify(
                f"Your solution ({counted(best.pushes, 'push', 'pushes')}) is kept with the level",
                Tone.GOOD,
            )

    def _back(self) -> None:
        if self.editor.cancel():
            return
        if not self.editor.unsaved:
            self.engine.pop()
            return
        run_flow(self.engine.open, self._leave_flow())

    def _leave_flow(self) -> Flow:
        choice = yield from ask_leave()
        if choice is LeaveChoice.SAVE:
            self.dialogs.save(then=self.engine.pop)
        elif choice is LeaveChoice.DISCARD:
            self.engine.pop()

    # -- logic and drawing -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.editor.update()
        self._prepare()

    def work_shown(self) -> Purpose | None:
        return Purpose.CHECK if self.editor.check.verdict is Verdict.WAITING else None

    def picture_key(self) -> object:
        # The solver's verdict and the notices change the screen without input.
        notice = self.editor.notice
        return (
            tuple(self.editor.status()),
            notice.text if notice is not None else None,
            self.editor.dead_squares(),
            self._laid_out,
        )

    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        title = self.editor.metadata.title or "New level"
        self.view.draw(surface, self.camera, f"Editor: {title}")
