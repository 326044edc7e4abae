"""The scene base class: lifecycle hooks the engine calls as scenes enter and leave its stack.

Only the top scene gets events and logic ticks; scenes below an overlay are still drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import pygame

if TYPE_CHECKING:
    from game.engine.engine import GameEngine


class Scene:
    """One screen of the game. ``draw`` must not change any state: it may run any number of
    times between two logic ticks, or not at all."""

    # The name the scene is registered and opened by (engine.push_scene("play", ...)).
    name: ClassVar[str] = ""
    # An overlay is drawn over the scene below it, which stays visible but paused.
    overlay: ClassVar[bool] = False

    def __init__(self, engine: GameEngine) -> None:
        self.engine = engine

    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_exit(self) -> None:
        """Popped or replaced; the scene will not be used again."""

    def on_pause(self) -> None:
        """Another scene was pushed over this one."""

    def on_resume(self) -> None:
        """The scene above this one was popped."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event, delivered once a frame before the logic ticks."""

    def show_key_help(self) -> bool:
        """F1: show this screen's keys; False leaves the key to ``handle_event``."""
        return False

    def on_file_dropped(self, path: str) -> None:
        """A file was dropped on the window."""

    def update(self, dt: float) -> None:
        """One logic tick of ``dt`` seconds (always the engine's fixed tick)."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Render; ``alpha`` (0..1) is how far time has gone from the last tick to the next."""

    def draw_keys(self, surface: pygame.Surface) -> None:
        """The key bar: drawn for the top scene only, so an overlay's keys stand alone."""

    def is_busy(self) -> bool:
        """Something moves or counts down: the engine ticks and draws every frame meanwhile.

        A scene that is not busy is drawn only after input or when ``picture_key`` changes.
        """
        return False

    def picture_key(self) -> object:
        """What the screen shows that changes without input (a clock's second, a blinking
        caret, the solver's status); the engine draws again when it changes."""
        return None

    def is_idle(self) -> bool:
        """Nothing moving and no input waiting: replays feed the next move only then."""
        return True


SceneFactory = Callable[..., Scene]


class SceneRegistry:
    """Scene classes by name, registered at start-up, so that no screen imports another."""

    def __init__(self) -> None:
        self._factories: dict[str, SceneFactory] = {}

    def register(self, name: str, factory: SceneFactory) -> None:
        if name in self._factories:
            raise ValueError(f"a scene named {name!r} is registered already")
        self._factories[name] = factory

    def make(self, engine: GameEngine, name: str, *args: object, **kwargs: object) -> Scene:
        """A new scene of the kind registered as ``name``; KeyError names an unknown one."""
        factory = self._factories.get(name)
        if factory is None:
            raise KeyError(f"no scene is registered as {name!r}")
        return factory(engine, *args, **kwargs)
