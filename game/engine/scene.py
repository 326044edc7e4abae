"""The scene base class: lifecycle hooks the engine calls as scenes enter and leave its stack.

Only the top scene gets events and logic ticks; scenes below an overlay are still drawn.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic

import pygame

from game.app.screens import Screen
from game.app.shown import Shown, ViewT

if TYPE_CHECKING:
    from game.engine.engine import GameEngine



class Scene(Generic[ViewT]):
    """One screen of the game: input in, through its model, and a view model out.

    ``shown`` makes the screen's view model from its model, ``draw`` draws it and must not
    change any state: it may run any number of times between two logic ticks, or not at all.
    The engine draws exactly when what ``shown`` returns changes.
    """

    # An overlay is drawn over the scene below it, which stays visible but paused.
    overlay: ClassVar[bool] = False

    def __init__(self, engine: GameEngine, screen: Screen) -> None:
        self.engine = engine
        # What the scene was opened with.
        self.screen = screen

    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_exit(self) -> None:
        """Popped or replaced; the scene will not be used again."""

    def on_pause(self) -> None:
        """Another scene was pushed over this one."""

    def on_resume(self) -> None:
        """The scene above this one was popped."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event, delivered once a frame before the last of its logic ticks."""

    def repeats(self, key: int) -> bool:
        """Whether ``key``, held, is pressed again and again (game.engine.key_repeat)."""
        return False

    def show_key_help(self) -> bool:
        """F1: show this screen's keys; False leaves the key to ``handle_event``."""
        return False

    def on_file_dropped(self, path: str) -> None:
        """A file was dropped on the window."""

    def update(self, dt: float) -> None:
        """One logic tick of ``dt`` seconds (always the engine's fixed tick)."""

    def shown(self) -> Shown[ViewT]:
        """What the screen shows now: its view model, made from its model's state."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, shown: Shown[ViewT], alpha: float) -> None:
        """Render ``shown``; ``alpha`` (0..1) is how far time has gone from the last tick to
        the next."""

    def draw_keys(self, surface: pygame.Surface) -> None:
        """The key bar: drawn for the top scene only, so an overlay's keys stand alone."""

    def draw_covered(self, surface: pygame.Surface, shown: Shown[ViewT]) -> None:
        """Render ``shown`` under an overlay (paused, alpha 0), where no key of this scene's
        works: a scene with a key bar clears its band."""
        self.draw(surface, shown, 0.0)


# A scene class: made with the engine and the screen it shows (each takes its own kind).
SceneClass = Callable[["GameEngine", Any], "Scene[Any]"]


class SceneRegistry:
    """The scene class that shows each kind of screen, by the dotted path of its module, so that
    no screen imports another and each scene's module is imported when it is first opened."""

    def __init__(self) -> None:
        self._paths: dict[type[Screen], str] = {}
        self._classes: dict[type[Screen], SceneClass] = {}

    def register(self, kind: type[Screen], path: str) -> None:
        """Show screens of ``kind`` with the scene class at ``path`` ("package.module:Class"),
        made as ``Class(engine, screen)``."""
        if kind in self._paths:
            raise ValueError(f"a scene is registered already for {kind.__name__}")
        self._paths[kind] = path

    def scene_class(self, kind: type[Screen]) -> SceneClass:
        """The scene class of ``kind``, imported now if it was not yet; KeyError if none."""
        found = self._classes.get(kind)
        if found is None:
            path = self._paths.get(kind)
            if path is None:
                raise KeyError(f"no scene is registered for {kind.__name__}")
            module, _, name = path.partition(":")
            found = getattr(importlib.import_module(module), name)
            self._classes[kind] = found
        return found

    def make(self, engine: GameEngine, screen: Screen) -> Scene[Any]:
        """A new scene showing ``screen``."""
        return self.scene_class(type(screen))(engine, screen)

    def kinds(self) -> list[type[Screen]]:
        return list(self._paths)
