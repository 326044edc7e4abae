"""The play screen: keys and the mouse to the play model's input, the camera, and the picture.

What a key does and what the screen says live in the model (game.app.play_model); the camera
(zoom, pan, following the player) is this screen's own, and the picture is drawn by
game.ui.play_view from the model's view model.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app.play_commands import ClickAt, Focus, PlayCommand, Press, Release, Wheel
from game.app.play_model import PlayModel
from game.app.play_views import Footer, PlayView
from game.app.screens import PlayScreen
from game.app.shown import Shown
from game.engine.engine import CAPTION, GameEngine
from game.scenes.base import GameScene
from game.ui.assets import Assets
from game.ui.board_view import BoardPicture
from game.ui.camera import Camera
from game.ui.play_keys import FORWARD_FOOTER, PLAY_KEYS, REVERSE_FOOTER, SOLUTION_FOOTER
from game.ui.play_view import PlayPainter
from game.ui.text import drawable
from game.ui.widgets import KeyHelp

_FOOTERS: dict[Footer, KeyHelp] = {
    Footer.FORWARD: FORWARD_FOOTER,
    Footer.REVERSE: REVERSE_FOOTER,
    Footer.SOLUTION: SOLUTION_FOOTER,
}
_ZOOM = {PlayCommand.ZOOM_IN: 1, PlayCommand.ZOOM_OUT: -1, PlayCommand.ZOOM_FIT: 0}


@dataclass(frozen=True)
class PlaySceneView:
    """The model's view model, with what this screen adds: the square under the mouse and
    where the camera shows the board."""

    play: PlayView
    hover: int | None
    camera: tuple[float, float, int]


class PlayScene(GameScene[PlaySceneView]):
    """One level being played."""

    keys = FORWARD_FOOTER

    def __init__(self, engine: GameEngine, screen: PlayScreen) -> None:
        """Play level ``screen.level_index`` of the open collection, from its start or from a
        saved state (a saved game being resumed, with its move history)."""
        super().__init__(engine, screen)
        self.model = PlayModel(
            engine, screen, engine.solver, engine.sound.play, "\n".join(PLAY_KEYS.help_lines())
        )
        level = self.model.level
        self.painter = PlayPainter(engine.services.get(Assets))
        self.camera = Camera(level.width, level.height)
        # The square under the mouse, outlined so that a click's target is plain to see.
        self.hover: int | None = None
        self._dragging = False
        self._dragged = False
        self._laid_out: tuple[tuple[int, int], Footer, str] | None = None
        self._moves_seen = 0

    # -- lifecycle -------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.model.enter()
        self._layout()
        self._set_caption()

    def on_exit(self) -> None:
        self.model.exit()
        pygame.display.set_caption(CAPTION)

    def on_pause(self) -> None:
        self.model.pause()
        self._dragging = False

    def on_resume(self) -> None:
        self.model.resume()
        self._layout()
        self._set_caption()

    def _set_caption(self) -> None:
        session = self.engine.context.session
        # The title comes from a file or a save: a NUL in it stopped the game here.
        title = drawable(session.title)
        number = session.level_number(self.model.level_index)
        pygame.display.set_caption(f"{CAPTION} - {title}, level {number}")

    def key_hints(self) -> KeyHelp:
        # Playing backwards or through a solution, their own keys: they are what works now.
        return _FOOTERS[self.model.view().footer]

    def show_key_help(self) -> bool:
        return False  # F1 is in the play key map, with the full help of every key

    def repeats(self, key: int) -> bool:
        return False  # the controller repeats held moves itself, in step with the walk

    # -- what the screen shows -----------------------------------------------------------------
    def shown(self) -> Shown[PlaySceneView]:
        model, camera = self.model, self.camera
        origin = camera.origin
        view = PlaySceneView(model.view(), self.hover, (origin[0], origin[1], camera.tile_size))
        hud = self.painter.hud_area(self.engine.screen.get_size())
        return Shown(
            view,
            ticking=model.seconds,
            ticking_area=(hud.x, hud.y, hud.width, hud.height),
            moving=model.moving or camera.origin != camera.previous,
            work=model.work,
            idle=model.idle,
        )

    # -- layout and the camera ---------------------------------------------------------------
    def _layout(self) -> None:
        size = self.engine.screen.get_size()
        view = self.model.view()
        keys = _FOOTERS[view.footer]
        self._laid_out = (size, view.footer, view.caption)
        self.camera.set_view(self.painter.board_area(size, view, keys), self._player_focus())
        self.painter.prepare(view, self.camera.tile_size)

    def _player_focus(self) -> tuple[float, float]:
        return self.painter.focus(self.model.view().position, 1.0)

    def zoom(self, steps: int, focus: tuple[float, float] | None = None) -> None:
        """Zoom in (positive) or out by whole steps, or fit the board (0)."""
        if steps == 0:
            self.camera.reset_zoom(self._player_focus())
        else:
            self.camera.zoom_by(steps, focus or self._player_focus())
        self.painter.prepare(self.model.view(), self.camera.tile_size)

    def _mouse_focus(self) -> tuple[float, float] | None:
        x, y = pygame.mouse.get_pos()
        if not self.camera.view.collidepoint(x, y):
            return None
        tile = self.camera.tile_size
        return (x - self.camera.origin[0]) / tile, (y - self.camera.origin[1]) / tile

    def _square_at(self, pos: tuple[int, int]) -> int | None:
        square = self.camera.square_at(pos)
        return self.model.level.board.index(*square) if square is not None else None

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        model = self.model
        if event.type == pygame.KEYDOWN:
            command = PLAY_KEYS.command(event.key, event.mod)
            if isinstance(command, PlayCommand) and command in _ZOOM:
                self.zoom(_ZOOM[command])
            elif command is not None:
                model.handle(Press(command, event.key))
        elif event.type == pygame.KEYUP:
            model.handle(Release(event.key))
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event.button, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            if event.button == 3 and not self._dragged:
                model.handle(ClickAt(-1))
            self._dragging = False
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self.camera.pan(*event.rel)
            self._dragged = True
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self._square_at(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.hover = None
        elif event.type == pygame.MOUSEWHEEL:
            if pygame.key.get_mods() & pygame.KMOD_CTRL:
                self.zoom(event.y, self._mouse_focus())
            else:
                model.handle(Wheel(event.y))
        elif event.type == pygame.VIDEORESIZE:
            self._layout()
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            model.handle(Focus(event.type == pygame.WINDOWFOCUSGAINED))

    def _mouse_down(self, button: int, pos: tuple[int, int]) -> None:
        if button == 1:
            square = self._square_at(pos)
            if square is not None:
                self.model.handle(ClickAt(square))
        elif button in (2, 3):
            self._dragging = True
            self._dragged = False

    # -- logic -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        model = self.model
        model.tick(dt)
        view = model.view()
        size = self.engine.screen.get_size()
        if (size, view.footer, view.caption) != self._laid_out:
            # Reverse play's key bar is another height: the board is fitted again.
            self._layout()
        elif view.hud.moves > self._moves_seen:
            # A step of the player's own brings the camera back to him after a pan.
            self.camera.release()
        self._moves_seen = view.hud.moves
        self.camera.follow(self.painter.focus(view.position, 0.0))

    def picture(self, alpha: float) -> BoardPicture:
        """What the board looks like now, ``alpha`` of the way to the next tick."""
        return self.painter.picture(self.model.view().position, self.hover, alpha)

    # -- drawing (reads the view model only) ---------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Shown[PlaySceneView], alpha: float) -> None:
        view = shown.view
        seconds = float(shown.ticking) if isinstance(shown.ticking, int) else 0.0
        keys = _FOOTERS[view.play.footer]
        self.painter.draw(surface, view.play, seconds, alpha, self.camera, view.hover, keys)
