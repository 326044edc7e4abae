"""What the play screen says is true of the position on it: a restart, an undo, a paste, a load
or a switch to reverse play and back never leaves a verdict (lost, hint, selection) behind.

The solver is a stand-in that answers in this process at once, so every verdict is settled.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app.assist import Phase
from game.app.notice import Tone
from game.app.screens import MainMenuScreen, PlayScreen
from game.core.collection import read_collection_text
from game.core.direction import Direction
from game.core.level_ref import LevelFile
from game.core.play import PlayState
from game.engine.engine import GameEngine
from game.scenes.main_menu import MainMenuScene
from game.scenes.play import PlayScene
from tests.app.fake_solver import InstantSolver
from tests.engine.harness import click, headless_engine, press, settle
from tests.scenes.test_play import centre_of

SHIFT = pygame.KMOD_SHIFT
CTRL = pygame.KMOD_CTRL
# Pushing the box down puts it against the bottom wall, away from the goal: lost.
DEAD_END = "; dead end\n#######\n#@    #\n# $  .#\n#     #\n#######\n"
TO_DEATH = "dRurD"


@pytest.fixture
def engine() -> Iterator[GameEngine]:
    for made in headless_engine(InstantSolver()):
        made.context.session.open(read_collection_text(DEAD_END), LevelFile("dead.xsb"))
        yield made


def open_level(engine: GameEngine, state: PlayState | None = None) -> PlayScene:
    engine.push(MainMenuScene(engine, MainMenuScreen()))
    play = PlayScene(engine, PlayScreen(0, state=state))
    engine.push(play)
    settle_all(engine)
    return play


def settle_all(engine: GameEngine) -> None:
    """Frames until the moves are done and the solver's help has had its say."""
    settle(engine)
    engine.run_frames(30)


def says_lost(play: PlayScene) -> bool:
    status = play.model.assist.status()
    return play.model.assist.phase is Phase.UNSOLVABLE or (
        status is not None and status.tone is Tone.DANGER
    )


def go_lost(engine: GameEngine, play: PlayScene) -> None:
    engine.clipboard.put(TO_DEATH)
    press(engine, pygame.K_v, CTRL)
    settle_all(engine)
    assert play.model.state.lurd() == TO_DEATH
    assert says_lost(play)


def hint_refused(engine: GameEngine, play: PlayScene) -> bool:
    press(engine, pygame.K_h, SHIFT)
    settle_all(engine)
    notice = play.model.controller.notice
    return notice is not None and notice.tone is Tone.DANGER


def test_a_restart_says_nothing_of_the_lost_position_before(engine: GameEngine) -> None:
    play = open_level(engine)
    go_lost(engine, play)
    press(engine, pygame.K_r)
    settle_all(engine)
    assert play.model.state.move_count == 0
    assert not says_lost(play)
    assert not hint_refused(engine, play)
    assert play.model.assist.hint is not None


def test_an_undo_of_the_fatal_push_says_the_game_is_saved(engine: GameEngine) -> None:
    play = open_level(engine)
    go_lost(engine, play)
    press(engine, pygame.K_u)
    settle_all(engine)
    assert play.model.state.lurd() == TO_DEATH[:-1]
    assert not says_lost(play)
    assert not hint_refused(engine, play)


def test_pasted_moves_from_a_lost_game_are_judged_afresh(engine: GameEngine) -> None:
    play = open_level(engine)
    go_lost(engine, play)
    engine.clipboard.put("dRu")
    press(engine, pygame.K_v, CTRL)
    settle_all(engine)
    assert play.model.state.lurd() == "dRu"
    assert not says_lost(play)


def test_a_loaded_game_is_judged_by_its_own_position(engine: GameEngine) -> None:
    lost = open_level(engine)
    go_lost(engine, lost)
    engine.open_stack([])
    fresh = open_level(engine)
    assert not says_lost(fresh)
    saved = PlayState(fresh.model.level)
    for letter in TO_DEATH:
        assert saved.step(Direction.from_letter(letter)).moved
    engine.open_stack([])
    resumed = open_level(engine, saved)
    assert says_lost(resumed)
    press(engine, pygame.K_r)
    settle_all(engine)
    assert not says_lost(resumed)


def test_reverse_play_and_back_keep_the_forward_verdict_true(engine: GameEngine) -> None:
    play = open_level(engine)
    go_lost(engine, play)
    press(engine, pygame.K_F8)
    settle_all(engine)
    assert play.model.controller.reverse.active
    press(engine, pygame.K_F8)
    settle_all(engine)
    assert not play.model.controller.reverse.active
    assert says_lost(play)  # the forward position is the same lost one
    press(engine, pygame.K_r)
    settle_all(engine)
    press(engine, pygame.K_F8)
    settle_all(engine)
    press(engine, pygame.K_F8)
    settle_all(engine)
    assert not says_lost(play)


def test_a_selected_box_is_let_go_by_a_restart_an_undo_and_a_hint(engine: GameEngine) -> None:
    play = open_level(engine)
    box = play.model.level.board.index(2, 2)
    click(engine, centre_of(play, 2, 2))
    settle_all(engine)
    assert play.model.controller.selected_box == box
    press(engine, pygame.K_RIGHT)
    settle_all(engine)
    press(engine, pygame.K_u)
    settle_all(engine)
    assert play.model.controller.selected_box is None
    click(engine, centre_of(play, 2, 2))
    settle_all(engine)
    assert play.model.controller.selected_box == box
    press(engine, pygame.K_h, SHIFT)
    settle_all(engine)
    assert play.model.assist.hint is not None
    assert play.model.controller.selected_box is None
