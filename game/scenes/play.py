"""The play scene: moving, pushing, undo and redo, clicking to walk and push, zoom and pan.

Input only queues commands; each logic tick runs one and animates it, so walks go step by step.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import ClassVar

import pygame

from game.core.direction import Direction
from game.core.errors import LevelError
from game.core.level import Level
from game.core.notation import NotationError, parse_lurd, replay
from game.core.paths import push_path, walk_path
from game.core.play import Move, PlayState
from game.core.statistics import level_score
from game.engine.assist import SolverAssist
from game.engine.engine import CAPTION, GameEngine
from game.scenes import flow, saving
from game.scenes.base import GameScene
from game.solver.plan import Push
from game.ui import theme
from game.ui.assist_overlay import draw_hint, draw_status
from game.ui.board_view import BoardPicture, BoardView, Mark
from game.ui.camera import Camera
from game.ui.hud import HUD_HEIGHT, HudInfo, draw_hud, draw_notice
from game.ui.widgets import KeyHelp, draw_key_bar, key_bar_height

DIRECTION_KEYS = {
    pygame.K_LEFT: Direction.LEFT,
    pygame.K_a: Direction.LEFT,
    pygame.K_h: Direction.LEFT,
    pygame.K_UP: Direction.UP,
    pygame.K_w: Direction.UP,
    pygame.K_k: Direction.UP,
    pygame.K_RIGHT: Direction.RIGHT,
    pygame.K_d: Direction.RIGHT,
    pygame.K_l: Direction.RIGHT,
    pygame.K_DOWN: Direction.DOWN,
    pygame.K_s: Direction.DOWN,
    pygame.K_j: Direction.DOWN,
}
UNDO_KEYS = (pygame.K_u, pygame.K_z, pygame.K_BACKSPACE)
# Lowercase h is the vi key for left, so the hint is capital H (and solve capital S), like Shift+U.
SHIFTED_SOLVER_KEYS = (pygame.K_h, pygame.K_s)
SOLUTION_KEYS = (
    pygame.K_n, pygame.K_b, pygame.K_SPACE, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET
)
ZOOM_IN_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
ZOOM_FIT_KEYS = (pygame.K_0, pygame.K_KP0)

# A held key first waits, then repeats (as soon as the previous step's animation ends).
REPEAT_DELAY_TICKS = 14
REPEAT_INTERVAL_TICKS = 4
# Key presses made during an animation wait their turn, but only a few: a player who taps
# faster than the animation should not see the man walk on long after he stopped.
MAX_BUFFERED_COMMANDS = 3
NOTICE_TICKS = 150

PLAY_KEYS: KeyHelp = (
    ("Arrows/WASD/hjkl", "move"),
    ("U/Z", "undo"),
    ("Ctrl+Y", "redo"),
    ("R", "restart"),
    ("Shift+H", "hint"),
    ("Shift+S", "solve"),
    ("Click", "walk; box, then target"),
    ("Wheel", "undo/redo"),
    ("+/-", "zoom"),
    ("Right-drag", "pan"),
    ("Ctrl+C/V", "copy/paste"),
    ("F1", "all keys"),
    ("Esc", "menu"),
)

PLAY_KEYS_HELP = (
    "Move: arrow keys, W A S D, or h j k l (held keys repeat)",
    "Undo: U, Z, Ctrl+Z, Backspace or mouse wheel up",
    "Redo: Ctrl+Y, Shift+U, Ctrl+Shift+Z or mouse wheel down",
    "Restart: R (undo brings the moves back)",
    "Walk: click a square the player can reach",
    "Push: click a box, then the square it should go to",
    "Zoom: + and - or Ctrl+wheel; 0 fits the board",
    "Pan: drag with the right or middle mouse button",
    "Copy the level: Ctrl+C; copy the moves (LURD): Ctrl+Shift+C",
    "Paste a level, LURD moves or a file path: Ctrl+V; drop a level file to open it",
    "Hint: Shift+H shows the next push (the solver works ahead while you play; hints cost score)",
    "Solve: Shift+S finds a whole solution; N steps, B steps back, Space autoplays, [ ] speed",
    "Esc cancels the solver while it is thinking for you",
    "Menu: Esc or P",
)


class PlayAction(Enum):
    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"
    SOLUTION_STEP = "solution step"  # the next move of the solver's solution
    SOLUTION_BACK = "solution back"  # one move back through it


@dataclass(frozen=True)
class Click:
    """A left click on a board square, resolved in the next tick."""

    square: int


Command = Direction | PlayAction | Click


@dataclass
class StepAnimation:
    """The player (and maybe a box) sliding one square over ``ticks`` logic ticks."""

    player_from: int
    player_to: int
    box_from: int | None
    box_to: int | None
    ticks: int
    elapsed: int = 0

    def fraction(self, alpha: float) -> float:
        return min(1.0, (self.elapsed + alpha) / self.ticks)


@dataclass(frozen=True)
class LevelResult:
    """How a level was solved, for the level complete screen."""

    level_index: int
    title: str
    moves: int
    pushes: int
    seconds: float
    score: int
    total_score: int
    new_record: bool


@dataclass
class Notice:
    text: str
    colour: theme.Color
    ticks_left: int = NOTICE_TICKS
    square: int | None = None


class PlayScene(GameScene):
    """One level being played."""

    keys: ClassVar[KeyHelp] = PLAY_KEYS

    def __init__(
        self, engine: GameEngine, level_index: int, state: PlayState | None = None
    ) -> None:
        """Play level ``level_index`` of the open collection, from its start or from ``state``
        (a saved game being resumed, with its move history)."""
        super().__init__(engine)
        collection = engine.session.collection
        if collection is None or not 0 <= level_index < len(collection.levels):
            raise LevelError(f"there is no level {level_index + 1} to play")
        self.level_index = level_index
        self.level: Level = collection.levels[level_index]
        self.state = state if state is not None else PlayState(self.level)
        self.best = saving.best_text(saving.level_record(engine, self.level))
        self.camera = Camera(self.level.width, self.level.height)
        self.board_view = BoardView(engine.assets)
        # Commands from keys and clicks, and the steps of a walk (a click or a pasted solution).
        self.commands: deque[Command] = deque()
        self.walk: deque[Direction] = deque()
        self.animation: StepAnimation | None = None
        self.held: list[Direction | PlayAction] = []
        self.repeat_wait = 0
        self.selected_box: int | None = None
        self.notice: Notice | None = None
        self.finished = False
        # The wall sound plays once when a held key runs into something, not on every repeat.
        self._blocked: Direction | None = None
        self._dragging = False
        self._dragged = False
        self._screen_size = (0, 0)
        # The square under the mouse, outlined so that a click's target is plain to see.
        self.hover: int | None = None
        self.assist = SolverAssist(engine.solver, engine.statistics, self.level)

    # -- lifecycle -------------------------------------------------------------------------
    def on_enter(self) -> None:
        session = self.engine.session
        session.level_index = self.level_index
        self.engine.play_state = self.state
        self.engine.statistics.start_level()
        self._layout()
        self._set_caption()
        self.assist.after_change(self.state, None)

    def on_exit(self) -> None:
        self.assist.close()
        if not self.finished:
            saving.record_visit(self.engine, self.level_index, self.state)
        if self.engine.play_state is self.state:
            self.engine.play_state = None
        pygame.display.set_caption(CAPTION)

    def on_pause(self) -> None:
        # Keys released while another screen is on top never reach this one.
        self.held.clear()
        self._dragging = False

    def on_resume(self) -> None:
        self.engine.play_state = self.state
        self._layout()
        self._set_caption()

    def _set_caption(self) -> None:
        title = self.engine.session.title
        pygame.display.set_caption(f"{CAPTION} - {title}, level {self.level_index + 1}")

    def is_idle(self) -> bool:
        return self.animation is None and not self.commands and not self.walk

    # -- layout ----------------------------------------------------------------------------
    def board_area(self, size: tuple[int, int]) -> pygame.Rect:
        width, height = size
        bottom = height - key_bar_height(width, self.keys)
        return pygame.Rect(0, HUD_HEIGHT, width, max(1, bottom - HUD_HEIGHT))

    def _layout(self) -> None:
        size = self.engine.screen.get_size()
        self._screen_size = size
        self.camera.set_view(self.board_area(size), self._player_focus())
        self.board_view.prepare(self.level.board, self.camera.tile_size)

    def _player_focus(self) -> tuple[float, float]:
        x, y = self.level.board.coords(self.state.player)
        return x + 0.5, y + 0.5

    def _zoom(self, steps: int, focus: tuple[float, float] | None = None) -> None:
        if steps == 0:
            self.camera.reset_zoom(self._player_focus())
        else:
            self.camera.zoom_by(steps, focus or self._player_focus())
        self.board_view.prepare(self.level.board, self.camera.tile_size)

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key_down(event.key, event.mod)
        elif event.type == pygame.KEYUP:
            self._release(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(event.button, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            if event.button == 3 and not self._dragged:
                self.commands.append(Click(-1))
            self._dragging = False
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self.camera.pan(*event.rel)
            self._dragged = True
        elif event.type == pygame.MOUSEMOTION:
            square = self.camera.square_at(event.pos)
            self.hover = self.level.board.index(*square) if square is not None else None
        elif event.type == pygame.WINDOWLEAVE:
            self.hover = None
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event.y)
        elif event.type == pygame.VIDEORESIZE:
            self._layout()

    def _key_down(self, key: int, mod: int) -> None:
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        assist = self.assist
        if key == pygame.K_ESCAPE and (assist.wants_hint or assist.wants_solution):
            assist.cancel()
        elif not ctrl and (key in SOLUTION_KEYS or (shift and key in SHIFTED_SOLVER_KEYS)):
            self._solver_key(key)
        elif key in (pygame.K_ESCAPE, pygame.K_p):
            from game.scenes.pause import PauseScene

            self.engine.push(PauseScene(self.engine, self))
        elif ctrl and key == pygame.K_c:
            self._copy(moves=shift)
        elif ctrl and key == pygame.K_v:
            self._paste()
        elif (ctrl and key == pygame.K_y) or (shift and key in (pygame.K_u, pygame.K_z)):
            self._press(PlayAction.REDO)
        elif key in UNDO_KEYS:
            self._press(PlayAction.UNDO)
        elif key == pygame.K_r and not ctrl:
            self.request_restart()
        elif key in DIRECTION_KEYS and not ctrl:
            self._press(DIRECTION_KEYS[key])
        elif key in ZOOM_IN_KEYS:
            self._zoom(1)
        elif key in ZOOM_OUT_KEYS:
            self._zoom(-1)
        elif key in ZOOM_FIT_KEYS:
            self._zoom(0)
        elif key == pygame.K_F1:
            flow.show_message(self.engine, "Keys", "\n".join(PLAY_KEYS_HELP))

    def _solver_key(self, key: int) -> None:
        """Shift+H hints, Shift+S solves; N, B, Space and [ ] drive the solver's solution."""
        assist = self.assist
        if key == pygame.K_s:
            assist.ask_solution(self.state)
        elif key == pygame.K_h:
            assist.ask_hint(self.state)
        elif not assist.in_solution:
            self._notify("No solution to play: Shift+S asks the solver for one", theme.WARNING)
        elif key == pygame.K_n:
            self.commands.append(PlayAction.SOLUTION_STEP)
        elif key == pygame.K_b:
            self.commands.append(PlayAction.SOLUTION_BACK)
        elif key == pygame.K_SPACE:
            assist.toggle_autoplay()
        else:
            assist.change_speed(faster=key == pygame.K_RIGHTBRACKET)

    def request_restart(self) -> None:
        """Back to the start as one undoable action (also from the pause menu)."""
        self._cancel_walk()
        self.commands.append(PlayAction.RESTART)

    def _press(self, command: Direction | PlayAction) -> None:
        """A key press: act now, and again while it is held."""
        self._cancel_walk()
        self._blocked = None
        if len(self.commands) < MAX_BUFFERED_COMMANDS:
            self.commands.append(command)
        if command in self.held:
            self.held.remove(command)
        self.held.append(command)
        self.repeat_wait = REPEAT_DELAY_TICKS

    def _release(self, key: int) -> None:
        released: list[Direction | PlayAction] = []
        if key in DIRECTION_KEYS:
            released.append(DIRECTION_KEYS[key])
        if key in UNDO_KEYS:
            released.append(PlayAction.UNDO)
        if key in (pygame.K_u, pygame.K_y):
            released.append(PlayAction.REDO)
        self.held = [command for command in self.held if command not in released]

    def _cancel_walk(self) -> None:
        """A new order replaces an unfinished walk."""
        self.walk.clear()

    def _mouse_down(self, button: int, pos: tuple[int, int]) -> None:
        if button == 1:
            square = self.camera.square_at(pos)
            if square is not None:
                self._cancel_walk()
                self.commands.append(Click(self.level.board.index(*square)))
        elif button in (2, 3):
            self._dragging = True
            self._dragged = False

    def _wheel(self, notches: int) -> None:
        if pygame.key.get_mods() & pygame.KMOD_CTRL:
            self._zoom(notches, self._mouse_focus())
            return
        action = PlayAction.UNDO if notches > 0 else PlayAction.REDO
        self._cancel_walk()
        self.commands.extend([action] * abs(notches))

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
            self._notify("No moves to copy yet", theme.WARNING)
            return
        self.engine.clipboard.put(text)
        self._notify("Moves copied as LURD" if moves else "Level copied", theme.GOOD)

    def _paste(self) -> None:
        text = self.engine.clipboard.get().strip()
        if not text:
            self._notify("The clipboard is empty", theme.WARNING)
            return
        if "\n" not in text and Path(text).expanduser().is_file():
            flow.open_collection_file(self.engine, text)
            return
        try:
            moves = parse_lurd(text)
        except NotationError:
            if not flow.open_collection_text(self.engine, text):
                self._notify(
                    "The clipboard holds no level, LURD moves or level file path", theme.DANGER
                )
            return
        result = replay(self.level, moves, strict_case=False)
        if result.failed_at is not None:
            self._notify(f"The pasted moves do not fit this level: {result.reason}", theme.DANGER)
            return
        self._cancel_walk()
        if self.state.moves:
            self.commands.append(PlayAction.RESTART)
        self.walk.extend(Direction.from_letter(letter) for letter in moves)
        self._notify(f"Replaying {len(moves)} pasted moves", theme.ACCENT_ALT)

    def _notify(self, text: str, colour: theme.Color, square: int | None = None) -> None:
        self.notice = Notice(text, colour, square=square)

    # -- logic -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.engine.screen.get_size() != self._screen_size:
            self._layout()
        if not self.finished:
            self.engine.statistics.tick(dt)
            saving.autosave(self.engine, dt, self.level_index, self.state)
        if self.notice is not None:
            self.notice.ticks_left -= 1
            if self.notice.ticks_left <= 0:
                self.notice = None
        if self.animation is not None:
            self.animation.elapsed += 1
            if self.animation.elapsed >= self.animation.ticks:
                self.animation = None
        if self.held:
            # Counted during animations too, so a held key walks on without a pause.
            self.repeat_wait -= 1
        if self.animation is None and not self.finished:
            if self.state.is_solved and self.state.moves:
                self._finish()
                return
            if self.assist.tick(self.state, dt) and not self.commands:
                self.commands.append(PlayAction.SOLUTION_STEP)
            self._repeat_held_key()
            self._run_next_command()
        self.camera.follow(self._animated_focus())

    def _repeat_held_key(self) -> None:
        if not self.held:
            return
        if self.repeat_wait <= 0 and not self.commands and not self.walk:
            self.commands.append(self.held[-1])
            self.repeat_wait = REPEAT_INTERVAL_TICKS

    def _run_next_command(self) -> None:
        walking = not self.commands and bool(self.walk)
        if self.commands:
            command: Command = self.commands.popleft()
        elif self.walk:
            command = self.walk.popleft()
        else:
            return
        before = (self.state.player, self.state.move_count, self.state.push_count)
        self._run(command, walking)
        if (self.state.player, self.state.move_count, self.state.push_count) != before:
            self._position_changed(command)
        self.engine.statistics.update_counts(self.state.move_count, self.state.push_count)

    def _run(self, command: Command, walking: bool) -> None:
        if command is PlayAction.SOLUTION_STEP:
            step = self.assist.next_solution_step()
            if step is not None:
                self._step(step, quick=True)
        elif command is PlayAction.SOLUTION_BACK:
            if self.assist.solution_step_back():
                self._run(PlayAction.UNDO, walking)
        elif isinstance(command, Direction):
            self._step(command, quick=walking)
        elif isinstance(command, Click):
            self._click(command.square)
        elif command is PlayAction.UNDO:
            action = self.state.undo()
            if isinstance(action, Move):
                self._animate(action, forward=False, quick=True)
            if action is not None:
                self.engine.sound.play("undo")
        elif command is PlayAction.REDO:
            action = self.state.redo()
            if isinstance(action, Move):
                self._animate(action, forward=True, quick=True)
            if action is not None:
                self.engine.sound.play("undo")
        elif command is PlayAction.RESTART and self.state.restart():
            self.selected_box = None
            self._notify("Restarted: undo brings the moves back", theme.ACCENT_ALT)

    def _position_changed(self, command: Command) -> None:
        """Tell the solver's help what happened: a push it planned, or a change of course."""
        if command not in (PlayAction.SOLUTION_STEP, PlayAction.SOLUTION_BACK):
            self.assist.step_taken_by_player()
        pushed = None
        forward = command is not PlayAction.UNDO and command is not PlayAction.SOLUTION_BACK
        last = self.state.moves[-1] if self.state.moves else None
        if forward and last is not None and last.pushed and command is not PlayAction.RESTART:
            # The player now stands where the pushed box stood.
            pushed = Push(self.state.player, last.direction)
        self.assist.after_change(self.state, pushed)

    def _step(self, direction: Direction, quick: bool) -> None:
        result = self.state.step(direction)
        if result.move is None:
            if self._blocked is not direction:
                self.engine.sound.play("blocked")
            self._blocked = direction
            # The rest of a walk or pasted solution no longer fits the board.
            self.walk.clear()
            return
        self._blocked = None
        self.camera.release()
        self._animate(result.move, forward=True, quick=quick)
        if result.move.pushed:
            offset = direction.dx + direction.dy * self.level.width
            box = self.state.player + offset
            if self.selected_box == self.state.player:
                self.selected_box = box
            on_goal = self.level.board.is_goal(box)
            self.engine.sound.play("box_on_goal" if on_goal else "push")
        else:
            self.engine.sound.play("step")

    def _animate(self, move: Move, forward: bool, quick: bool) -> None:
        """Slide the move's player and box; walks, undo and redo go twice as fast as keys."""
        ticks = self.engine.settings.animation_speed.ticks_per_step
        if quick:
            ticks = (ticks + 1) // 2
        if ticks <= 0:
            self.animation = None
            return
        offset = move.direction.dx + move.direction.dy * self.level.width
        now = self.state.player
        if forward:
            player_from, box_from, box_to = now - offset, now, now + offset
        else:
            player_from, box_from, box_to = now + offset, now + 2 * offset, now + offset
        if not move.pushed:
            self.animation = StepAnimation(player_from, now, None, None, ticks)
        else:
            self.animation = StepAnimation(player_from, now, box_from, box_to, ticks)

    def _click(self, square: int) -> None:
        board, boxes, player = self.level.board, self.state.boxes, self.state.player
        if square < 0 or not board.is_walkable(square):
            self.selected_box = None
            return
        if square in boxes:
            self.selected_box = None if self.selected_box == square else square
            return
        if self.selected_box is not None:
            path = push_path(board, boxes, player, self.selected_box, square)
            if path is None:
                self._notify("That box cannot be pushed there", theme.DANGER, square)
                self.engine.sound.play("blocked")
                return
        else:
            path = walk_path(board, boxes, player, square)
            if path is None:
                self._notify("The player cannot get there", theme.DANGER, square)
                self.engine.sound.play("blocked")
                return
        self.walk.extend(path)

    def _finish(self) -> None:
        self.finished = True
        self.held.clear()
        engine = self.engine
        state = self.state
        engine.statistics.update_counts(state.move_count, state.push_count)
        seconds = engine.statistics.elapsed
        number = self.level_index + 1
        title = f"Level {number}"
        if self.level.title and self.level.title != str(number):
            title += f": {self.level.title}"
        score = engine.statistics.finish_level(f"{engine.session.title}, {title}")
        record = saving.record_solution(engine, self.level_index, state, score)
        engine.sound.play("solved")
        result = LevelResult(
            self.level_index,
            title,
            state.move_count,
            state.push_count,
            seconds,
            score,
            engine.statistics.total_score,
            record,
        )
        from game.scenes.level_complete import LevelCompleteScene

        engine.push(LevelCompleteScene(engine, result))

    # -- drawing (reads state only) ----------------------------------------------------------
    def _animated_focus(self) -> tuple[float, float]:
        x, y = self.picture(0.0).player
        return x + 0.5, y + 0.5

    def picture(self, alpha: float) -> BoardPicture:
        """What the board looks like ``alpha`` of the way to the next tick."""
        board, state = self.level.board, self.state
        marks: list[Mark] = []
        if self.hover is not None and board.is_walkable(self.hover):
            marks.append(Mark(self.hover, theme.TEXT_DIM))
        if self.selected_box is not None:
            marks.append(Mark(self.selected_box, theme.SELECTION))
        if self.notice is not None and self.notice.square is not None:
            marks.append(Mark(self.notice.square, theme.DANGER))
        if self.assist.warning is not None:
            marks.extend(Mark(box, theme.DANGER) for box in self.assist.warning.boxes)
        animation = self.animation
        if animation is None:
            return BoardPicture(
                board,
                state.boxes,
                _point(board.coords(state.player)),
                state.facing,
                marks=tuple(marks),
            )
        fraction = animation.fraction(alpha)
        player = _between(
            board.coords(animation.player_from), board.coords(animation.player_to), fraction
        )
        if animation.box_from is None or animation.box_to is None:
            return BoardPicture(board, state.boxes, player, state.facing, marks=tuple(marks))
        resting = [square for square in state.boxes if square != animation.box_to]
        moving = _between(
            board.coords(animation.box_from), board.coords(animation.box_to), fraction
        )
        arrived = animation.box_to if fraction >= 0.5 else animation.box_from
        return BoardPicture(
            board, resting, player, state.facing, moving, board.is_goal(arrived), tuple(marks)
        )

    def hud_info(self) -> HudInfo:
        engine, state = self.engine, self.state
        statistics = engine.statistics
        return HudInfo(
            collection=engine.session.title,
            level_number=self.level_index + 1,
            level_count=engine.session.level_count,
            level_title=self.level.title,
            moves=state.move_count,
            pushes=state.push_count,
            seconds=statistics.elapsed,
            score=statistics.total_score,
            level_score=level_score(
                state.move_count, statistics.hints_used, statistics.solver_used
            ),
            best=self.best,
            boxes_done=state.boxes_on_goals,
            boxes_total=len(self.level.board.goals),
        )

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        view = self.board_area(surface.get_size())
        origin = self.camera.origin_at(alpha)
        self.board_view.draw(surface, self.picture(alpha), origin, self.camera.tile_size, view)
        if self.animation is None:
            board, player = self.level.board, self.state.player
            draw_hint(surface, self.assist, board, player, self.camera, origin)
        draw_status(surface, self.assist, view.bottom)
        draw_hud(surface, self.hud_info())
        draw_key_bar(surface, self.keys)
        if self.notice is not None:
            draw_notice(surface, self.notice.text, self.notice.colour, HUD_HEIGHT)


def _point(coords: tuple[int, int]) -> tuple[float, float]:
    return float(coords[0]), float(coords[1])


def _between(start: tuple[int, int], end: tuple[int, int], fraction: float) -> tuple[float, float]:
    return start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction
