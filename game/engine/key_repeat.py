"""Held keys that repeat on the screens that ask for it (menus, lists, the editor's cursor):
counted in logic ticks from the press, so a rest before the press never counts toward it.

SDL's own key repeat is off: it would fire by the operating system's clock, between ticks.
The play screen repeats its moves itself, in step with the player's walk.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.engine.scene import Scene

# A held key waits a little longer than a tap lasts, then repeats about fifteen times a second.
REPEAT_DELAY_TICKS = 18
REPEAT_INTERVAL_TICKS = 4
# The keys that move through something: held, they go on moving.
MOVING_KEYS = frozenset(
    {
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_PAGEUP,
        pygame.K_PAGEDOWN,
        pygame.K_BACKSPACE,
        pygame.K_DELETE,
    }
)


class KeyRepeat:
    """The key held last, the scene it was pressed on, and when its press is due again."""

    def __init__(self) -> None:
        self._held: dict[int, pygame.event.Event] = {}
        self._wait = 0
        self._scene: Scene[Any] | None = None

    def follow(self, scene: Scene[Any], event: pygame.event.Event, top: Scene[Any] | None) -> None:
        """Keep track of the key ``scene``, which took ``event``, repeats while it is held, if
        it is still the ``top`` scene after it."""
        if event.type == pygame.KEYDOWN and scene is top and scene.repeats(event.key):
            if self._scene is not scene:
                self.clear()
            self._scene = scene
            self.press(event)
        elif event.type == pygame.KEYUP:
            self.release(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.clear()  # its release will go to another window

    def press(self, event: pygame.event.Event) -> None:
        """A press of a key that repeats: it is the one repeated now."""
        self._held.pop(event.key, None)
        self._held[event.key] = event
        self._wait = REPEAT_DELAY_TICKS

    def release(self, key: int) -> None:
        self._held.pop(key, None)

    def clear(self) -> None:
        """Nothing is held any more (another screen, or the window lost the focus)."""
        self._held.clear()

    def tick(self, scene: Scene[Any]) -> bool:
        """One logic tick of ``scene``, the top one: the held key's press is delivered to it
        again when it is due; whether it was."""
        if not self._held:
            return False
        if scene is not self._scene:
            self.clear()  # held on a screen that is gone or covered
            return False
        self._wait -= 1
        if self._wait > 0:
            return False
        self._wait = REPEAT_INTERVAL_TICKS
        scene.handle_event(next(reversed(self._held.values())))
        return True
