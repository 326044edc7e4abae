"""The level editor screen: keys and the mouse to the editor model's commands, the camera, drawing.

Its model is game.app.editor.editor_model; this scene lays the board out, zooms and pans, and draws.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.editor.editor_commands import (
    Choose,
    DragTo,
    EditorInput,
    Press,
    Release,
    TurnPalette,
    TypeText,
)
from game.app.editor.editor_model import EditorModel, EditorView
from game.app.screens import EditorScreen
from game.app.shown import Shown
from game.core.edit_grid import Grid
from game.engine.engine import CAPTION, GameEngine
from game.scenes.base import GameScene
from game.ui.assets import Assets
from game.ui.camera import Camera
from game.ui.editor_keys import EDITOR_KEYS, Zoom
from game.ui.editor_view import EditorFrame, EditorPainter
from game.ui.widgets import KeyHelp


class EditorScene(GameScene[EditorFrame]):
    """One level being edited (a new one, or a copy of a level)."""

    keys: ClassVar[KeyHelp] = EDITOR_KEYS.footer()

    def __init__(self, engine: GameEngine, screen: EditorScreen) -> None:
        super().__init__(engine, screen)
        help_text = "\n".join(EDITOR_KEYS.help_lines())
        self.model = EditorModel(engine, screen, engine.solver, help_text)
        self.painter = EditorPainter(engine.services.get(Assets), self.keys)
        grid = self.model.view().grid
        self.camera = Camera(grid.width, grid.height)
        self._laid_out: tuple[tuple[int, int], int, int] | None = None
        self._panning = False
        self._prepare()

    # -- lifecycle -------------------------------------------------------------------------
    def on_enter(self) -> None:
        pygame.key.start_text_input()
        pygame.display.set_caption(f"{CAPTION} - level editor")

    def on_resume(self) -> None:
        # The save dialog stops text input when it closes; typing squares needs it.
        pygame.key.start_text_input()
        pygame.display.set_caption(f"{CAPTION} - level editor")
        self.model.came_back()
        self._prepare()  # a dialog may have changed the level

    def show_key_help(self) -> bool:
        return False  # F1 is in the editor's key map, with the full help of every key

    def on_pause(self) -> None:
        self.model.handle(Release())
        self._panning = False

    def on_exit(self) -> None:
        self.model.close()
        pygame.display.set_caption(CAPTION)

    # -- layout ----------------------------------------------------------------------------
    def _prepare(self) -> None:
        """What drawing reads, made in logic: the layout and the board's picture."""
        grid = self._lay_out()
        self.painter.prepare(grid, self.camera.tile_size)

    def _lay_out(self) -> Grid:
        """Fit the camera to the window and the grid when either changed; the grid."""
        grid = self.model.view().grid
        size = self.engine.screen.get_size()
        key = (size, grid.width, grid.height)
        if key != self._laid_out:
            if (grid.width, grid.height) != (self.camera.columns, self.camera.rows):
                self.camera = Camera(grid.width, grid.height)
            self._laid_out = key
            self.camera.set_view(self.painter.board_area(size), self._centre())
        return grid

    def _square(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        self._lay_out()
        return self.camera.square_at(pos)

    def _centre(self) -> tuple[float, float]:
        return self.camera.columns / 2, self.camera.rows / 2

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        command = self._command(event)
        if command is not None:
            self.model.handle(command)
        self._prepare()  # an edit or a new window size is drawn at once, before the next tick

    def _command(self, event: pygame.event.Event) -> EditorInput | None:
        """The model's command for ``event``; the camera's own (zoom, pan) are done here."""
        if event.type == pygame.KEYDOWN:
            command = EDITOR_KEYS.command(event.key, event.mod)
            if isinstance(command, Zoom):
                self._zoom(command)
                return None
            return command
        if event.type == pygame.TEXTINPUT:
            return TypeText(event.text)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event.button, event.pos)
        if event.type == pygame.MOUSEBUTTONUP:
            self._panning = False
            return Release()
        if event.type == pygame.MOUSEMOTION and self._panning:
            self.camera.pan(*event.rel)
            return None
        if event.type == pygame.MOUSEMOTION:
            square = self._square(event.pos)
            return None if square is None else DragTo(square)
        if event.type == pygame.MOUSEWHEEL:
            if pygame.key.get_mods() & pygame.KMOD_CTRL:
                self.camera.zoom_by(event.y, self._centre())
                return None
            return TurnPalette(-event.y)  # the wheel turned up goes up the palette
        return None

    def _mouse_down(self, button: int, pos: tuple[int, int]) -> EditorInput | None:
        if button == pygame.BUTTON_MIDDLE:
            self._panning = True
            return None
        piece = self.painter.piece_at(self.engine.screen.get_size(), pos)
        if piece is not None and button == pygame.BUTTON_LEFT:
            return Choose(piece)
        square = self._square(pos)
        if square is not None and button in (pygame.BUTTON_LEFT, pygame.BUTTON_RIGHT):
            return Press(square, erase=button == pygame.BUTTON_RIGHT)
        return None

    def _zoom(self, zoom: Zoom) -> None:
        if zoom is Zoom.FIT:
            self.camera.reset_zoom(self._centre())
        else:
            self.camera.zoom_by(1 if zoom is Zoom.IN else -1, self._centre())

    # -- logic and drawing -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.model.tick()
        self._prepare()

    def _frame(self, view: EditorView) -> EditorFrame:
        """``view`` where the camera puts the board now."""
        area = self.camera.view
        return EditorFrame(
            view,
            (area.x, area.y, area.width, area.height),
            self.camera.tile_size,
            self.camera.origin_at(1.0),
        )

    def shown(self) -> Shown[EditorFrame]:
        return Shown(self._frame(self.model.view()), work=self.model.work)

    def draw(self, surface: pygame.Surface, shown: Shown[EditorFrame], alpha: float) -> None:
        self.painter.draw(surface, shown.view)
