"""Player settings the engine applies: animation speed, sound volume and fullscreen.

The engine keeps them in the progress store (load_settings, save_settings) between sessions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class AnimationSpeed(Enum):
    """How long one step of the player takes on screen, in logic ticks."""

    INSTANT = "instant"
    FAST = "fast"
    NORMAL = "normal"
    SLOW = "slow"

    @property
    def ticks_per_step(self) -> int:
        return _TICKS_PER_STEP[self]

    @property
    def label(self) -> str:
        return self.value.capitalize()

    def cycled(self, offset: int) -> AnimationSpeed:
        members = list(AnimationSpeed)
        return members[(members.index(self) + offset) % len(members)]


_TICKS_PER_STEP = {
    AnimationSpeed.INSTANT: 0,
    AnimationSpeed.FAST: 4,
    AnimationSpeed.NORMAL: 7,
    AnimationSpeed.SLOW: 12,
}

VOLUME_STEP = 0.1


@dataclass
class Settings:
    """The settings of one player."""

    animation_speed: AnimationSpeed = AnimationSpeed.NORMAL
    volume: float = 0.6
    fullscreen: bool = False

    def change_volume(self, steps: int) -> None:
        """Move the volume by whole tenths, kept within 0..1."""
        self.volume = round(min(1.0, max(0.0, self.volume + steps * VOLUME_STEP)), 2)

    def reset(self) -> None:
        fresh = Settings()
        self.__dict__.update(fresh.__dict__)
