"""The game's look in one place: the colour palette and the cached fonts.

Screens and sprites take every colour from here so that the whole game stays one coherent theme.
"""

from __future__ import annotations

import pygame

from game.app.notice import Tone

Color = tuple[int, int, int]

# Screens: a deep night-blue backdrop with raised panels.
BACKGROUND: Color = (17, 19, 33)
BACKGROUND_ALT: Color = (25, 28, 48)
PANEL: Color = (34, 38, 64)
PANEL_LIGHT: Color = (48, 54, 88)
PANEL_BORDER: Color = (76, 86, 140)
SHADOW: Color = (6, 7, 14)

# Text and signals.
TEXT: Color = (238, 240, 250)
TEXT_DIM: Color = (148, 156, 190)
TEXT_DARK: Color = (22, 24, 40)
ACCENT: Color = (255, 196, 70)
ACCENT_ALT: Color = (86, 214, 240)
SELECTION: Color = (255, 214, 110)
GOOD: Color = (98, 222, 140)
WARNING: Color = (255, 158, 64)
DANGER: Color = (240, 86, 100)

# Board tiles.
FLOOR: Color = (52, 58, 88)
FLOOR_LIGHT: Color = (62, 69, 103)
FLOOR_DARK: Color = (40, 45, 70)
WALL: Color = (82, 93, 152)
WALL_LIGHT: Color = (126, 138, 204)
WALL_DARK: Color = (46, 52, 94)
WALL_MORTAR: Color = (30, 33, 60)
GOAL: Color = (86, 214, 240)
GOAL_GLOW: Color = (40, 120, 150)

# Crates: warm wood, and emerald once they stand on a goal.
CRATE: Color = (214, 146, 66)
CRATE_LIGHT: Color = (244, 190, 108)
CRATE_DARK: Color = (140, 84, 34)
CRATE_OUTLINE: Color = (66, 36, 16)
CRATE_DONE: Color = (72, 196, 120)
CRATE_DONE_LIGHT: Color = (150, 240, 170)
CRATE_DONE_DARK: Color = (34, 120, 72)
CRATE_DONE_OUTLINE: Color = (12, 56, 34)

# The player: a coral character with white eyes.
PLAYER: Color = (246, 96, 112)
PLAYER_LIGHT: Color = (255, 158, 164)
PLAYER_DARK: Color = (170, 48, 70)
PLAYER_OUTLINE: Color = (60, 16, 30)
EYE: Color = (250, 250, 255)
PUPIL: Color = (24, 26, 44)



class _FontCache:
    """Fonts by (size, bold); emptied when pygame shuts down, as fonts do not survive it."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._quit_hook_registered = False

    def get(self, size: int, bold: bool) -> pygame.font.Font:
        if not pygame.font.get_init():
            pygame.font.init()
            self._fonts.clear()
        if not self._quit_hook_registered:
            pygame.register_quit(self._forget)
            self._quit_hook_registered = True
        key = (max(1, size), bold)
        cached = self._fonts.get(key)
        if cached is None:
            cached = _load_font(*key)
            self._fonts[key] = cached
        return cached

    def _forget(self) -> None:
        # pygame empties its list of quit hooks after calling them, so register again next time.
        self._fonts.clear()
        self._quit_hook_registered = False


def _load_font(size: int, bold: bool) -> pygame.font.Font:
    try:
        loaded = pygame.font.Font(None, size)
    except (OSError, pygame.error):
        loaded = pygame.font.SysFont(None, size)
    loaded.set_bold(bold)
    return loaded


_FONTS = _FontCache()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at ``size`` pixels, made once and reused; needs no display."""
    return _FONTS.get(size, bold)


# The colour of each tone of news (a notice, the solver's status line, a menu's note).
TONE_COLOURS: dict[Tone, Color] = {
    Tone.INFO: ACCENT_ALT,
    Tone.GOOD: GOOD,
    Tone.WARNING: WARNING,
    Tone.DANGER: DANGER,
    Tone.GUIDE: ACCENT,
    Tone.QUIET: TEXT_DIM,
}
