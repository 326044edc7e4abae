"""The play controller alone, with no window: commands, held keys, walks, undo and finishing.

It talks to the solver through the assist, here with a stand-in that answers in this process.
"""

from __future__ import annotations

from game.app.assist import SolverAssist
from game.app.notice import Tone
from game.app.play_commands import PlayAction
from game.app.play_controller import REPEAT_DELAY_TICKS, PlayController
from game.core import Direction, Level, PlayState, Statistics, parse_level
from game.storage.library_entry import Origin
from game.storage.records import SolutionOutcome
from tests.app.fake_solver import InstantSolver
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

KEY_Z, KEY_RIGHT = 122, 1073741903
ROOM = "################\n#   @        $.#\n################"


class Recorder:
    """Writes nothing; remembers what the controller asked to keep."""

    def __init__(self) -> None:
        self.autosaved = 0.0
        self.solutions: list[tuple[int, str, int]] = []
        self.origins: list[Origin] = []

    def autosave(self, seconds: float, level_index: int, state: PlayState) -> None:
        self.autosaved += seconds

    def record_solution(
        self, level_index: int, state: PlayState, score: int, origin: Origin = Origin.PLAYER
    ) -> SolutionOutcome:
        self.solutions.append((level_index, state.lurd(), score))
        self.origins.append(origin)
        return SolutionOutcome(first_solve=True, new_best_moves=True)

    def total_score(self) -> int:
        return sum(score for _, _, score in self.solutions)

    def best_score(self, level: Level) -> int:
        return max((score for _, _, score in self.solutions), default=0)


def controller(
    text: str = SMALL_LEVEL, ticks: int = 4
) -> tuple[PlayController, list[str], Recorder]:
    level = parse_level(text)
    sounds: list[str] = []
    recorder = Recorder()
    statistics = Statistics()
    solver = InstantSolver()
    solver.think_ahead = False
    made = PlayController(
        0,
        PlayState(level),
        statistics=statistics,
        assist=SolverAssist(solver, level),
        recorder=recorder,
        sound=sounds.append,
        step_ticks=lambda: ticks,
    )
    return made, sounds, recorder


def run_until_idle(play: PlayController, limit: int = 10_000) -> None:
    play.update(1 / 60)
    for _ in range(limit):
        if play.is_idle():
            return
        play.update(1 / 60)


def test_a_step_animates_then_the_next_command_runs() -> None:
    play, sounds, _ = controller(ROOM)
    play.press(Direction.LEFT, KEY_RIGHT)
    play.release(KEY_RIGHT)
    play.press(Direction.RIGHT, KEY_RIGHT)
    play.release(KEY_RIGHT)
    play.update(1 / 60)
    assert play.state.lurd() == "l"
    assert play.animation is not None
    run_until_idle(play)
    assert play.state.lurd() == "lr"
    assert sounds == ["step", "step"]


def test_a_held_key_repeats_until_its_own_key_is_released() -> None:
    play, _, _ = controller(ROOM)
    play.press(Direction.RIGHT, KEY_RIGHT)
    for _ in range(REPEAT_DELAY_TICKS + 12):
        play.update(1 / 60)
    assert play.state.move_count >= 2
    play.release(KEY_RIGHT)
    run_until_idle(play)
    moved = play.state.move_count
    for _ in range(40):
        play.update(1 / 60)
    assert play.state.move_count == moved
    assert not play.state.is_solved


def test_redo_held_with_modifiers_ends_when_its_key_is_released() -> None:
    # Ctrl+Shift+Z redoes; the release comes as plain Z and must end the repeat.
    play, _, _ = controller(ROOM)
    for direction in (Direction.LEFT, Direction.RIGHT, Direction.LEFT):
        play.press(direction, KEY_RIGHT)
        play.release(KEY_RIGHT)
        run_until_idle(play)
    for _ in range(3):
        play.press(PlayAction.UNDO, KEY_Z)
        play.release(KEY_Z)
        run_until_idle(play)
    play.press(PlayAction.REDO, KEY_Z)
    play.release(KEY_Z)
    for _ in range(REPEAT_DELAY_TICKS + 40):
        play.update(1 / 60)
    assert play.state.move_count == 1


