"""The play screen: input to commands through the key map, the camera, the clipboard, screens.

The rules and the order of commands live in the play controller; drawing lives in the view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from game.app import navigation, saving
from game.app.flows import Flow, ask_yes_no, run_flow
from game.app.jobs import Purpose
from game.app.notice import Tone
from game.app.paste import PasteKind, read_paste
from game.app.play_commands import PlayAction, Pull, ReverseOrder
from game.app.play_controller import PlayController
from game.app.screens import LevelCompleteScreen, MessageScreen, PauseScreen, PlayScreen
from game.app.shown import Shown
from game.app.solutions import level_assist
from game.core.direction import Direction
from game.core.errors import LevelError
from game.core.play import PlayState
from game.core.wording import counted
from game.engine.engine import CAPTION, GameEngine
from game.scenes.base import GameScene
from game.ui.assets import Assets
from game.ui.camera import Camera
from game.ui.hud import HudInfo, par_text
from game.ui.play_keys import (
    FORWARD_FOOTER,
    PLAY_KEYS,
    REVERSE_FOOTER,
    SOLUTION_FOOTER,
    PlayCommand,
    PlayKey,
)
from game.ui.play_view import PlayView
from game.ui.text import drawable
from game.ui.widgets import KeyHelp

_SOLUTION_ACTIONS = (PlayAction.SOLUTION_STEP, PlayAction.SOLUTION_BACK)
_SOLVER_KEYS = (
    *_SOLUTION_ACTIONS,
    PlayCommand.HINT,
    PlayCommand.SOLVE,
    PlayCommand.AUTOPLAY,
    PlayCommand.SLOWER,
    PlayCommand.FASTER,
)


class PlayScene(GameScene[Any]):
    """One level being played."""

    keys: ClassVar[KeyHelp] = FORWARD_FOOTER

    def __init__(self, engine: GameEngine, screen: PlayScreen) -> None:
        """Play level ``screen.level_index`` of the open collection, from its start or from a
        saved state (a saved game being resumed, with its move history)."""
        super().__init__(engine, screen)
        # The context the level is played in stays its own, whatever is pushed meanwhile.
        self.context = context = engine.context
        collection = context.session.collection
        level_index = screen.level_index
        if collection is None or not 0 <= level_index < len(collection.levels):
            raise LevelError(f"there is no level {level_index + 1} to play")
        self.level_index = level_index
        self.level = collection.levels[level_index]
        self.state = screen.state if screen.state is not None else PlayState(self.level)
        self._saved_statistics = screen.statistics
        self.best = saving.best_text(saving.level_record(context, self.level))
        self.assist = level_assist(
            engine.solver, context, level_index, self.level, engine.settings.solve_method
        )
        self._solution = screen.solution, screen.solution_name
        self.controller = PlayController(
            level_index,
            self.state,
            statistics=context.statistics,
            assist=self.assist,
            recorder=saving.ContextRecorder(context),
            sound=engine.sound.play,
            step_ticks=lambda: engine.settings.animation_speed.ticks_per_step,
            level_number=context.session.level_number(level_index),
        )
        self.camera = Camera(self.level.width, self.level.height)
        self.view = PlayView(self.controller, engine.services.get(Assets), self.key_hints)
        self._dragging = False
        self._dragged = False
        self._screen_size = (0, 0)
        self._laid_out_keys: KeyHelp = ()
        self._result_shown = False
        # The player's total from the store (read when the level opens or comes back into view).
        self.total_score = 0

    # -- lifecycle -------------------------------------------------------------------------
    def on_enter(self) -> None:
        context = self.context
        context.playing = self.state
        self.total_score = context.progress.total_score()
        context.session.level_index = self.level_index
        self.controller.start(saving.level_par(context, self.level), self._saved_statistics)
        self._layout()
        self._set_caption()
        self.assist.after_change(self.state, None)
        if self.state.move_count:
            moves = counted(self.state.move_count, "move")
            self.controller.notify(f"Where you left it: {moves} (R starts over)", Tone.INFO)
        lurd, name = self._solution
        if lurd:  # a library solution to step through, as the solver's would be
            self.assist.steps.start([Direction.from_letter(letter) for letter in lurd], name)

    def on_exit(self) -> None:
        if self.context.playing is self.state:
            self.context.playing = None
        self.assist.close()
        if not self.controller.finished:
            saving.record_visit(self.context, self.level_index, self.state)
        pygame.display.set_caption(CAPTION)

    def on_pause(self) -> None:
        self.controller.release_all()
        self._dragging = False

    def on_resume(self) -> None:
        self.context.playing = self.state
        self.total_score = self.context.progress.total_score()
        self._layout()
        self._set_caption()

    def _set_caption(self) -> None:
        # The title comes from a file or a save: a NUL in it stopped the game here.
        title = drawable(self.context.session.title)
        number = self.context.session.level_number(self.level_index)
        pygame.display.set_caption(f"{CAPTION} - {title}, level {number}")

    def key_hints(self) -> KeyHelp:
        # Playing backwards or through a solution, their own keys: they are what works now.
        if self.controller.reverse.active:
            return REVERSE_FOOTER
        return SOLUTION_FOOTER if self.assist.in_solution else self.keys

    def is_idle(self) -> bool:
        return self.controller.is_idle()

    def work_shown(self) -> Purpose | None:
        job = self.assist.job
        return job.purpose if job and job.running and self.assist.help.waiting else None

    def show_key_help(self) -> bool:
        return False  # F1 is in the play key map, with the full help of every key

    def repeats(self, key: int) -> bool:
        return False  # the controller repeats held moves itself, in step with the walk

    def is_busy(self) -> bool:
        controller, assist, camera = self.controller, self.assist, self.camera
        return (
            not controller.is_idle()
            or controller.notice is not None
            or bool(controller.held)
            or assist.wants_hint
            or assist.wants_solution
            or assist.steps.autoplay
            or camera.origin != camera.previous
        )

    def picture_key(self) -> object:
        # The solver's help may change what is shown.
        assist, reverse = self.assist, self.controller.reverse
        shown = (assist.phase, assist.message, assist.hint, assist.warning)
        return (*shown, reverse.active, reverse.status())

    def ticking_key(self) -> object:
        return int(self.context.statistics.elapsed)  # the HUD's clock shows whole seconds

    def ticking_area(self) -> pygame.Rect:
        return self.view.hud_area(self.engine.screen)

    def request_restart(self) -> None:
        """Back to the start as one undoable action (also from the pause menu)."""
        self.controller.restart()

    # -- layout ----------------------------------------------------------------------------
    def _layout(self) -> None:
        size = self.engine.screen.get_size()
        self._screen_size = size
        self._laid_out_keys = self.key_hints()
        self.camera.set_view(self.view.board_area(size), self._player_focus())
        self.view.prepare(self.camera.tile_size)

    def _player_focus(self) -> tuple[float, float]:
        x, y = self.level.board.coords(self.controller.reverse.shown(self.state).player)
        return x + 0.5, y + 0.5

    def _zoom(self, steps: int, focus: tuple[float, float] | None = None) -> None:
        if steps == 0:
            self.camera.reset_zoom(self._player_focus())
        else:
            self.camera.zoom_by(steps, focus or self._player_focus())
        self.view.prepare(self.camera.tile_size)

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            command = PLAY_KEYS.command(event.key, event.mod)
            if command is not None:
                self._command(command, event.key)
        elif event.type == pygame.KEYUP:
            self.controller.release(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event.button, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            if event.button == 3 and not self._dragged:
                self.controller.click(-1)
            self._dragging = False
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self.camera.pan(*event.rel)
            self._dragged = True
        elif event.type == pygame.MOUSEMOTION:
            square = self.camera.square_at(event.pos)
            self.view.hover = self.level.board.index(*square) if square is not None else None
        elif event.type == pygame.WINDOWLEAVE:
            self.view.hover = None
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y)
        elif event.type == pygame.VIDEORESIZE:
            self._layout()
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.assist.set_focus(event.type == pygame.WINDOWFOCUSGAINED, self.state)

    def _command(self, command: PlayKey, key: int) -> None:
        """What a key bound in the key map does."""
        controller, assist = self.controller, self.assist
        if isinstance(command, Direction | Pull) or command in (PlayAction.UNDO, PlayAction.REDO):
            controller.press(command, key)
        elif isinstance(command, ReverseOrder):
            controller.order(command)
        elif controller.reverse.active and command in _SOLVER_KEYS:
            controller.notify("The solver helps in forward play: F8 switches back", Tone.WARNING)
        elif command is PlayAction.RESTART:
            controller.restart()
        elif command in _SOLUTION_ACTIONS:
            controller.solution_command(command)
        elif command is PlayCommand.BACK and (assist.wants_hint or assist.wants_solution):
            assist.cancel()
        elif command in (PlayCommand.BACK, PlayCommand.MENU):
            self.engine.open(PauseScreen(self))
        elif command in (PlayCommand.HINT, PlayCommand.SOLVE):
            controller.let_go()
            ask = assist.ask_hint if command is PlayCommand.HINT else assist.ask_solution
            refused = ask(self.state)
            if refused is not None:
                controller.notify(refused.text, Tone.DANGER)
        elif command in (PlayCommand.AUTOPLAY, PlayCommand.SLOWER, PlayCommand.FASTER):
            self._autoplay(command)
        else:
            self._screen_command(command)

    def _autoplay(self, command: PlayCommand) -> None:
        if not self.controller.has_solution():
            return
        if command is PlayCommand.AUTOPLAY:
            self.assist.steps.toggle_autoplay()
        else:
            self.assist.steps.change_speed(faster=command is PlayCommand.FASTER)

    def _screen_command(self, command: PlayKey) -> None:
        if command is PlayCommand.COPY_LEVEL or command is PlayCommand.COPY_MOVES:
            self._copy(moves=command is PlayCommand.COPY_MOVES)
        elif command is PlayCommand.PASTE:
            self._paste()
        elif command is PlayCommand.ZOOM_IN:
            self._zoom(1)
        elif command is PlayCommand.ZOOM_OUT:
            self._zoom(-1)
        elif command is PlayCommand.ZOOM_FIT:
            self._zoom(0)
        elif command is PlayCommand.HELP:
            self.engine.open(MessageScreen("Keys", "\n".join(PLAY_KEYS.help_lines())))

    def _mouse_down(self, button: int, pos: tuple[int, int]) -> None:
        if button == 1:
            square = self.camera.square_at(pos)
            if square is not None:
                self.controller.click(self.level.board.index(*square))
        elif button in (2, 3):
            self._dragging = True
            self._dragged = False

    def _wheel(self, notches: int) -> None:
        if pygame.key.get_mods() & pygame.KMOD_CTRL:
            self._zoom(notches, self._mouse_focus())
        else:
            self.controller.wheel(notches)

    def _mouse_focus(self) -> tuple[float, float] | None:
        x, y = pygame.mouse.get_pos()
        if not self.camera.view.collidepoint(x, y):
            return None
        tile = self.camera.tile_size
        return (x - self.camera.origin[0]) / tile, (y - self.camera.origin[1]) / tile

    # -- clipboard -------------------------------------------------------------------------
    def _copy(self, moves: bool) -> None:
        text = self.state.lurd() if moves else self.level.to_xsb()
        if moves and not text:
            self.controller.notify("No moves to copy yet", Tone.WARNING)
            return
        self.engine.clipboard.put(text)
        copied = counted(len(text), "move") if moves else "Level"
        self.controller.notify(f"{copied} copied", Tone.GOOD)

    def _paste(self) -> None:
        pasted = read_paste(self.engine.clipboard.get(), moves_allowed=True)
        if pasted.kind is PasteKind.MOVES:
            self.controller.replay_moves(pasted.moves)
        elif pasted.kind is PasteKind.FILE:
            self._leave_for(lambda: navigation.open_collection_file(self.engine, pasted.text))
        elif pasted.kind is PasteKind.LEVELS:
            self._leave_for(lambda: navigation.open_collection_text(self.engine, pasted.text))
        elif pasted.kind is PasteKind.EMPTY:
            self.controller.notify("The clipboard is empty", Tone.WARNING)
        else:
            no_use = "The clipboard holds no level, LURD moves or level file path"
            self.controller.notify(no_use, Tone.DANGER)

    def _leave_for(self, open_other: Callable[[], object]) -> None:
        """Open pasted levels; a game in progress here is not left without asking."""
        if not self.state.moves:
            open_other()
            return

        def flow() -> Flow:
            if (
                yield from ask_yes_no(
                    "Open the pasted levels?",
                    "Leave this level, with its moves, for the pasted levels?",
                )
            ):
                open_other()

        run_flow(self.engine.open, flow())

    # -- logic -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if (self.engine.screen.get_size(), self.key_hints()) != (
            self._screen_size,
            self._laid_out_keys,
        ):
            self._layout()
        shown = self.controller.reverse.shown(self.state)
        moves_before = shown.move_count
        self.controller.update(dt)
        if self.key_hints() != self._laid_out_keys:
            self._layout()  # reverse play's key bar is another height: the board is fitted again
        elif self.controller.reverse.shown(self.state).move_count > moves_before:
            # A step of the player's own brings the camera back to him after a pan.
            self.camera.release()
        result = self.controller.result
        if result is not None and not self._result_shown:
            self._result_shown = True
            # The HUD under the complete screen shows the new total and best, as that screen
            # does.
            self.total_score = result.total_score
            self.best = saving.best_text(saving.level_record(self.context, self.level))
            self.engine.open(LevelCompleteScreen(result))
            return
        self.camera.follow(self.view.focus(0.0))

    # -- drawing (reads state only) ----------------------------------------------------------
    def hud_info(self) -> HudInfo:
        state, session = self.state, self.context.session
        statistics = self.context.statistics
        game = self.controller.reverse.game
        if self.controller.reverse.active and game is not None:
            moves, pushes, done = game.move_count, game.pull_count, game.boxes_on_starts
        else:
            moves, pushes, done = state.move_count, state.push_count, state.boxes_on_goals
        return HudInfo(
            collection=session.title,
            level_number=session.level_number(self.level_index),
            level_count=session.file_level_count,
            level_title=self.level.title,
            moves=moves,
            pushes=pushes,
            seconds=statistics.elapsed,
            score=None if session.is_test_play else self.total_score,
            level_score=None if session.is_test_play else statistics.score_now(),
            best=self.best,
            par=par_text(statistics.par_moves, statistics.par_pushes),
            boxes_done=done,
            boxes_total=len(self.level.board.goals),
            reverse=self.controller.reverse.active,
        )

    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        self.view.draw(surface, alpha, self.camera, self.hud_info())
