"""Reverse play in the play controller, without the engine: the finishing pull, the sounds,
and the forward solution handed to the recorder."""

from __future__ import annotations

from game.app.play_commands import Pull, ReverseOrder
from game.core.direction import Direction
from game.core.problems import Problem, ProblemKind
from tests.app.test_play_controller import controller, run_until_idle

CORRIDOR = "#######\n#@ $ .#\n#######"


def test_the_finishing_pull_stops_on_the_spot_and_the_solve_is_recorded() -> None:
    play, sounds, recorder = controller(CORRIDOR)
    play.order(ReverseOrder.SWITCH)
    for command in (Direction.RIGHT, Direction.RIGHT, Direction.RIGHT, Pull(Direction.LEFT)):
        play.commands.append(command)
        run_until_idle(play)
    assert sounds[-1] == "push" and play.reverse.active
    play.commands.append(Pull(Direction.LEFT))
    play.update(1 / 60)  # the pull that brings the box home
    assert not play.reverse.active and play.animation is None
    assert play.state.lurd() == "rRR"
    run_until_idle(play)
    assert play.finished
    assert [lurd for _, lurd, _ in recorder.solutions] == ["rRR"]


def test_orders_of_reverse_play_in_forward_play_say_how_to_get_there() -> None:
    play, _, _ = controller(CORRIDOR)
    play.order(ReverseOrder.NEXT_AREA)
    run_until_idle(play)
    assert play.notice is not None and "F8" in play.notice.text


def test_reverse_play_on_a_level_whose_player_stands_among_goals_only_is_refused() -> None:
    # His walled-off area is two goals: with the boxes on them, there is nowhere to put him.
    play, _, _ = controller("########\n#+*#$  #\n########")
    play.order(ReverseOrder.SWITCH)
    run_until_idle(play)
    assert not play.reverse.active and play.reverse.game is None
    assert play.notice is not None
    assert play.notice.text == Problem(ProblemKind.NO_REVERSE_PLAY).text
