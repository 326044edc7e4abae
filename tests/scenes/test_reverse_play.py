"""Reverse play through the real engine: scripted keys switch a level to reverse play, put the
player down, pull the boxes home, and the forward solution it turns into is recorded as a solve.
"""

from __future__ import annotations

import pygame

from game.app.filing import level_key
from game.core.collection import read_collection_text
from game.core.direction import Direction
from game.core.level import Level
from game.core.level_ref import LevelFile
from game.core.metrics import solves
from game.core.paths import walk_path
from game.core.reverse_play import first_square
from game.engine.engine import GameEngine
from game.engine.input_script import InputScript, parse_script
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.play import PlayScene
from game.storage.library import SolutionLibrary
from game.storage.library_entry import Origin
from tests.engine.harness import FIRST_SOLUTION, play_moves, press, settle
from tests.scenes.conftest import Drawn
from tests.scenes.test_play import centre_of, start
from tests.scenes.test_play_solver import wait_for

TWO_ROOMS = """\
; two rooms
########
#  #   #
#  .$  #
#  #.$ #
#  # @ #
########
"""
ARROWS = {
    Direction.LEFT: "left",
    Direction.UP: "up",
    Direction.RIGHT: "right",
    Direction.DOWN: "down",
}


def run_script(engine: GameEngine, text: str) -> None:
    """Drive the engine with an input script, one action whenever the screen is idle."""
    script = InputScript(parse_script(text))
    engine.add_input_source(script)
    frames = 0
    while not script.finished and frames < 20_000:
        frames += engine.run_frames(1)
    settle(engine)
    engine.remove_input_source(script)
    assert script.finished and script.problem is None


def reverse_keys(level: Level, solution: str) -> str:
    """The key lines that play ``solution`` backwards: walk to where it ends, then each move
    turned round, pushes as Shift+arrow pulls."""
    board = level.board
    end = level.player
    for letter in solution:
        end = board.step(end, Direction.from_letter(letter))
    here = first_square(board, board.goals, level.player)
    assert here is not None
    walk = walk_path(board, board.goals, here, end)
    assert walk is not None
    lines = [f"key {ARROWS[direction]}" for direction in walk]
    for letter in reversed(solution):
        arrow = ARROWS[Direction.from_letter(letter).opposite]
        lines.append(f"key shift+{arrow}" if letter.isupper() else f"key {arrow}")
    return "\n".join(lines)


def test_a_level_played_in_reverse_by_keys_is_recorded_as_a_solve(engine: GameEngine) -> None:
    play = start(engine, 0)
    run_script(engine, "key f8\n" + reverse_keys(play.model.level, FIRST_SOLUTION))
    assert isinstance(engine.top, LevelCompleteScene)
    result = engine.top.model.result
    assert not result.shown and result.score > 0
    assert (result.moves, result.pushes) == (33, 8)
    record = engine.progress.level_record(engine.context.session.collection_id, play.model.level)
    assert record is not None and record.solved and record.best_moves is not None
    assert solves(play.model.level, record.best_moves.lurd)
    kept = SolutionLibrary(engine.progress).entries(
        level_key(engine.context.session, play.model.level_index, play.model.level)
    )
    assert [(entry.origin, entry.lurd) for entry in kept] == [
        (Origin.REVERSE, record.best_moves.lurd)
    ]


