"""Background news wakes the resting loop: the real loop on a fake clock, with no input at all.

The editor's check is answered by a stand-in solver that wakes the loop as the service does.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app.editor.editor_check import SETTLE_TICKS, Verdict
from game.app.screens import EditorScreen, MessageScreen
from game.core.edit_grid import Grid
from game.engine import rest
from game.engine.engine import GameEngine
from game.engine.ticks import TICK_SECONDS
from game.scenes.editor import EditorScene
from game.solver.result import SolveResult, SolveStatus
from tests.app.fake_solver import FakeSolver
from tests.engine.harness import headless_engine
from tests.engine.realtime import SimulatedClock

ROOM = ["#######", "#@ $ .#", "#     #", "#######"]


@pytest.fixture
def clock() -> SimulatedClock:
    return SimulatedClock()


@pytest.fixture
def solver() -> FakeSolver:
    return FakeSolver()


@pytest.fixture
def engine(solver: FakeSolver, clock: SimulatedClock) -> Iterator[GameEngine]:
    """The engine on the fake clock, with a stand-in solver that answers when the test says."""
    yield from headless_engine(solver, clock)


@pytest.fixture
def checked_editor(
    engine: GameEngine, solver: FakeSolver
) -> Iterator[tuple[EditorScene, FakeSolver]]:
    engine.open(EditorScreen(Grid.from_rows(ROOM)))
    scene = engine.top
    assert isinstance(scene, EditorScene)
    yield scene, solver


def test_an_answer_that_comes_while_the_loop_rests_is_drawn_within_a_tick(
    engine: GameEngine, clock: SimulatedClock, checked_editor: tuple[EditorScene, FakeSolver]
) -> None:
    scene, solver = checked_editor
    # Resting, the editor's edits settle and its check goes to the solver.
    engine.run(max_frames=8)
    assert solver.requests and scene.model.view().verdict is Verdict.WAITING
    assert engine.can_rest()
    drawn = engine.drawn_frames

    def arrive() -> None:
        solver.answer(SolveResult(SolveStatus.SOLVED, "rRR", 3, 2))
        engine.rest.wake()  # what the service does from its thread

    arrival = clock.now + 0.1
    clock.at(arrival, arrive)
    engine.run(max_frames=1)
    assert clock.now - arrival <= TICK_SECONDS + 1e-9
    assert scene.model.view().verdict is Verdict.SOLVABLE
    assert engine.drawn_frames == drawn + 1


def test_with_no_news_the_loop_rests_without_drawing(
    engine: GameEngine, clock: SimulatedClock, checked_editor: tuple[EditorScene, FakeSolver]
) -> None:
    engine.run(max_frames=8)
    drawn, started = engine.drawn_frames, clock.now
    engine.run(max_frames=8)
    # Eight rests of a quarter second each, and nothing new to show.
    assert clock.now - started >= 8 * rest.REST_WAKE_SECONDS - 1e-9
    assert engine.drawn_frames == drawn
    # A wake-up whose news changes nothing on screen (a search's progress) draws nothing.
    engine.rest.wake()
    engine.run(max_frames=1)
    assert engine.drawn_frames == drawn


def test_a_hidden_window_rests_longer_and_is_not_drawn(
    engine: GameEngine, clock: SimulatedClock, checked_editor: tuple[EditorScene, FakeSolver]
) -> None:
    scene, solver = checked_editor
    engine.run(max_frames=8)
    engine.rest.visible = False
    drawn, started = engine.drawn_frames, clock.now
    solver.answer(SolveResult(SolveStatus.SOLVED, "rRR", 3, 2))
    engine.run(max_frames=2)
    assert clock.now - started >= 2 * rest.AWAY_WAKE_SECONDS - 1e-9
    assert scene.model.view().verdict is Verdict.SOLVABLE
    assert engine.drawn_frames == drawn


def test_a_dialog_over_the_editor_leaves_its_check_running(
    engine: GameEngine, checked_editor: tuple[EditorScene, FakeSolver]
) -> None:
    scene, solver = checked_editor
    engine.run_frames(SETTLE_TICKS + 2)
    assert len(solver.requests) == 1 and scene.model.view().verdict is Verdict.WAITING
    engine.open(MessageScreen("Note", "A dialog over the editor"))
    engine.run_frames(3)
    engine.pop()
    engine.run_frames(3)
    # The check was not started again, and its answer still counts.
    assert len(solver.requests) == 1 and solver.cancels == 0
    solver.answer(SolveResult(SolveStatus.SOLVED, "rRR", 3, 2))
    engine.run_frames(1)
    assert scene.model.view().verdict is Verdict.SOLVABLE
