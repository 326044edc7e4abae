"""How big the interface is drawn: one factor from the window's size, for text and layouts.

Up to 1280x800 everything is drawn at its designed size (the layouts fit 640x480 by shrinking
their gaps); a larger window draws text, rows, cards and bars larger, up to 3x at 3840x2160.
"""

from __future__ import annotations

import pygame

# The window the layouts are designed for, and the largest factor (3840x2160 is 3x 1280x720).
DESIGN_SIZE = (1280, 800)
MAX_SCALE = 3.0


def scale_for(size: tuple[int, int]) -> float:
    """The factor for a window of ``size``: 1 up to the design size, then its smaller ratio.

    >>> scale_for((640, 480)), scale_for((1280, 800)), scale_for((2560, 1440))
    (1.0, 1.0, 1.8)
    """
    width, height = size
    ratio = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
    return max(1.0, min(MAX_SCALE, round(ratio, 2)))


def ui_scale() -> float:
    """The factor for the window as it is now (1 with no window, as in tests that draw alone)."""
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    return 1.0 if surface is None else scale_for(surface.get_size())


def px(length: int) -> int:
    """A length of the design drawn at the window's scale."""
    return round(length * ui_scale())