def test_tab_puts_the_player_in_the_other_room_and_the_keys_say_pulls(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    engine.context.session.open(read_collection_text(TWO_ROOMS), LevelFile("rooms.xsb"))
    play = start(engine, 0)
    board = play.model.level.board
    run_script(engine, "key f8\nkey tab")
    game = play.model.controller.reverse.game
    assert game is not None and play.model.controller.reverse.active
    assert game.player == board.index(1, 1)
    texts = {drawn.text for drawn in drawn_texts}
    assert {"PULLS", "HOME", "Shift+arrows", "Tab"} <= texts
    run_script(engine, "key tab\nkey down\nkey shift+right\nkey down\nkey shift+right\nkey down")
    assert game.pull_count == 2
    run_script(engine, "key left")
    assert isinstance(engine.top, LevelCompleteScene)
    assert engine.top.model.result.moves == 5  # the walks before the first pull are left out


def test_each_way_keeps_its_own_position_and_undo(engine: GameEngine) -> None:
    play = start(engine, 1)  # the corridor
    play_moves(engine, "r")
    press(engine, pygame.K_F8)
    settle(engine)
    game = play.model.controller.reverse.game
    assert game is not None
    play_moves(engine, "rr")
    assert game.move_count == 2 and play.model.state.move_count == 1
    press(engine, pygame.K_u)
    settle(engine)
    assert game.move_count == 1 and play.model.state.move_count == 1
    press(engine, pygame.K_r, pygame.KMOD_CTRL)  # Ctrl+R switches too
    settle(engine)
    assert not play.model.controller.reverse.active
    press(engine, pygame.K_u)
    settle(engine)
    assert play.model.state.move_count == 0 and game.move_count == 1


def test_the_two_games_meeting_are_joined_with_ctrl_j(engine: GameEngine) -> None:
    play = start(engine, 1)  # the corridor: #@ $ .#
    play_moves(engine, "rR")
    run_script(engine, "key f8\nkey right\nkey right\nkey right\nkey shift+left")
    reverse = play.model.controller.reverse
    assert reverse.join_moves == "R"
    notice = play.model.view().notice
    assert notice is not None and "Ctrl+J" in notice[0]
    run_script(engine, "key f8\nkey u\nkey shift+z")  # forward: apart, then they meet again
    notice = play.model.view().notice
    assert notice is not None and "Ctrl+J" in notice[0]
    run_script(engine, "key u")  # apart again, and the offer goes with it
    assert reverse.join_moves is None and play.model.controller.notice is None
    run_script(engine, "key ctrl+j")
    notice = play.model.controller.notice
    assert notice is not None and notice.text.startswith("Nothing to join")
    run_script(engine, "key shift+z\nkey ctrl+j")
    assert isinstance(engine.top, LevelCompleteScene)
    record = engine.progress.level_record(engine.context.session.collection_id, play.model.level)
    assert record is not None and record.best_moves is not None
    assert record.best_moves.lurd == "rRR"


def test_shift_h_gives_the_next_pull_and_the_other_solver_keys_wait_for_forward_play(
    engine: GameEngine,
) -> None:
    play = start(engine, 0)
    press(engine, pygame.K_F8)
    press(engine, pygame.K_s, pygame.KMOD_SHIFT)
    settle(engine)
    notice = play.model.controller.notice
    assert notice is not None and "forward play" in notice.text
    assert not play.model.assist.wants_solution
    # The real solver's worker answers; the hint is a pull of a box on a goal.
    press(engine, pygame.K_h, pygame.KMOD_SHIFT)
    wait_for(engine, lambda: play.model.view().hint is not None, 60.0)
    hint = play.model.view().hint
    assert hint is not None and hint.push.box in play.model.level.board.goals
    assert not play.model.assist.wants_hint
    # Worded as forward play's hint is (the line said how to put the player down).
    status = play.model.view().status
    assert status is not None and status.text.startswith("Hint: pull the marked box (")


def test_a_box_pulled_onto_a_dead_square_is_marked(engine: GameEngine) -> None:
    # The box starts against the wall: pulled off it, it can never be pulled back.
    wall_box = "; wall\n######\n#.   #\n#    #\n#$ @ #\n#    #\n######\n"
    engine.context.session.open(read_collection_text(wall_box), LevelFile("wall.xsb"))
    play = start(engine, 0)
    run_script(engine, "key f8\nkey up\nkey up\nkey left\nkey shift+right")
    reverse = play.model.controller.reverse
    assert reverse.warning is not None
    assert reverse.warning.boxes == {play.model.level.board.index(2, 1)}
    run_script(engine, "key u")
    assert reverse.warning is None


def centre_of_square(play: PlayScene, square: int) -> tuple[int, int]:
    return centre_of(play, *play.model.level.board.coords(square))


def test_a_click_puts_the_player_down_until_the_first_pull_then_walks(
    engine: GameEngine,
) -> None:
    engine.context.session.open(read_collection_text(TWO_ROOMS), LevelFile("rooms.xsb"))
    play = start(engine, 0)
    board = play.model.level.board
    press(engine, pygame.K_F8)
    settle(engine)
    game = play.model.controller.reverse.game
    assert game is not None
    x, y = centre_of_square(play, board.index(2, 2))
    run_script(engine, f"click {x} {y}")
    assert game.player == board.index(2, 2) and game.move_count == 0
    run_script(engine, "key g\nkey left")  # G: a plain step away from a box pulls it
    assert game.pull_count == 1
    x, y = centre_of_square(play, board.index(5, 4))  # the other room, now out of reach
    run_script(engine, f"click {x} {y}")
    assert game.player == board.index(1, 2)
    x, y = centre_of_square(play, board.index(1, 4))
    run_script(engine, f"click {x} {y}")
    assert game.player == board.index(1, 4) and game.move_count == 3


def test_reverse_play_marks_the_start_squares_the_boxes_go_back_to(engine: GameEngine) -> None:
    play = start(engine, 0)
    assert play.picture(0.0).homes is None  # forward: the goals say it all
    press(engine, pygame.K_F8)
    settle(engine)
    picture = play.picture(0.0)
    assert picture.homes == play.model.level.boxes
    assert set(picture.boxes) == play.model.level.board.goals  # reverse starts with boxes on goals
