"""The scene stack: screens opened by their typed arguments, paused under the ones above them.

Only the top scene gets events and logic ticks; an overlay leaves the scenes under it in view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.app.screens import Screen
from game.app.shown import Shown
from game.engine.scene import Scene, SceneRegistry

if TYPE_CHECKING:
    from game.engine.engine import GameEngine


class SceneStack:
    """The scenes open, bottom first; the engine runs the top one."""

    def __init__(self, engine: GameEngine) -> None:
        self._engine = engine
        self.registry = SceneRegistry()
        self._scenes: list[Scene[Any]] = []
        # Set whenever the stack changes: the engine draws the new top at once.
        self.changed = True

    @property
    def top(self) -> Scene[Any] | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene[Any], ...]:
        return tuple(self._scenes)

    def top_screen(self) -> Screen | None:
        """What the top scene was opened with."""
        top = self.top
        return top.screen if top is not None else None

    def make(self, screen: Screen) -> Scene[Any]:
        """A new scene showing ``screen``, not yet on the stack."""
        return self.registry.make(self._engine, screen)

    def open(self, screen: Screen) -> None:
        """Open ``screen`` over the current one."""
        self.push(self.make(screen))

    def open_stack(self, screens: Sequence[Screen]) -> None:
        """Leave every scene (a level being played saves itself), then open ``screens``."""
        self.reset([])
        self.reset([self.make(screen) for screen in screens])

    def push(self, scene: Scene[Any]) -> None:
        if self._scenes:
            self._scenes[-1].on_pause()
        self._scenes.append(scene)
        scene.on_enter()
        self.changed = True

    def pop(self) -> Scene[Any] | None:
        """Remove the top scene; with none left the loop ends."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        self.changed = True
        if self._scenes:
            self._scenes[-1].on_resume()
        return scene

    def replace(self, scene: Scene[Any]) -> None:
        """Swap the top scene for ``scene``; the one below is not resumed in between."""
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()
        self.changed = True

    def reset(self, scenes: Iterable[Scene[Any]]) -> None:
        """Leave every scene and build a new stack, bottom first."""
        while self._scenes:
            self._scenes.pop().on_exit()
        for scene in scenes:
            self.push(scene)
        self.changed = True

    def close_all(self) -> None:
        """Leave every scene, top first (shutting down)."""
        while self._scenes:
            self._scenes.pop().on_exit()

    def draw(self, surface: pygame.Surface, alpha: float, shown: Shown[Any] | None) -> None:
        """Draw the top scene (from ``shown``, if it was made already) and, under an overlay,
        the scenes it covers (paused, alpha 0)."""
        scenes = self.scenes
        if not scenes:
            return
        base = len(scenes) - 1
        while base > 0 and scenes[base].overlay:
            base -= 1
        top = len(scenes) - 1
        for index in range(base, top + 1):
            scene = scenes[index]
            if index == top:
                scene.draw(surface, shown or scene.shown(), alpha)
            else:
                scene.draw_covered(surface, scene.shown())
        scenes[top].draw_keys(surface)
