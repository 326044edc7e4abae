"""Shift+H in reverse play, on the play screen's model with a stand-in shell and solver: the
search runs as a job the loop never waits for, its answer is the next pull, and following the
pulls it gives solves the level with one search."""

from __future__ import annotations

from game.app.jobs.jobs import Purpose
from game.app.jobs.solver_service import SolveRequest, solve_answer
from game.app.play_commands import PlayCommand, Press, Pull, ReverseOrder
from game.app.play_model import PlayModel
from game.app.reverse_hint import TAKEN, THINKING, PullPlan, pulled_home_level
from game.app.screens import PlayScreen
from game.core.collection import read_collection_text
from game.core.direction import Direction
from game.core.level_ref import LevelFile
from game.core.metrics import played_pushes
from game.core.paths import walk_path
from game.core.push import Push
from game.core.reverse_play import ReverseGame
from game.solver import solve
from tests.app.fake_shell import FakeShell
from tests.app.fake_solver import FakeSolver
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

KEY = 0  # which key pressed does not matter here: no key is held


def _model() -> tuple[PlayModel, FakeShell, FakeSolver]:
    shell = FakeShell()
    shell.context.session.open(read_collection_text(SMALL_LEVEL), LevelFile("small.xsb"))
    solver = FakeSolver()
    solver.think_ahead = False
    model = PlayModel(shell, PlayScreen(0), solver, lambda name: None, "keys")
    model.enter()
    return model, shell, solver


def _settle(model: PlayModel, shell: FakeShell) -> None:
    """Ticks as the engine runs them (the job driver first) until nothing moves."""
    for _ in range(2_000):
        shell.jobs.tick()
        model.tick(1 / 60)
        if model.idle and not model.controller.commands:
            return


def _game(model: PlayModel) -> ReverseGame:
    game = model.controller.reverse.game
    assert game is not None
    return game


def _answer(solver: FakeSolver) -> None:
    """The worker's answer to the latest request, as the real service sends it."""
    level = solver.searches[-1].level
    solver.jobs[-1].finish(solve_answer(level, solve(level, time_limit=30)))


def test_following_the_pulls_it_gives_solves_the_level_with_one_search() -> None:
    model, shell, solver = _model()
    model.handle(Press(ReverseOrder.SWITCH, KEY))
    _settle(model, shell)
    model.handle(Press(PlayCommand.HINT, KEY))
    # Asked, not answered: the screen says it thinks and goes on ticking.
    assert [job.purpose for job in solver.jobs] == [Purpose.PULL_HINT]
    assert solver.searches[-1].level == pulled_home_level(model.level, _game(model).box_squares())
    _settle(model, shell)
    view = model.view()
    assert view.status is not None and view.status.text == THINKING and view.hint is None
    assert model.work is Purpose.PULL_HINT
    _answer(solver)
    pulls = 0
    while not model.controller.finished:
        _settle(model, shell)
        hint = model.view().hint
        assert hint is not None, model.controller.notice
        for direction in hint.walk:
            model.controller.commands.append(direction)
        model.controller.commands.append(Pull(hint.push.direction))
        _settle(model, shell)
        pulls += 1
        if model.controller.reverse.active:
            assert model.view().hint is None  # the hint was for the position before the pull
            model.handle(Press(PlayCommand.HINT, KEY))
    assert len(solver.requests) == 1 and pulls == 8
    assert model.state.is_solved and model.controller.reverse.solved_here
    assert model.context.statistics.hints_used == 8


def test_esc_stops_the_search_and_a_pull_made_meanwhile_drops_its_answer() -> None:
    model, shell, solver = _model()
    model.handle(Press(ReverseOrder.SWITCH, KEY))
    _settle(model, shell)
    model.handle(Press(PlayCommand.HINT, KEY))
    model.handle(Press(PlayCommand.BACK, KEY))
    assert not shell.jobs.busy(model.pull_search) and solver.cancels == 1
    assert model.controller.notice is not None
    assert model.controller.notice.text == "Stopped thinking"

    model.handle(Press(PlayCommand.HINT, KEY))
    # The solution's last push, made a pull: walk to where it ends, pull the box back.
    game, board = _game(model), model.level.board
    end = model.level.player
    for letter in SMALL_SOLUTION:
        end = board.step(end, Direction.from_letter(letter))
    walk = walk_path(board, game.box_squares(), game.player, end)
    assert walk is not None
    model.controller.commands.extend([*walk, Pull(Direction.from_letter("U").opposite)])
    _settle(model, shell)
    assert game.pull_count == 1
    _answer(solver)
    _settle(model, shell)
    assert model.view().hint is None and model.work is None
    assert model.controller.notice is None or "pull" not in model.controller.notice.text


def test_the_level_asked_of_the_solver_starts_where_the_level_does_with_goals_at_the_boxes(
) -> None:
    level = read_collection_text(SMALL_LEVEL).levels[0]
    boxes = frozenset(sorted(level.board.walkable_squares())[:2])
    asked = pulled_home_level(level, boxes)
    assert (asked.boxes, asked.player, asked.board.goals) == (level.boxes, level.player, boxes)


def test_a_search_taken_by_the_think_ahead_is_asked_again_once() -> None:
    model, shell, solver = _model()
    model.handle(Press(ReverseOrder.SWITCH, KEY))
    _settle(model, shell)
    model.handle(Press(PlayCommand.HINT, KEY))
    # The forward game's think-ahead starts in the one worker, cancelling the pull's search.
    solver.start(Purpose.THINK_AHEAD, model.level.boxes, SolveRequest(model.level))
    shell.jobs.tick()
    assert [job.purpose for job in solver.jobs] == [
        Purpose.PULL_HINT,
        Purpose.THINK_AHEAD,
        Purpose.PULL_HINT,
    ]
    solver.start(Purpose.THINK_AHEAD, model.level.boxes, SolveRequest(model.level))
    shell.jobs.tick()
    assert len(solver.jobs) == 4 and not shell.jobs.busy(model.pull_search)
    assert model.controller.notice is not None
    assert model.controller.notice.text == TAKEN


# The box comes home through the doorway from the far room, where the player must be put down.
DOORWAY = "#########\n#   #   #\n#@  . $ #\n#   #   #\n#########"


def test_a_pull_from_another_room_puts_the_player_down_there_first() -> None:
    level = read_collection_text(DOORWAY).levels[0]
    game = ReverseGame(level)
    target = pulled_home_level(level, game.box_squares())
    plan = PullPlan(level, played_pushes(target, "rrrrurrdLL"))
    board = level.board
    found = plan.next_pull(game)
    assert found is not None and found.place and found.hint.walk == ()
    assert found.hint.push == Push(board.index(4, 2), Direction.RIGHT)
    assert found.hint.target == board.index(5, 2)
    assert game.place(found.hint.target)
    placed = plan.next_pull(game)
    assert placed is not None and not placed.place and placed.hint.push == found.hint.push
