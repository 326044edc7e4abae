"""Drawing never changes anything: every screen drawn twice, at the smallest and a large window,
leaves its scene, its controllers and the play context exactly as they were."""

from __future__ import annotations

from collections import deque
from enum import Enum
from typing import Any

import pygame
import pytest

from game.app.editor.editor_commands import EditorCommand
from game.app.screens import EditorScreen, RandomLevelScreen
from game.core.edit_grid import Grid
from game.engine.engine import GameEngine
from game.engine.scene import Scene
from game.scenes.editor import EditorScene
from game.scenes.random_level import RandomLevelScene
from tests.scenes.test_scenes import every_scene

ROOM = ["#######", "#@ $ .#", "#  $ .#", "#######"]


def state_of(value: object, seen: set[int]) -> object:
    """Everything reachable from ``value`` as plain data: objects of the game by their fields,
    pygame surfaces by identity (a picture replaced while drawing shows), the engine left out."""
    if value is None or isinstance(value, (bool, int, float, str, bytes, Enum)):
        return value
    if isinstance(value, GameEngine):
        return "the engine"
    if isinstance(value, pygame.Surface):
        return ("surface", id(value), value.get_size())
    if isinstance(value, pygame.Rect):
        return ("rect", tuple(value))
    if id(value) in seen:
        return ("again", type(value).__name__)
    seen.add(id(value))
    if isinstance(value, (list, tuple, deque)):
        return [state_of(item, seen) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(repr(state_of(item, seen)) for item in value)
    if isinstance(value, dict):
        return [(repr(key), state_of(item, seen)) for key, item in value.items()]
    kind = type(value)
    if kind.__module__.startswith(("game.", "tests.")):
        fields = dict(vars(value)) if hasattr(value, "__dict__") else {}
        for name in getattr(kind, "__slots__", ()):
            if hasattr(value, name):
                fields[name] = getattr(value, name)
        return (kind.__qualname__, [(name, state_of(item, seen)) for name, item in fields.items()])
    return ("opaque", kind.__qualname__)


def snapshot(engine: GameEngine, scene: Scene[Any]) -> object:
    context = engine.context
    return state_of((scene, context.statistics, context.session, engine.settings), set())


def screens(engine: GameEngine) -> list[Scene[Any]]:
    return [
        *every_scene(engine),
        EditorScene(engine, EditorScreen(Grid.from_rows(ROOM))),
        RandomLevelScene(engine, RandomLevelScreen()),
    ]


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
def test_every_screen_draws_without_changing_anything(
    engine: GameEngine, size: tuple[int, int]
) -> None:
    engine.solver.think_ahead = False
    engine.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    for scene in screens(engine):
        engine.push(scene)
        engine.run_frames(3)
        if isinstance(scene, EditorScene):
            scene.model.handle(EditorCommand.DEAD)  # the dead squares drawn too
            engine.run_frames(1)
        before = snapshot(engine, scene)
        for alpha in (0.0, 0.5):
            engine.render(alpha)
        assert snapshot(engine, scene) == before, type(scene).__name__
