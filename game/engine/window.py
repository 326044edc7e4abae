"""The game's window: its name and icon, drawing surface, windowed size, fullscreen and the
smallest size. A window dragged below the smallest size every screen is laid out for is held at it.
"""

from __future__ import annotations

import os

import pygame

# Every screen is laid out to work down to this size.
MIN_WINDOW_SIZE = (640, 480)
# Without a screen to measure (tests, headless runs) the window has the design's size.
DESIGN_WINDOW_SIZE = (1280, 800)
# A new window takes this share of the screen, so it fits with the task bar and its frame.
SCREEN_SHARE = 0.8
_NO_SCREEN_DRIVERS = ("dummy", "offscreen")


def fitted_window_size(screen: tuple[int, int]) -> tuple[int, int]:
    """The size a new window opens at on a screen of ``screen``: a share of it, never below the
    smallest size the layouts are made for unless the screen itself is smaller.

    >>> fitted_window_size((1920, 1080)), fitted_window_size((3840, 2160))
    ((1536, 864), (3072, 1728))
    >>> fitted_window_size((640, 480)), fitted_window_size((1024, 600))
    ((640, 480), (819, 480))
    """
    return (
        min(screen[0], max(MIN_WINDOW_SIZE[0], round(screen[0] * SCREEN_SHARE))),
        min(screen[1], max(MIN_WINDOW_SIZE[1], round(screen[1] * SCREEN_SHARE))),
    )


def _opening_size() -> tuple[int, int]:
    """The window's first size: fitted to the screen it opens on."""
    if pygame.display.get_driver() in _NO_SCREEN_DRIVERS:
        return DESIGN_WINDOW_SIZE
    screens = pygame.display.get_desktop_sizes()
    return fitted_window_size(screens[0]) if screens else DESIGN_WINDOW_SIZE


def name_the_app(name: str) -> None:
    """Give SDL the program's name; to count, before the display starts.

    X11 and Wayland take the window's class from it, which is what task bars and window lists
    show; SDL also names the program by it elsewhere (to the sound server). pygame's import sets
    the X11 class to the script's file name ("__main__.py") when it is unset, so whatever is
    there is replaced.
    """
    for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME"):
        os.environ[variable] = name


class Window:
    """The display, its surface and the size to go back to when fullscreen ends."""

    def __init__(
        self, size: tuple[int, int] | None, caption: str, icon: pygame.Surface | None = None
    ) -> None:
        """Start the display, named after ``caption``, and open the window at ``size`` (None:
        fitted to the screen); ``icon`` is the window's (without it pygame's own)."""
        name_the_app(caption)
        pygame.display.init()
        # The icon goes before the first mode: after it pygame would show its own for a moment.
        if icon is not None:
            pygame.display.set_icon(icon)
        # Every frame is drawn in software; SDL's default hands it to OpenGL to show, which
        # without a graphics card (a virtual machine, Xvfb) costs 5-7 ms a frame in Mesa's
        # software renderer, against 0.1 ms for the window system's own copy.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        if size is None:
            size = _opening_size()
        self._windowed_size = size
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(caption)

    def resized(self, width: int, height: int, fullscreen: bool) -> None:
        """Take the window's new size; a window dragged below the minimum is held at it."""
        if not fullscreen and (width < MIN_WINDOW_SIZE[0] or height < MIN_WINDOW_SIZE[1]):
            size = (max(width, MIN_WINDOW_SIZE[0]), max(height, MIN_WINDOW_SIZE[1]))
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            self.surface = pygame.display.get_surface() or self.surface
        if not fullscreen:
            self._windowed_size = self.surface.get_size()

    def set_fullscreen(self, fullscreen: bool) -> bool:
        """Switch between fullscreen and a resizable window; False if the display refused."""
        try:
            if fullscreen:
                self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.surface = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        except pygame.error:
            self.surface = pygame.display.get_surface() or self.surface
            return False
        return True
