"""The Random level screen: a level made off the main loop, kept in My levels, played; Esc stops
the making at once.
"""

from __future__ import annotations

import time
from dataclasses import replace

import pygame
import pytest

from game.app import navigation, random_level
from game.app.jobs.job_driver import JobDriver
from game.app.jobs.jobs import Purpose
from game.app.jobs.ready_levels import ReadyLevels, clock_seed
from game.app.screens import PlayScreen, RandomLevelScreen
from game.cli.common import CliError
from game.cli.scripted import run_until_still
from game.core.level import Level
from game.core.xsb import parse_level
from game.engine.engine import GameEngine
from game.engine.input_script import InputScript, parse_script
from game.levelgen.batch import Request
from game.levelgen.cells import Cell, cells_of
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.play import PlayScene
from game.scenes.random_level import RandomLevelScene
from game.solver import solve
from game.solver.result import CancelCheck
from game.storage import user_levels
from tests.engine.harness import play_moves, press


def wait_for(engine: GameEngine, scene: RandomLevelScene, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while scene.model.making is not None and time.monotonic() < deadline:
        engine.run_frames(1)
        time.sleep(0.01)


def test_a_random_level_is_made_kept_and_played(engine: GameEngine) -> None:
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.model.difficulty, scene.model.size = 1, 0
    scene.model.next_seed = lambda: 7  # a seed known to give a one-star level
    scene.model.menu.select(2)
    press(engine, pygame.K_RETURN)  # Generate
    # A small level may already be made within that one frame: its job is then gone.
    assert scene.model.making is not None or scene.model.level is not None
    wait_for(engine, scene)
    assert scene.model.level is not None, scene.model.message
    assert dict(scene.model.level.extra)["Stars"] == "1"
    scene.model.menu.select(1)
    press(engine, pygame.K_RETURN)  # Keep in My levels
    kept = user_levels.load(user_levels.DEFAULT_COLLECTION)
    assert [level.title for level in kept.levels] == [scene.model.level.title]
    scene.model.menu.select(0)
    press(engine, pygame.K_RETURN)  # Play it
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.level.board == scene.model.level.board


def test_a_level_made_ahead_for_the_cell_opens_at_once(engine: GameEngine) -> None:
    engine.ready_levels = ReadyLevels(engine.jobs, next_seed=lambda: 7)
    engine.ready_levels.start()
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.model.difficulty, scene.model.size = 1, 0
    small = cells_of(1)[0]
    scene.model.menu.select(2)
    press(engine, pygame.K_RETURN)  # none ready: made now, and one asked for ahead
    wait_for(engine, scene)
    made_now = scene.model.level
    assert made_now is not None
    deadline = time.monotonic() + 60
    while not engine.ready_levels.ready(small):
        assert time.monotonic() < deadline
        engine.run_frames(1)  # the job driver hands the level made ahead over in a tick
        time.sleep(0.05)
    scene.model.menu.select(2)
    press(engine, pygame.K_RETURN)  # Make another
    # No job: the ready one, at once.
    assert scene.model.making is None and scene.model.level is not made_now
    level = scene.model.level
    assert level is not None
    assert dict(level.extra)["Stars"] == "1"
    assert level.title == small.level_title(7, level.width, level.height)
    assert level.width <= small.width and len(level.boxes) == small.boxes


class OneReady(ReadyLevels):
    """Says one cell has a level made ahead, and makes nothing."""

    def __init__(self, cell: Cell) -> None:
        super().__init__(JobDriver())
        self.cell = cell

    def ready(self, cell: Cell) -> bool:
        return cell == self.cell


def test_changing_the_difficulty_goes_to_the_size_made_ahead(engine: GameEngine) -> None:
    medium, large = cells_of(4)[0], cells_of(4)[1]
    assert (medium.size, large.size) == ("Medium", "Large")
    engine.ready_levels = OneReady(large)
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.model.difficulty, scene.model.size = 3, 1  # Medium, which 4 stars offers too
    assert scene.model.cell().size == "Medium"
    press(engine, pygame.K_RIGHT)  # the Difficulty row: 4 stars
    assert scene.model.difficulty == 4 and scene.model.cell() == large
    press(engine, pygame.K_LEFT)  # 3 stars has none made ahead: the size stays
    assert scene.model.difficulty == 3 and scene.model.cell().size == "Large"


def test_esc_stops_the_making_at_once(engine: GameEngine) -> None:
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.model.difficulty, scene.model.size = 5, 3
    scene.model.menu.select(2)
    press(engine, pygame.K_RETURN)
    assert engine.jobs.busy(scene.model, Purpose.LEVEL)
    press(engine, pygame.K_ESCAPE)
    assert scene.model.making is None and engine.top is scene and "Stopped" in scene.model.message
    assert not engine.jobs.busy(scene.model)
    press(engine, pygame.K_ESCAPE)
    assert engine.top is not scene


def test_an_input_script_with_no_wait_plays_the_level_it_generates(engine: GameEngine) -> None:
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.model.difficulty = 1
    scene.model.next_seed = lambda: 7  # a seed known to give a one-star level
    # Generate, then at once Play it and a step: the script waits while the level is made.
    script = InputScript(parse_script("key down\nkey down\nkey return\nkey return\nkey left\n"))
    engine.add_input_source(script)
    run_until_still(engine, script, None)
    play = engine.top
    assert script.problem is None
    assert isinstance(play, PlayScene) and scene.model.level is not None
    assert play.model.level.board == scene.model.level.board and play.model.state.move_count == 1


def test_an_input_script_gives_up_on_work_past_its_bound(
    engine: GameEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def endless(_request: Request, cancelled: CancelCheck, _report: object) -> list[Level]:
        # Work far longer than the bound, until stopped: a real level's time depends on its
        # seed and the machine (this test failed once in a full run of the suite, 2026-12-05,
        # not seen again), and ending after 10 s makes a script that never gives up fail here.
        ends = time.monotonic() + 10.0
        while not cancelled() and time.monotonic() < ends:
            time.sleep(0.01)
        return []

    monkeypatch.setattr(random_level, "generate_levels", endless)
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    script = InputScript(parse_script("key down\nkey down\nkey return\nkey return\n"), 0.2)
    engine.add_input_source(script)
    with pytest.raises(CliError, match=r"gave up waiting for a random level after 0\.2 s"):
        run_until_still(engine, script, None)
    assert engine.top is scene


def test_seeds_asked_for_in_the_same_millisecond_differ() -> None:
    # The menu and the levels made ahead ask for a seed at once; one seed would make one level.
    seeds = [clock_seed() for _ in range(300)]
    assert len(set(seeds)) == len(seeds)


class AlwaysReady(ReadyLevels):
    """Has a level made ahead for every cell, numbered by the seed it stands for."""

    def __init__(self) -> None:
        super().__init__(JobDriver())
        self.handed = 0

    def take(self, cell: Cell) -> Level | None:
        self.handed += 1
        return replace(parse_level(["#####", "#@$.#", "#####"]), title=f"made {self.handed}")


def test_make_another_keeps_the_cursor_on_make_another(engine: GameEngine) -> None:
    engine.ready_levels = AlwaysReady()
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.model.menu.select(2)
    press(engine, pygame.K_RETURN)  # Generate
    assert scene.model.level is not None and scene.model.level.title == "made 1"
    assert scene.model.menu.current.label == "Play it"
    scene.model.menu.select(2)
    press(engine, pygame.K_RETURN)  # Make another
    assert scene.model.level is not None and scene.model.level.title == "made 2"
    assert scene.model.menu.current.label == "Make another"
    press(engine, pygame.K_RETURN)  # and Enter again makes the next
    assert scene.model.level is not None and scene.model.level.title == "made 3"


def test_the_menu_remembers_the_difficulty_and_size(engine: GameEngine) -> None:
    engine.ready_levels = AlwaysReady()
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    press(engine, pygame.K_RIGHT)  # 3 stars
    press(engine, pygame.K_RIGHT)  # 4 stars
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RIGHT)  # a larger size
    chosen = scene.model.cell()
    press(engine, pygame.K_DOWN)
    press(engine, pygame.K_RETURN)  # Generate
    press(engine, pygame.K_ESCAPE)
    again = RandomLevelScene(engine, RandomLevelScreen())
    assert again.model.cell() == chosen and chosen.stars == 4


def test_a_level_made_says_its_own_size(engine: GameEngine) -> None:
    # A level's walls are trimmed to its rooms: "Medium 11x8" may make a 7x8 board, so the
    # menu says "up to" and the title gives the size it came out.
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.model.difficulty, scene.model.size = 2, 1
    assert scene.model.size_label().startswith("Medium, up to 11x8")
    scene.model.next_seed = lambda: 1  # a seed known to make a 6x7 level here
    scene.model.menu.select(2)
    press(engine, pygame.K_RETURN)
    wait_for(engine, scene)
    level = scene.model.level
    assert level is not None
    assert level.title.startswith(f"Random {level.width}x{level.height}, 2 stars")


def test_a_solved_random_level_offers_another_and_goes_back_to_the_generator(
    engine: GameEngine,
) -> None:
    """Its result screen makes another or goes back to the generator, and the collection
    played before stays the one Continue and the menus speak of."""
    before = engine.context.session.collection
    engine.open(PlayScreen(0))
    play_moves(engine, "d")
    navigation.leave_level(engine)  # Continue now resumes this game
    kept = engine.context.progress.load_session()
    assert kept is not None and kept.history == "d"
    scene = RandomLevelScene(engine, RandomLevelScreen())
    engine.push(scene)
    scene.model.difficulty, scene.model.size = 1, 0
    scene.model.next_seed = lambda: 7
    scene.model.menu.select(2)
    press(engine, pygame.K_RETURN)  # Generate
    wait_for(engine, scene)
    assert scene.model.level is not None
    scene.model.menu.select(0)
    press(engine, pygame.K_RETURN)  # Play it
    assert engine.context.session.is_random
    solution = solve(scene.model.level, time_limit=20)
    play_moves(engine, solution.lurd)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    labels = [item.label for item in complete.model.menu.choices]
    assert labels[0] == "Make another" and labels[-1] == "Back to the generator"
    assert engine.context.progress.load_session() == kept  # Continue is not the random level
    complete.model.menu.select(len(labels) - 1)
    press(engine, pygame.K_RETURN)
    assert engine.top is scene
    assert engine.context.session.collection is before
    scene.model.menu.select(0)
    press(engine, pygame.K_RETURN)  # Play it again
    play_moves(engine, solution.lurd)
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    complete.model.menu.select(0)
    press(engine, pygame.K_RETURN)  # Make another
    again = engine.top
    assert isinstance(again, RandomLevelScene) and again is not scene
    assert again.model.making is not None or again.model.level is not None
    assert engine.context.session.collection is before
