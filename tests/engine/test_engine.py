"""The engine: fixed ticks with catch-up cap, interpolation fraction, the scene stack, services.

A recording scene shows what the engine calls, and when.
"""

from __future__ import annotations

import pygame
import pytest

from game.app.screens import MessageScreen
from game.app.shown import Shown
from game.audio.sound import SoundService
from game.engine.engine import GameEngine
from game.engine.scene import Scene
from game.engine.ticks import MAX_CATCH_UP_TICKS, TICK_SECONDS
from tests.app.fake_solver import FakeSolver


class Recorder(Scene[object]):
    """A scene that writes down every call the engine makes."""

    def __init__(self, engine: GameEngine, name: str, log: list[str]):
        super().__init__(engine, MessageScreen(name, "a scene that records"))
        self.label = name
        self.log = log
        self.alphas: list[float] = []
        self.ticks = 0
        self.events: list[int] = []
        self.dropped: list[str] = []
        # A moving scene is drawn every frame; a still one only when something changed.
        self.busy = True
        self.key: object = None

    def shown(self) -> Shown[object]:
        return Shown(self.key, moving=self.busy)

    def on_enter(self) -> None:
        self.log.append(f"{self.label}.enter")

    def on_exit(self) -> None:
        self.log.append(f"{self.label}.exit")

    def on_pause(self) -> None:
        self.log.append(f"{self.label}.pause")

    def on_resume(self) -> None:
        self.log.append(f"{self.label}.resume")

    def update(self, dt: float) -> None:
        assert dt == TICK_SECONDS
        self.ticks += 1

    def draw(self, surface: pygame.Surface, shown: Shown[object], alpha: float) -> None:
        self.alphas.append(alpha)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.events.append(event.type)

    def on_file_dropped(self, path: str) -> None:
        self.dropped.append(path)



class Cover(Recorder):
    """A recording overlay: drawn over the scene below it."""

    overlay = True

def test_logic_ticks_at_a_fixed_rate_whatever_the_frame_rate(engine: GameEngine) -> None:
    scene = Recorder(engine, "a", [])
    engine.push(scene)
    engine.run_frames(30, frame_seconds=1 / 30)
    assert scene.ticks == 60
    scene.ticks = 0
    engine.run_frames(120, frame_seconds=1 / 120)
    assert scene.ticks == 60
    assert len(scene.alphas) == 150
    assert all(0.0 <= alpha <= 1.0 for alpha in scene.alphas)
    # Half a tick left over between ticks at 120 frames a second.
    assert any(abs(alpha - 0.5) < 1e-6 for alpha in scene.alphas[-120:])


def test_a_still_screen_is_drawn_only_when_something_changes(engine: GameEngine) -> None:
    scene = Recorder(engine, "a", [])
    scene.busy = False
    engine.push(scene)
    drawn = engine.drawn_frames
    engine.run_frames(60)
    assert engine.drawn_frames == drawn + 1
    assert scene.ticks == 60  # logic keeps its fixed tick
    assert engine.can_rest()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0))
    assert not engine.can_rest()
    engine.run_frames(10)
    # Input that changes nothing the screen shows draws nothing: what it shows decides.
    assert engine.drawn_frames == drawn + 1
    scene.key = "the clock shows 0:01"
    engine.run_frames(10)
    assert engine.drawn_frames == drawn + 2
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    engine.run_frames(1)
    assert engine.drawn_frames == drawn + 3  # the window itself asks to be drawn again
    scene.busy = True
    engine.run_frames(10)
    assert engine.drawn_frames == drawn + 13


def test_after_a_rest_every_owed_tick_runs(engine: GameEngine) -> None:
    scene = Recorder(engine, "a", [])
    scene.busy = False
    engine.push(scene)
    assert engine.step_frame(0.5, rested=True) == 30
    assert engine.ticks.dropped == 0


def test_catch_up_is_capped_after_a_stall(engine: GameEngine) -> None:
    scene = Recorder(engine, "a", [])
    engine.push(scene)
    ticks = engine.step_frame(2.0)
    assert ticks == MAX_CATCH_UP_TICKS
    assert engine.ticks.dropped > 0
    assert engine.step_frame(TICK_SECONDS) == 1


def test_scene_stack_calls_the_lifecycle_hooks_in_order(engine: GameEngine) -> None:
    log: list[str] = []
    first, second, third = (Recorder(engine, name, log) for name in "abc")
    engine.push(first)
    engine.push(second)
    engine.stack.replace(third)
    engine.pop()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "c.enter", "c.exit", "a.resume"]
    assert engine.top is first
    engine.pop()
    assert engine.top is None
    assert not engine.running


def test_only_the_top_scene_ticks_and_overlays_draw_over_the_scene_below(
    engine: GameEngine,
) -> None:
    log: list[str] = []
    base, cover = Recorder(engine, "base", log), Cover(engine, "cover", log)
    engine.push(base)
    engine.push(cover)
    engine.run_frames(3)
    assert base.ticks == 0 and cover.ticks == 3
    assert base.alphas == [0.0, 0.0, 0.0]
    assert len(cover.alphas) == 3


def test_events_reach_the_top_scene_and_quit_stops_the_loop(engine: GameEngine) -> None:
    scene = Recorder(engine, "a", [])
    engine.push(scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0))
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file="/tmp/levels.xsb"))
    engine.run_frames(1)
    assert pygame.KEYDOWN in scene.events
    assert scene.dropped == ["/tmp/levels.xsb"]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert engine.run_frames(5) == 1
    assert not engine.running


def test_one_engine_at_a_time(engine: GameEngine) -> None:
    with pytest.raises(RuntimeError):
        GameEngine((100, 100))


def test_shutdown_allows_a_new_engine() -> None:
    first = GameEngine((200, 150), sound_enabled=False)
    first.shutdown()
    second = GameEngine((200, 150), sound_enabled=False)
    assert second.top is None and not first.running
    second.shutdown()
    GameEngine((200, 150), sound_enabled=False).shutdown()


def test_every_screen_has_a_scene_that_is_opened_with_it() -> None:
    """The catalog pairs each screen with the scene whose constructor takes that screen."""
    from typing import get_type_hints

    from game.app import screens
    from game.engine.scene import SceneRegistry
    from game.scenes.catalog import SCENES

    kinds = {
        value
        for value in vars(screens).values()
        if isinstance(value, type) and issubclass(value, screens.Screen)
    }
    assert set(SCENES) == kinds - {screens.Screen}
    registry = SceneRegistry()
    for kind, path in SCENES.items():
        registry.register(kind, path)
        scene = registry.scene_class(kind)
        assert isinstance(scene, type) and issubclass(scene, Scene)
        assert get_type_hints(scene.__init__)["screen"] is kind, path


def test_the_engine_uses_the_services_it_is_given() -> None:
    sound = SoundService(enabled=False, volume=0.3)
    solver = FakeSolver()
    made = GameEngine((200, 150), solver=solver, sound=sound)
    try:
        assert made.sound is sound and made.solver is solver
    finally:
        made.shutdown()
    assert solver.cancels == 0 and not solver.jobs  # shut down, and never asked anything
