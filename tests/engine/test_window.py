"""The window's name, icon and size: the class window lists show, the title, the icon first,
and a first size that fits the screen.

The dummy video driver keeps no class or icon, so the test watches what reaches SDL and when.
"""

from __future__ import annotations

import doctest
import os

import pygame
import pytest

from game.cli.scripted import open_engine, shut_down
from game.engine import window
from game.engine.engine import CAPTION, GameEngine
from game.engine.window import MIN_WINDOW_SIZE, fitted_window_size, name_the_app

NAME_VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME")


@pytest.fixture
def display_calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    """What the window asked of pygame's display, in order: an icon's size or a mode's size,
    each with the window class SDL would have read when the display started."""
    calls: list[tuple[str, object]] = []
    set_icon, set_mode, init = pygame.display.set_icon, pygame.display.set_mode, pygame.display.init

    def record_icon(icon: pygame.Surface) -> None:
        calls.append(("icon", icon.get_size()))
        set_icon(icon)

    def record_mode(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
        calls.append(("mode", size))
        return set_mode(size, flags)

    def record_init() -> None:
        calls.append(("init", os.environ.get("SDL_VIDEO_X11_WMCLASS")))
        init()

    monkeypatch.setattr(pygame.display, "set_icon", record_icon)
    monkeypatch.setattr(pygame.display, "set_mode", record_mode)
    monkeypatch.setattr(pygame.display, "init", record_init)
    for variable in NAME_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    return calls


def test_the_game_names_its_window_class_before_the_display_starts(
    display_calls: list[tuple[str, object]],
) -> None:
    engine = GameEngine((320, 240), sound_enabled=False)
    try:
        assert display_calls[0] == ("init", CAPTION)
        assert pygame.display.get_caption()[0] == CAPTION == "Sokoban Arcade"
        assert all(os.environ[variable] == CAPTION for variable in NAME_VARIABLES)
    finally:
        engine.shutdown()


def test_pygames_own_window_class_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")  # what pygame's import sets
    name_the_app(CAPTION)
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == CAPTION


def test_the_game_window_gets_the_drawn_icon_before_its_first_mode(
    display_calls: list[tuple[str, object]],
) -> None:
    engine, _dialogs = open_engine(headless=True, players_progress=False)
    try:
        shown = [call for call in display_calls if call[0] != "init"]
        assert shown[0] == ("icon", (64, 64))
        assert shown[1][0] == "mode"
    finally:
        shut_down(engine)


def test_a_new_window_fits_the_screen_it_opens_on() -> None:
    """A share of the screen, never larger than it (a 640x480 screen got a 1280x800 window)."""
    for screen in [(640, 480), (800, 600), (1366, 768), (1920, 1080), (3840, 2160)]:
        width, height = fitted_window_size(screen)
        assert width <= screen[0] and height <= screen[1]
        assert width >= min(screen[0], MIN_WINDOW_SIZE[0])
        assert height >= min(screen[1], MIN_WINDOW_SIZE[1])
    assert fitted_window_size((3840, 2160)) == (3072, 1728)
    result = doctest.testmod(window, verbose=False)
    assert result.attempted > 0 and result.failed == 0
