"""Feeding a LURD move string into the game as key presses, through the real event queue.

One move is posted whenever the top scene is idle, so every step is animated like a player's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.direction import Direction
from game.core.notation import parse_lurd

if TYPE_CHECKING:
    from game.engine.engine import GameEngine

DIRECTION_KEYS = {
    Direction.LEFT: pygame.K_LEFT,
    Direction.UP: pygame.K_UP,
    Direction.RIGHT: pygame.K_RIGHT,
    Direction.DOWN: pygame.K_DOWN,
}


def key_events(key: int, mod: int = 0, unicode: str = "") -> list[pygame.event.Event]:
    """A key press and release as SDL would deliver them."""
    fields = {"key": key, "mod": mod, "unicode": unicode, "scancode": 0}
    return [pygame.event.Event(pygame.KEYDOWN, fields), pygame.event.Event(pygame.KEYUP, fields)]


class KeyReplay:
    """An input source that presses the arrow key of each LURD letter in turn.

    The letter's case is not sent: the game decides from the board whether a step pushes.
    NotationError if the string is not LURD.
    """

    def __init__(self, lurd: str) -> None:
        self.moves = [Direction.from_letter(letter) for letter in parse_lurd(lurd)]
        self.sent = 0

    @property
    def finished(self) -> bool:
        return self.sent >= len(self.moves)

    def before_frame(self, engine: GameEngine) -> None:
        scene = engine.top
        if self.finished or scene is None or not scene.is_idle():
            return
        for event in key_events(DIRECTION_KEYS[self.moves[self.sent]]):
            pygame.event.post(event)
        self.sent += 1
