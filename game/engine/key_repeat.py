"""Held keys that repeat on the screens that ask for it (menus, lists, the editor's cursor):
counted in logic ticks from the press, so a rest before the press never counts toward it.

SDL's own key repeat is off: it would fire by the operating system's clock, between ticks.
The play screen repeats its moves itself, in step with the player's walk.
"""

from __future__ import annotations

import pygame

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
    """The key held last, and when its press is due again."""

    def __init__(self) -> None:
        self._held: dict[int, pygame.event.Event] = {}
        self._wait = 0

    @property
    def holding(self) -> bool:
        return bool(self._held)

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

    def tick(self) -> pygame.event.Event | None:
        """One logic tick: the press to deliver again, if one is due."""
        if not self._held:
            return None
        self._wait -= 1
        if self._wait > 0:
            return None
        self._wait = REPEAT_INTERVAL_TICKS
        return next(reversed(self._held.values()))
