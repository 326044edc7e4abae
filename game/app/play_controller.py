"""The play controller: one level's commands, steps and pushes, walks, animation and finishing.

Input only queues commands; each logic tick runs one and animates it. No pygame here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from game.app.assist import SolverAssist
from game.app.level_result import LevelResult, PlayRecorder
from game.app.notice import Notice, Tone
from game.app.play_commands import Click, Command, PlayAction, Pull, Repeatable, ReverseOrder
from game.app.reverse_mode import ReverseMode
from game.core.direction import Direction
from game.core.level import Level
from game.core.notation import replay
from game.core.paths import walk_path
from game.core.play import Move, PlayState
from game.core.statistics import Statistics
from game.core.wording import counted
from game.solver.analysis.boxpath import push_steps
from game.solver.plan import Push
from game.storage.library_entry import Origin

# A held key first waits, then repeats (as soon as the previous step's animation ends).
REPEAT_DELAY_TICKS = 14
REPEAT_INTERVAL_TICKS = 4
# Key presses made during an animation wait their turn, but only a few: a player who taps
# faster than the animation should not see the man walk on long after he stopped.
MAX_BUFFERED_COMMANDS = 3


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


class PlayController:
    """One level being played: the rules, the order of commands and what the view shows."""

    def __init__(
        self,
        level_index: int,
        state: PlayState,
        *,
        statistics: Statistics,
        assist: SolverAssist,
        recorder: PlayRecorder,
        sound: Callable[[str], None],
        step_ticks: Callable[[], int],
        level_number: int | None = None,
    ) -> None:
        self.level_index = level_index
        # The level's number in its file, as the player sees it (the index + 1 unless a level
        # before it cannot be played).
        self.level_number = level_number or level_index + 1
        self.state = state
        self.level: Level = state.level
        self.statistics = statistics
        self.assist = assist
        self.recorder = recorder
        self.sound = sound
        self.step_ticks = step_ticks
        # Commands from keys and clicks, and the steps of a walk (a click or a pasted solution).
        self.commands: deque[Command] = deque()
        self.walk: deque[Direction] = deque()
        self.animation: StepAnimation | None = None
        # Held keys, by the key that holds them: its release ends the repeat.
        self.held: dict[int, Repeatable] = {}
        self.repeat_wait = 0
        self.selected_box: int | None = None
        self.notice: Notice | None = None
        self.result: LevelResult | None = None
        # The wall sound plays once when a held key runs into something, not on every repeat.
        self._blocked: Direction | None = None
        # The walk is pasted moves: if they finish the level, it was shown, not solved.
        self._walk_pasted = False
        # The level played backwards, with its own position and history (F8).
        self.reverse = ReverseMode(self.level)

    @property
    def finished(self) -> bool:
        return self.result is not None

    def is_idle(self) -> bool:
        """Nothing moving or waiting; a level solved but not yet finished is not idle."""
        about_to_finish = self.result is None and self.state.is_solved and bool(self.state.moves)
        return (
            self.animation is None and not self.commands and not self.walk and not about_to_finish
        )

    def start(self, par: tuple[int, int], saved: Statistics | None = None) -> None:
        """The level opens: its counters start afresh, or go on from a saved game's, against
        the level's par as it is now."""
        if saved is None:
            self.statistics.start_level(*par)
        else:
            self.statistics.carry_on(saved, *par)

    # -- orders ----------------------------------------------------------------------------
    def press(self, command: Repeatable, key: int) -> None:
        """A key press: act now, and again while ``key`` is held."""
        self._stop_walk()
        self._blocked = None
        if len(self.commands) < MAX_BUFFERED_COMMANDS:
            self.commands.append(command)
        self.held.pop(key, None)
        self.held[key] = command
        self.repeat_wait = REPEAT_DELAY_TICKS

    def release(self, key: int) -> None:
        self.held.pop(key, None)

    def release_all(self) -> None:
        """Keys released while another screen is on top never reach this one."""
        self.held.clear()

    def restart(self) -> None:
        """Back to the start as one undoable action."""
        self._stop_walk()
        self.commands.append(PlayAction.RESTART)

    def let_go(self) -> None:
        """The player asks the solver instead: the box he picked is no longer his plan."""
        self.selected_box = None

    def click(self, square: int) -> None:
        self._stop_walk()
        self.commands.append(Click(square))

    def order(self, order: ReverseOrder) -> None:
        """An order of reverse play, in turn with the moves before it."""
        self._stop_walk()
        self.commands.append(order)

    def wheel(self, notches: int) -> None:
        """Mouse wheel: up undoes, down redoes, one move a notch."""
        self._stop_walk()
        action = PlayAction.UNDO if notches > 0 else PlayAction.REDO
        self.commands.extend([action] * abs(notches))

    def has_solution(self) -> bool:
        """Whether the solver's solution is there to step through; if not, a notice says how
        to get one."""
        if not self.assist.in_solution:
            self.notify("No solution to play: Shift+S asks the solver for one", Tone.WARNING)
        return self.assist.in_solution

    def solution_command(self, action: PlayAction) -> None:
        """Step forward or back through the solver's solution, if there is one."""
        if self.has_solution():
            self.commands.append(action)

    def replay_moves(self, moves: str) -> None:
        """Walk pasted LURD moves from the start of the level, if they fit it."""
        result = replay(self.level, moves, strict_case=False)
        if result.failed_at is not None:
            self.notify(f"The pasted moves do not fit this level: {result.reason}", Tone.DANGER)
            return
        self.walk.clear()
        self.selected_box = None
        if self.state.moves:
            self.commands.append(PlayAction.RESTART)
        self.walk.extend(Direction.from_letter(letter) for letter in moves)
        self._walk_pasted = True
        self.notify(f"Replaying {counted(len(moves), 'pasted move')}", Tone.INFO)

    def _stop_walk(self) -> None:
        """The player takes over: the rest of a walk or of pasted moves is dropped."""
        self.walk.clear()
        self._walk_pasted = False

    def notify(self, text: str, tone: Tone, square: int | None = None) -> None:
        self.notice = Notice(text, tone, square=square)

    # -- logic -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """One logic tick."""
        # A hint asked for since the last tick is counted before any move can clear it.
        self._count_hint()
        if not self.finished:
            self.statistics.tick(dt)
            self.recorder.autosave(dt, self.level_index, self.state)
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
            if self.assist.tick(self.state, dt) and not self.commands and not self.reverse.active:
                self.commands.append(PlayAction.SOLUTION_STEP)
            self._count_hint()
            self._repeat_held_key()
            self._run_next_command()

    def _count_hint(self) -> None:
        """A hint the assist has just charged (once per distinct hint at a position) costs its
        share of the score (this controller is the one writer of the statistics)."""
        for _ in range(self.assist.take_charges()):
            self.statistics.record_hint()

    def _repeat_held_key(self) -> None:
        if not self.held:
            return
        if self.repeat_wait <= 0 and not self.commands and not self.walk:
            self.commands.append(next(reversed(self.held.values())))
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
        if walking and self._walk_pasted and self.state.is_solved:
            # Pasted moves finished the level: a replay of somebody's solution, not the player's.
            self.statistics.use_solver()
        if (self.state.player, self.state.move_count, self.state.push_count) != before:
            self._position_changed(command)
        self.statistics.update_counts(self.state.move_count, self.state.push_count)

    def _run(self, command: Command, walking: bool) -> None:
        if self.reverse.active or isinstance(command, ReverseOrder):
            self.reverse.run(command, walking, self)
            if not self.reverse.active:
                self.animation = None  # a finished reverse game's last pull stops on the spot
        elif isinstance(command, Pull):
            self._step(command.direction, quick=walking)
        elif command is PlayAction.SOLUTION_STEP:
            step = self.assist.next_solution_step()
            if step is not None:
                self.statistics.use_solver()
                self._step(step, quick=True)
        elif command is PlayAction.SOLUTION_BACK:
            if self.assist.solution_step_back():
                self._run(PlayAction.UNDO, walking)
        elif isinstance(command, Direction):
            self._step(command, quick=walking)
        elif isinstance(command, Click):
            self._click(command.square)
        elif command in (PlayAction.UNDO, PlayAction.REDO):
            self.selected_box = None  # going back and forth is a change of course
            forward = command is PlayAction.REDO
            action = self.state.redo() if forward else self.state.undo()
            if isinstance(action, Move):
                self._animate(action, forward=forward, quick=True)
            if action is not None:
                self.sound("undo")
        elif command is PlayAction.RESTART and self.state.restart():
            self.selected_box = None
            self.notify("Restarted: undo brings the moves back", Tone.INFO)

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
        self.reverse.check_meeting(self.state, self)

    def _step(self, direction: Direction, quick: bool) -> None:
        result = self.state.step(direction)
        if result.move is None:
            if self._blocked is not direction:
                self.sound("blocked")
            self._blocked = direction
            # The rest of a walk or pasted solution no longer fits the board.
            self.walk.clear()
            return
        self._blocked = None
        self._animate(result.move, forward=True, quick=quick)
        if result.move.pushed:
            box = self.level.board.step(self.state.player, direction)
            if self.selected_box == self.state.player:
                self.selected_box = box
            self.sound("box_on_goal" if self.level.board.is_goal(box) else "push")
        else:
            self.sound("step")

    def _animate(self, move: Move, forward: bool, quick: bool) -> None:
        """Slide the move's player and box."""
        offset = self.level.board.offset(move.direction)
        now = self.state.player
        if forward:
            player, box = (now - offset, now), (now, now + offset)
        else:
            player, box = (now + offset, now), (now + 2 * offset, now + offset)
        self.slide(player, box if move.pushed else None, quick)

    def slide(self, player: tuple[int, int], box: tuple[int, int] | None, quick: bool) -> None:
        """Animate the player (and a box) from the first square of each pair to the second;
        walks, undo and redo go twice as fast as keys."""
        ticks = self.step_ticks()
        if quick:
            ticks = (ticks + 1) // 2
        if ticks <= 0:
            self.animation = None
            return
        box_from, box_to = box if box is not None else (None, None)
        self.animation = StepAnimation(*player, box_from, box_to, ticks)

    def _click(self, square: int) -> None:
        board, boxes, player = self.level.board, self.state.boxes, self.state.player
        if square < 0 or not board.is_walkable(square):
            self.selected_box = None
            if square >= 0:
                self.notify("A wall: click a floor square to walk there", Tone.WARNING, square)
            return
        if square in boxes:
            self.selected_box = None if self.selected_box == square else square
            return
        if self.selected_box is not None:
            path = push_steps(board, boxes, player, self.selected_box, square)
            problem = "That box cannot be pushed there"
        else:
            path = walk_path(board, boxes, player, square)
            problem = "The player cannot get there"
        if path is None:
            self.notify(problem, Tone.DANGER, square)
            self.sound("blocked")
            return
        self.walk.extend(path)

    def _finish(self) -> None:
        self.held.clear()
        state, statistics = self.state, self.statistics
        statistics.update_counts(state.move_count, state.push_count)
        seconds = statistics.elapsed
        number = self.level_number
        title = f"Level {number}"
        if self.level.title and self.level.title != str(number):
            title += f": {self.level.title}"
        score = statistics.score_now()
        origin = Origin.REVERSE if self.reverse.solved_here else Origin.PLAYER
        if statistics.solver_used:
            origin = Origin.IMPORTED if self._walk_pasted else Origin.SOLVER
        outcome = self.recorder.record_solution(self.level_index, state, score, origin)
        self.sound("solved")
        self.result = LevelResult(
            self.level_index,
            title,
            state.move_count,
            state.push_count,
            seconds,
            score,
            self.recorder.total_score(),
            outcome.new_best_moves or outcome.new_best_pushes,
            shown=statistics.solver_used,
            best_score=self.recorder.best_score(self.level),
            save_problem=outcome.error,
            par_moves=statistics.par_moves,
            par_pushes=statistics.par_pushes,
        )
