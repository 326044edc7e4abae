"""Player settings the engine applies: animation speed, sound volume and fullscreen.

The engine keeps them in the progress store (load_settings, save_settings) between sessions.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from game.core.problems import Problem, ProblemKind
from game.solver import METHODS
from game.solver.smt import missing_package

if TYPE_CHECKING:
    from game.storage.store import ProgressStore

SPEED_SETTING = "animation_speed"
SOLVE_METHOD_SETTING = "solve_method"
DEFAULT_SOLVE_METHOD = "fast"
VOLUME_SETTING = "volume"
FULLSCREEN_SETTING = "fullscreen"


class AnimationSpeed(Enum):
    """How long one step of the player takes on screen, in logic ticks; slowest first, so
    Right in the settings goes faster a step at a time."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"

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
    # The solver method Shift+S asks for (hints always use the fast portfolio).
    solve_method: str = DEFAULT_SOLVE_METHOD

    def change_volume(self, steps: int) -> None:
        """Move the volume by whole tenths, kept within 0..1."""
        self.volume = round(min(1.0, max(0.0, self.volume + steps * VOLUME_STEP)), 2)

    def load_from(self, store: ProgressStore) -> bool:
        """Take the speed and volume kept in ``store`` (a missing or unknown value keeps the
        current one); returns the fullscreen wish, which the window applies."""
        speed = store.get_setting(SPEED_SETTING, self.animation_speed.value)
        with contextlib.suppress(ValueError):  # a speed from another version of the game
            self.animation_speed = AnimationSpeed(speed)
        self.volume = min(1.0, max(0.0, store.get_setting(VOLUME_SETTING, self.volume)))
        method = store.get_setting(SOLVE_METHOD_SETTING, self.solve_method)
        if method in solve_methods():  # a method of another version, or one not installed here
            self.solve_method = method
        return store.get_setting(FULLSCREEN_SETTING, self.fullscreen)

    def save_to(self, store: ProgressStore) -> Problem | None:
        """Keep the settings in ``store``; None, or why they were not saved."""
        values: dict[str, str | float | bool] = {
            SPEED_SETTING: self.animation_speed.value,
            VOLUME_SETTING: self.volume,
            FULLSCREEN_SETTING: self.fullscreen,
            SOLVE_METHOD_SETTING: self.solve_method,
        }
        problems = [store.set_setting(key, value) for key, value in values.items()]
        unsaved = next((problem for problem in problems if problem is not None), None)
        return None if unsaved is None else Problem(ProblemKind.SETTINGS_NOT_SAVED, unsaved.detail)


def solve_methods() -> list[str]:
    """The methods the player may choose for Shift+S: every method that can run here (the SMT
    planners only when their optional package is installed)."""
    return [method for method in METHODS if not missing_package(method)]
