"""Playing through the real engine: keys, mouse, undo and redo, clipboard, zoom and pan.

Input goes through pygame's event queue and the fixed-tick loop, as a player's would.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app.play_controller import REPEAT_DELAY_TICKS
from game.app.screens import MainMenuScreen, PlayScreen
from game.app.settings import AnimationSpeed
from game.core.direction import Direction
from game.core.level_ref import LevelFile, LevelTexts, TextOrigin
from game.engine.engine import GameEngine
from game.engine.window import MIN_WINDOW_SIZE
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.main_menu import MainMenuScene
from game.scenes.pause import PauseScene
from game.scenes.play import PlayScene
from tests.engine.harness import (
    FIRST_SOLUTION,
    LEVELS_TEXT,
    click,
    hold,
    play_moves,
    press,
    release,
    settle,
)

CTRL = pygame.KMOD_CTRL
SHIFT = pygame.KMOD_SHIFT


def start(engine: GameEngine, index: int) -> PlayScene:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    play = PlayScene(engine, PlayScreen(index))
    engine.push(play)
    engine.run_frames(1)
    return play


def centre_of(play: PlayScene, column: int, row: int) -> tuple[int, int]:
    camera = play.camera
    return camera.screen_rect(column, row, camera.origin_at(1.0)).center


def test_a_whole_level_played_with_keys_ends_on_the_level_complete_screen(
    engine: GameEngine,
) -> None:
    play = start(engine, 0)
    play_moves(engine, FIRST_SOLUTION)
    assert play.model.state.is_solved
    assert isinstance(engine.top, LevelCompleteScene)
    result = engine.top.model.result
    assert (result.moves, result.pushes) == (33, 8)
    assert result.score == 1000 - 33
    assert engine.progress.totals().levels_solved == 1
    record = engine.progress.level_record(engine.context.session.collection_id, play.model.level)
    assert record is not None and record.solved
    assert record.best_moves is not None and record.best_moves.lurd == FIRST_SOLUTION


def test_wasd_and_vi_keys_move_too(engine: GameEngine) -> None:
    play = start(engine, 1)
    for key in (pygame.K_d, pygame.K_l, pygame.K_RIGHT):
        press(engine, key)
        settle(engine)
    assert play.model.state.lurd() == "rRR"
    assert isinstance(engine.top, LevelCompleteScene)


def test_undo_and_redo_through_a_level(engine: GameEngine) -> None:
    play = start(engine, 0)
    play_moves(engine, FIRST_SOLUTION[:10])
    state = play.model.state
    assert state.lurd() == FIRST_SOLUTION[:10]
    undo_inputs = [
        (pygame.K_u, 0),
        (pygame.K_z, 0),
        (pygame.K_z, CTRL),
        (pygame.K_BACKSPACE, 0),
    ]
    for key, mod in undo_inputs:
        press(engine, key, mod)
        settle(engine)
    assert state.move_count == 6
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=6))
    settle(engine)
    assert state.move_count == 0 and not state.can_undo
    for key, mod in [(pygame.K_y, CTRL), (pygame.K_u, SHIFT)]:
        press(engine, key, mod)
        settle(engine)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-8))
    settle(engine)
    assert state.lurd() == FIRST_SOLUTION[:10]
    press(engine, pygame.K_r)
    settle(engine)
    assert state.move_count == 0
    press(engine, pygame.K_u)
    settle(engine)
    assert state.lurd() == FIRST_SOLUTION[:10]
    play_moves(engine, FIRST_SOLUTION[10:])
    assert isinstance(engine.top, LevelCompleteScene)


def test_walk_and_push_by_clicking(engine: GameEngine) -> None:
    play = start(engine, 2)
    board = play.model.level.board
    click(engine, centre_of(play, 5, 1))
    settle(engine)
    assert play.model.state.player == board.index(5, 1)
    assert play.model.state.push_count == 0
    # Pick the right-hand box and drop it on the goal below it, then the other one.
    click(engine, centre_of(play, 3, 2))
    assert play.model.controller.selected_box == board.index(3, 2)
    click(engine, centre_of(play, 3, 3))
    settle(engine)
    assert play.model.state.boxes.is_box(board.index(3, 3))
    click(engine, centre_of(play, 2, 2))
    click(engine, centre_of(play, 2, 3))
    settle(engine)
    assert play.model.state.is_solved
    assert play.model.state.push_count == 2
    assert isinstance(engine.top, LevelCompleteScene)


def test_a_push_or_walk_that_cannot_be_done_is_refused_with_a_notice(
    engine: GameEngine,
) -> None:
    play = start(engine, 1)
    board = play.model.level.board
    click(engine, centre_of(play, 4, 1))
    settle(engine)
    notice = play.model.view().notice
    assert notice is not None and "cannot get there" in notice[0]
    click(engine, centre_of(play, 3, 1))
    click(engine, centre_of(play, 1, 1))
    settle(engine)
    said = play.model.controller.notice
    assert said is not None and "cannot be pushed there" in said.text
    assert said.square == board.index(1, 1)
    assert play.model.state.move_count == 0


def test_a_held_key_repeats_until_released(engine: GameEngine) -> None:
    play = start(engine, 3)
    hold(engine, pygame.K_RIGHT)
    engine.run_frames(50)
    moved = play.model.state.move_count
    assert moved >= 3
    release(engine, pygame.K_RIGHT)
    settle(engine)
    engine.run_frames(30)
    assert play.model.state.move_count <= moved + 1


def test_a_held_key_walks_on_without_pausing_between_steps(engine: GameEngine) -> None:
    play = start(engine, 3)
    ticks = engine.settings.animation_speed.ticks_per_step
    hold(engine, pygame.K_RIGHT)
    engine.run_frames(REPEAT_DELAY_TICKS + 2 * ticks + 2)
    assert play.model.state.move_count == 4
    release(engine, pygame.K_RIGHT)


def test_quick_taps_during_an_animation_are_kept(engine: GameEngine) -> None:
    play = start(engine, 3)
    press(engine, pygame.K_RIGHT)
    press(engine, pygame.K_RIGHT)
    press(engine, pygame.K_RIGHT)
    settle(engine)
    assert play.model.state.lurd() == "rrr"


def test_steps_animate_over_ticks_unless_instant(engine: GameEngine) -> None:
    play = start(engine, 3)
    press(engine, pygame.K_RIGHT)
    assert play.model.controller.animation is not None
    ticks = engine.settings.animation_speed.ticks_per_step
    assert play.picture(0.5).player != (2.0, 1.0)
    engine.run_frames(ticks)
    assert play.model.controller.animation is None
    assert play.picture(0.0).player == (2.0, 1.0)
    engine.settings.animation_speed = AnimationSpeed.INSTANT
    press(engine, pygame.K_RIGHT)
    assert play.model.controller.animation is None
    assert play.model.state.player == play.model.level.board.index(3, 1)


def test_drawing_never_changes_the_state(engine: GameEngine) -> None:
    play = start(engine, 0)
    press(engine, pygame.K_DOWN)

    def snapshot() -> tuple[object, ...]:
        animation = play.model.controller.animation
        return (
            play.model.state.player,
            play.model.state.boxes.frozen(),
            play.model.state.lurd(),
            animation.elapsed if animation else None,
            play.camera.origin,
            play.camera.previous,
            tuple(play.model.controller.commands),
            tuple(play.model.controller.walk),
            engine.context.statistics.elapsed,
        )

    before = snapshot()
    for alpha in (0.0, 0.3, 0.99, 1.0):
        engine.render(alpha)
    assert snapshot() == before


def test_copy_level_and_moves_and_paste_moves(engine: GameEngine) -> None:
    play = start(engine, 0)
    press(engine, pygame.K_c, CTRL)
    assert engine.clipboard.get() == play.model.level.to_xsb()
    play_moves(engine, "dl")
    press(engine, pygame.K_c, CTRL | SHIFT)
    assert engine.clipboard.get() == "dl"
    engine.clipboard.put(FIRST_SOLUTION)
    press(engine, pygame.K_v, CTRL)
    settle(engine)
    assert play.model.state.lurd() == FIRST_SOLUTION
    assert isinstance(engine.top, LevelCompleteScene)


def test_pasting_a_level_opens_it_and_bad_text_gets_a_notice(engine: GameEngine) -> None:
    play = start(engine, 0)
    engine.clipboard.put("hello there")
    press(engine, pygame.K_v, CTRL)
    notice = play.model.view().notice
    assert notice is not None and "no level" in notice[0]
    engine.clipboard.put("#####\n#@$.#\n#####")
    press(engine, pygame.K_v, CTRL)
    assert isinstance(engine.top, PlayScene)
    assert engine.top is not play
    assert engine.context.session.source == LevelTexts(TextOrigin.PASTED)
    assert engine.top.model.level.width == 5


def test_pasting_a_file_path_opens_the_file(engine: GameEngine, tmp_path: Path) -> None:
    start(engine, 0)
    path = tmp_path / "pasted.xsb"
    path.write_text(LEVELS_TEXT)
    engine.clipboard.put(str(path))
    press(engine, pygame.K_v, CTRL)
    assert isinstance(engine.top, LevelSelectScene)
    assert engine.context.session.source == LevelFile(str(path))


def test_zoom_keys_and_ctrl_wheel_and_right_drag_pan(engine: GameEngine) -> None:
    play = start(engine, 0)
    fitted = play.camera.tile_size
    press(engine, pygame.K_MINUS)
    assert play.camera.tile_size < fitted
    press(engine, pygame.K_0)
    assert play.camera.tile_size == fitted
    pygame.key.set_mods(CTRL)
    try:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        engine.run_frames(1)
    finally:
        pygame.key.set_mods(0)
    assert play.camera.tile_size < fitted
    assert play.model.state.move_count == 0
    origin = play.camera.origin
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=3))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(430, 310), rel=(30, 10), buttons=(0, 0, 1))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(430, 310), button=3))
    engine.run_frames(2)
    assert play.camera.origin == (origin[0] + 30, origin[1] + 10)
    play_moves(engine, "d")
    engine.run_frames(30)
    assert not play.camera.panned


def test_a_big_level_scrolls_to_follow_the_player(engine: GameEngine) -> None:
    width = 60
    rows = ["#" * width, "#@" + " " * (width - 5) + "$.#", "#" * width]
    engine.clipboard.put("\n".join(rows))
    start(engine, 0)
    press(engine, pygame.K_v, CTRL)
    play = engine.top
    assert isinstance(play, PlayScene)
    for _ in range(3):
        press(engine, pygame.K_EQUALS)
    assert play.camera.board_pixels[0] > play.camera.view.width
    left = play.camera.origin[0]
    engine.settings.animation_speed = AnimationSpeed.INSTANT
    play.model.controller.commands.extend([Direction.RIGHT] * 40)
    settle(engine)
    engine.run_frames(30)
    assert play.camera.origin[0] < left
    column = play.model.level.board.coords(play.model.state.player)[0]
    player_x = play.camera.origin[0] + column * play.camera.tile_size
    assert play.camera.view.left <= player_x < play.camera.view.right


def test_the_window_can_be_resized(engine: GameEngine) -> None:
    play = start(engine, 0)
    pygame.display.set_mode((900, 520), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=520, size=(900, 520)))
    engine.run_frames(1)
    assert engine.screen.get_size() == (900, 520)
    assert play.camera.view.width == 900
    board_width, board_height = play.camera.board_pixels
    assert board_width <= 900 and board_height <= play.camera.view.height


def test_the_window_is_held_at_its_minimum_size(engine: GameEngine) -> None:
    play = start(engine, 0)
    pygame.display.set_mode((300, 200), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200)))
    engine.run_frames(1)
    assert engine.screen.get_size() == MIN_WINDOW_SIZE
    assert play.camera.view.width == MIN_WINDOW_SIZE[0]


def test_escape_pauses_and_escape_again_resumes(engine: GameEngine) -> None:
    play = start(engine, 0)
    press(engine, pygame.K_ESCAPE)
    assert isinstance(engine.top, PauseScene)
    seconds = engine.context.statistics.elapsed
    engine.run_frames(30)
    assert engine.context.statistics.elapsed == seconds
    press(engine, pygame.K_ESCAPE)
    assert engine.top is play


def test_under_the_level_complete_dialog_only_its_own_key_bar_shows(engine: GameEngine) -> None:
    play = start(engine, 0)
    play_moves(engine, FIRST_SOLUTION)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    engine.render(1.0)
    screen = engine.screen
    play_bar_top = play.content_area(screen).bottom
    dialog_bar_top = complete.content_area(screen).bottom
    assert play_bar_top < dialog_bar_top  # the play screen's bar is the taller one here
    # Between the two bars' tops, beside the dialog's panel: the play screen's band, blank
    # (no dimmed keys of play).
    width = screen.get_width()
    colours = {
        tuple(screen.get_at((x, y)))
        for y in range(play_bar_top, dialog_bar_top)
        for x in (*range(0, width // 6), *range(width - width // 6, width))
    }
    assert len(colours) == 1