def test_a_click_walks_there_and_a_wall_click_says_why_not() -> None:
    play, _, _ = controller(ROOM)
    board = play.level.board
    play.click(board.index(1, 1))
    run_until_idle(play)
    assert play.state.player == board.index(1, 1)
    play.click(board.index(0, 0))
    run_until_idle(play)
    assert play.notice is not None and play.notice.square == board.index(0, 0)
    assert play.state.player == board.index(1, 1)


def test_an_unreachable_square_is_marked() -> None:
    play, sounds, _ = controller("#######\n#@ # .#\n#  #$ #\n#######")
    target = play.level.board.index(5, 1)
    play.click(target)
    run_until_idle(play)
    assert play.notice is not None and play.notice.square == target
    assert play.notice.tone is Tone.DANGER
    assert sounds == ["blocked"]


def test_pasted_moves_that_solve_show_the_level_and_score_nothing() -> None:
    play, sounds, recorder = controller()
    play.start((0, 0))
    play.replay_moves(SMALL_SOLUTION)
    run_until_idle(play)
    play.update(1 / 60)
    assert play.result is not None and play.result.shown
    assert play.result.moves == 33 and play.result.pushes == 8 and play.result.score == 0
    assert play.statistics.solver_used and recorder.solutions[-1][2] == 0
    assert recorder.solutions == [(0, SMALL_SOLUTION, 0)]
    assert recorder.origins == [Origin.IMPORTED]  # kept in the library as pasted, not his
    assert sounds[-1] == "solved"


def test_pasted_moves_the_player_finishes_are_the_players() -> None:
    play, _, recorder = controller()
    play.start((0, 0))
    play.replay_moves(SMALL_SOLUTION[:-1])
    run_until_idle(play)
    assert not play.state.is_solved
    play.press(Direction.from_letter(SMALL_SOLUTION[-1]), 0)
    play.release(0)
    run_until_idle(play)
    play.update(1 / 60)
    assert play.result is not None and not play.result.shown and play.result.score > 0
    assert recorder.origins == [Origin.PLAYER]


def test_moves_that_do_not_fit_are_refused_with_a_notice() -> None:
    play, _, _ = controller()
    play.replay_moves("uuuu")
    assert play.notice is not None and play.notice.tone is Tone.DANGER
    assert not play.walk


def test_the_controller_alone_counts_hints_and_solver_moves() -> None:
    play, _, _ = controller()
    play.start((0, 0))
    play.assist.solver.think_ahead = True
    assert play.assist.ask_hint(play.state) is None
    run_until_idle(play)
    for _ in range(20):
        play.update(1 / 60)
    assert play.assist.hint is not None
    assert play.statistics.hints_used == 1  # counted once, however many ticks it shows
    assert play.assist.ask_solution(play.state) is None
    for _ in range(20):
        play.update(1 / 60)
    assert play.assist.in_solution and not play.statistics.solver_used
    play.solution_command(PlayAction.SOLUTION_STEP)
    run_until_idle(play)
    assert play.statistics.solver_used and play.statistics.hints_used == 1


def test_a_level_the_solver_s_steps_finish_is_kept_as_the_solver_s() -> None:
    play, _, recorder = controller()
    play.start((0, 0))
    assert play.assist.ask_solution(play.state) is None
    for _ in range(20):
        play.update(1 / 60)
    while play.assist.in_solution and play.result is None:
        play.solution_command(PlayAction.SOLUTION_STEP)
        run_until_idle(play)
        play.update(1 / 60)
    assert play.result is not None and play.result.shown
    assert recorder.origins == [Origin.SOLVER]
