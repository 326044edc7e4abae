"""A level being played, as a screen model: the play controller, the solver's help and what
playing writes, driven by typed input, with a frozen view model made from the position.

Everything the play screen shows is made here from the state at the moment it is asked for,
so no path (a restart, an undo, a paste, a load, reverse play) can leave a verdict behind.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app import navigation, saving
from game.app.assist_machine import Status, hint_status
from game.app.dialogs.flows import Flow, ask_yes_no, run_flow
from game.app.filing import level_assist, library_bests
from game.app.hud_info import HudInfo, par_text
from game.app.jobs.jobs import Purpose
from game.app.jobs.solver_service import SolverPort
from game.app.notice import Tone
from game.app.paste import PasteKind, read_paste
from game.app.play_commands import (
    ClickAt,
    Focus,
    PlayAction,
    PlayCommand,
    PlayInput,
    PlayKey,
    Press,
    Pull,
    Release,
    ReverseOrder,
    Wheel,
)
from game.app.play_controller import PlayController
from game.app.play_views import Footer, Mark, MarkKind, PlayView, PositionView, Slide
from game.app.pull_hint_search import PullHintSearch
from game.app.reverse_hint import THINKING
from game.app.screens import LevelCompleteScreen, MessageScreen, PauseScreen, PlayScreen
from game.app.shell import Shell
from game.core.chapters import CAPTION_KEY, level_field
from game.core.direction import Direction
from game.core.errors import LevelError
from game.core.play import PlayState
from game.core.wording import counted
from game.solver.plan import Hint

_SOLUTION_ACTIONS = (PlayAction.SOLUTION_STEP, PlayAction.SOLUTION_BACK)
_SOLVER_KEYS = (
    *_SOLUTION_ACTIONS,
    PlayCommand.HINT,
    PlayCommand.SOLVE,
    PlayCommand.AUTOPLAY,
    PlayCommand.SLOWER,
    PlayCommand.FASTER,
)


class PlayModel:
    """One level of the open collection, from its start or a saved game."""

    def __init__(
        self,
        shell: Shell,
        screen: PlayScreen,
        solver: SolverPort,
        sound: Callable[[str], None],
        key_help: str,
    ) -> None:
        self.shell = shell
        self.key_help = key_help
        # The context the level is played in stays its own, whatever is pushed meanwhile.
        self.context = context = shell.context
        collection = context.session.collection
        level_index = screen.level_index
        if collection is None or not 0 <= level_index < len(collection.levels):
            raise LevelError(f"there is no level {level_index + 1} to play")
        self.level_index = level_index
        self.level = collection.levels[level_index]
        self.state = screen.state if screen.state is not None else PlayState(self.level)
        self._saved_statistics = screen.statistics
        self._solution = screen.solution, screen.solution_name
        settings = shell.settings
        # The library is read once as the level opens: its fewest pushes answers the first hint
        # and both give the HUD's BEST.
        bests = library_bests(context, level_index, self.level)
        self.assist = level_assist(
            solver, context, level_index, self.level, settings.solve_method, bests.by_pushes
        )
        self.recorder = saving.ContextRecorder(context)
        self.controller = PlayController(
            level_index,
            self.state,
            statistics=context.statistics,
            assist=self.assist,
            recorder=self.recorder,
            sound=sound,
            step_ticks=lambda: settings.animation_speed.ticks_per_step,
            level_number=context.session.level_number(level_index),
        )
        self.pull_search = PullHintSearch(shell, self.level, context, self.controller, self.assist)
        # A tutorial level's one line of teaching.
        self.caption = level_field(self.level, CAPTION_KEY)
        # The player's total from the store and the level's best (read when the level opens,
        # comes back into view, or is solved).
        self.total_score = 0
        self.best = bests.text
        self._result_shown = False

    # -- the screen's life -----------------------------------------------------------------------
    def enter(self) -> None:
        context = self.context
        context.playing = self.state
        context.session.level_index = self.level_index
        self.total_score = context.progress.total_score()
        self.controller.start(saving.level_par(context, self.level), self._saved_statistics)
        self.recorder.begin_visit(self.state)
        self.assist.after_change(self.state, None)
        if self.state.move_count:
            moves = counted(self.state.move_count, "move")
            self.controller.notify(f"Where you left it: {moves} (R starts over)", Tone.INFO)
        lurd, name = self._solution
        if lurd:  # a library solution to step through, as the solver's would be
            self.assist.steps.start([Direction.from_letter(letter) for letter in lurd], name)

    def exit(self) -> None:
        if self.context.playing is self.state:
            self.context.playing = None
        self.assist.close()
        self.pull_search.stop()
        if not self.controller.finished:
            self.recorder.record_visit(self.level_index, self.state)

    def pause(self) -> None:
        self.controller.release_all()

    def resume(self) -> None:
        self.context.playing = self.state
        self._read_scores()

    def _read_scores(self) -> None:
        self.total_score = self.context.progress.total_score()
        self.best = library_bests(self.context, self.level_index, self.level).text

    def request_restart(self) -> None:
        """Back to the start as one undoable action (also from the pause menu)."""
        self.controller.restart()

    # -- input -----------------------------------------------------------------------------------
    def handle(self, command: PlayInput) -> None:
        controller = self.controller
        match command:
            case Press(key_command, key):
                self._press(key_command, key)
            case Release(key):
                controller.release(key)
            case ClickAt(square):
                controller.click(square)
            case Wheel(notches):
                controller.wheel(notches)
            case Focus(focused):
                self.assist.set_focus(focused, self.state)

    def _press(self, command: PlayKey, key: int) -> None:
        """What a key bound in the play key map does."""
        controller, assist = self.controller, self.assist
        if isinstance(command, Direction | Pull) or command in (PlayAction.UNDO, PlayAction.REDO):
            controller.press(command, key)
        elif isinstance(command, ReverseOrder):
            controller.order(command)
        elif command is PlayCommand.BACK and self.pull_search.searching:
            self.pull_search.stop()
            controller.notify("Stopped thinking", Tone.INFO)
        elif controller.reverse.active and command is PlayCommand.HINT:
            controller.let_go()
            self.pull_search.ask()
        elif controller.reverse.active and command in _SOLVER_KEYS:
            controller.notify(
                "In reverse play the solver gives the next pull (Shift+H); the rest is for "
                "forward play (F8)",
                Tone.WARNING,
            )
        elif command is PlayAction.RESTART:
            controller.restart()
        elif command in _SOLUTION_ACTIONS:
            controller.solution_command(command)
        elif command is PlayCommand.BACK and (assist.wants_hint or assist.wants_solution):
            assist.cancel()
        elif command in (PlayCommand.BACK, PlayCommand.MENU):
            self.shell.open(PauseScreen(self))
        elif command in (PlayCommand.HINT, PlayCommand.SOLVE):
            controller.let_go()
            ask = assist.ask_hint if command is PlayCommand.HINT else assist.ask_solution
            refused = ask(self.state)
            if refused is not None:
                controller.notify(refused.text, Tone.DANGER)
        elif command in (PlayCommand.AUTOPLAY, PlayCommand.SLOWER, PlayCommand.FASTER):
            self._autoplay(command)
        elif command in (PlayCommand.COPY_LEVEL, PlayCommand.COPY_MOVES):
            self._copy(moves=command is PlayCommand.COPY_MOVES)
        elif command is PlayCommand.PASTE:
            self._paste()
        elif command is PlayCommand.HELP:
            self.shell.open(MessageScreen("Keys", self.key_help))

    def _autoplay(self, command: PlayKey) -> None:
        if not self.controller.has_solution():
            return
        if command is PlayCommand.AUTOPLAY:
            self.assist.steps.toggle_autoplay()
        else:
            self.assist.steps.change_speed(faster=command is PlayCommand.FASTER)

    def _copy(self, moves: bool) -> None:
        text = self.state.lurd() if moves else self.level.to_xsb()
        if moves and not text:
            self.controller.notify("No moves to copy yet", Tone.WARNING)
            return
        self.shell.clipboard.put(text)
        copied = counted(len(text), "move") if moves else "Level"
        self.controller.notify(f"{copied} copied", Tone.GOOD)

    def _paste(self) -> None:
        pasted = read_paste(self.shell.clipboard.get(), moves_allowed=True)
        shell = self.shell
        if pasted.kind is PasteKind.MOVES:
            self.controller.replay_moves(pasted.moves)
        elif pasted.kind is PasteKind.FILE:
            self._leave_for(lambda: navigation.open_collection_file(shell, pasted.text))
        elif pasted.kind is PasteKind.LEVELS:
            self._leave_for(lambda: navigation.open_collection_text(shell, pasted.text))
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

        run_flow(self.shell.open, flow())

    # -- logic -----------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        self.controller.update(dt)
        result = self.controller.result
        if result is not None and not self._result_shown:
            self._result_shown = True
            # The HUD under the complete screen shows the new total and best, as it does.
            self._read_scores()
            self.total_score = result.total_score
            self.shell.open(LevelCompleteScreen(result))

    @property
    def idle(self) -> bool:
        return self.controller.is_idle()

    @property
    def moving(self) -> bool:
        """Something runs on the clock of the ticks and must not wait for the loop's rest: a
        step sliding, a held key, autoplay."""
        controller = self.controller
        return not controller.is_idle() or bool(controller.held) or self.assist.steps.autoplay

    @property
    def work(self) -> Purpose | None:
        """The search the player waits for (input scripts wait for it too)."""
        if self.pull_search.searching:
            return Purpose.PULL_HINT
        return self.assist.work

    @property
    def seconds(self) -> int:
        """The clock's whole seconds, as the HUD shows them."""
        return int(self.context.statistics.elapsed)

    # -- the view model --------------------------------------------------------------------------
    def view(self) -> PlayView:
        controller, assist = self.controller, self.assist
        reverse = controller.reverse
        notice = controller.notice
        status: Status | None
        if reverse.active:
            game = reverse.game
            hint = None
            if game is not None and controller.animation is None:
                hint = self.pull_search.pulls.hint(game)
            status = _reverse_status(reverse.status(), reverse.warning, reverse.join_moves, hint)
            if self.pull_search.searching:
                status = Status(THINKING, Tone.INFO)
            footer = Footer.REVERSE
        else:
            status = assist.status()
            hint = assist.hint if controller.animation is None else None
            footer = Footer.SOLUTION if assist.in_solution else Footer.FORWARD
        return PlayView(
            self._position(),
            self.hud_info(),
            hint,
            status,
            self.caption,
            (notice.text, notice.tone) if notice is not None else None,
            footer,
        )

    def _position(self) -> PositionView:
        controller = self.controller
        reverse = controller.reverse
        shown = reverse.shown(self.state)
        marks: list[Mark] = []
        if controller.selected_box is not None and not reverse.active:
            marks.append(Mark(controller.selected_box, MarkKind.SELECTED))
        notice = controller.notice
        if notice is not None and notice.square is not None:
            marks.append(Mark(notice.square, MarkKind.REFUSED))
        warning = reverse.warning if reverse.active else self.assist.warning
        if warning is not None:
            marks.extend(Mark(box, MarkKind.DEAD) for box in sorted(warning.boxes))
        animation = controller.animation
        slide = None
        if animation is not None:
            slide = Slide(
                animation.player_from,
                animation.player_to,
                animation.box_from,
                animation.box_to,
                animation.ticks,
                animation.elapsed,
            )
        return PositionView(
            self.level.board,
            frozenset(shown.boxes),
            shown.player,
            shown.facing,
            slide,
            tuple(marks),
            self.level.boxes if reverse.active else None,
        )

    def hud_info(self) -> HudInfo:
        state, session = self.state, self.context.session
        statistics = self.context.statistics
        game = self.controller.reverse.game
        if self.controller.reverse.active and game is not None:
            moves, pushes, done = game.move_count, game.pull_count, game.boxes_on_starts
        else:
            moves, pushes, done = state.move_count, state.push_count, state.boxes_on_goals
        scored = not session.is_test_play
        return HudInfo(
            collection=session.title,
            level_number=session.level_number(self.level_index),
            level_count=session.file_level_count,
            level_title=self.level.title,
            moves=moves,
            pushes=pushes,
            score=self.total_score if scored else None,
            level_score=statistics.score_now() if scored else None,
            best=self.best,
            par=par_text(statistics.par_moves, statistics.par_pushes),
            boxes_done=done,
            boxes_total=len(self.level.board.goals),
            reverse=self.controller.reverse.active,
        )


def _reverse_status(
    line: str, warning: object, join_moves: object, hint: Hint | None
) -> Status:
    """Reverse play's line: a dead box, the two games meeting, the pull a hint marks (worded
    as forward play's hint is), or what to do."""
    if warning is not None:
        return Status(line, Tone.DANGER)
    if join_moves is not None:
        return Status(line, Tone.GOOD)
    if hint is not None:
        return hint_status(hint, pulls=True)
    return Status(line, Tone.INFO)
