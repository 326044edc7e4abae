"""Widgets: menus with keys and mouse, the key bar that wraps, the text field, the HUD.

Layouts are checked through the same functions that drawing and hit-tests use.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.app.dialogs.menu import Choice, MenuModel
from game.app.hud_info import HudInfo
from game.core.wording import format_time
from game.ui import hud
from game.ui.hud import draw_hud
from game.ui.text import draw_text, fit_text, text_width, wrap_text
from game.ui.widgets import draw_key_bar, key_bar_rows, menu_command, menu_rects

AREA = pygame.Rect(0, 0, 800, 600)


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    surface = pygame.display.set_mode((800, 600))
    yield surface
    pygame.display.quit()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def test_a_menus_keys_and_clicks_become_its_commands() -> None:
    chosen: list[str] = []
    values: list[int] = []
    menu = MenuModel(
        [
            Choice("Off", lambda: chosen.append("off"), enabled=False),
            Choice("One", lambda: chosen.append("one")),
            Choice("Level", adjust=values.append, value=lambda: "x"),
        ]
    )
    assert menu.selected == 1
    for code in (pygame.K_UP, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RETURN):
        command = menu_command(key(code), menu.view(), AREA)
        assert command is not None
        menu.handle(command)
    assert values == [-1, 1] and chosen == ["one"]
    first = menu_rects(menu.view(), AREA)[0]
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=first.center, button=1)
    command = menu_command(click, menu.view(), AREA)
    assert command is not None and not menu.handle(command)  # the disabled line
    assert chosen == ["one"]


def test_key_bar_wraps_on_narrow_screens(screen: pygame.Surface) -> None:
    keys = [(f"Key{i}", "does something useful") for i in range(10)]
    assert len(key_bar_rows(2000, keys)) == 1
    assert len(key_bar_rows(400, keys)) > 2
    height = draw_key_bar(screen, keys)
    assert height > 0


def test_text_helpers() -> None:
    pygame.font.init()
    long = "a fairly long line of words " * 5
    cut = fit_text(long, 20, 200)
    assert cut.endswith("…") and text_width(cut, 20) <= 200
    lines = wrap_text(long, 20, 200)
    assert len(lines) > 2 and all(text_width(line, 20) <= 200 for line in lines)
    assert format_time(61) == "1:01" and format_time(3725) == "1:02:05"


def test_fit_text_keeps_the_longest_start_that_fits_even_of_a_megabyte() -> None:
    # Cut a letter at a time, a title of a megabyte hung a headless replay (issue 27).
    pygame.font.init()
    for text in ("Wide Words and narrow ones " * 3, "W" * 2**20):
        cut = fit_text(text, 20, 300)
        start = cut.removesuffix("…")
        assert cut.endswith("…") and text_width(cut, 20) <= 300
        assert text_width(text[: len(start) + 1] + "…", 20) > 300
    assert fit_text("W" * 50, 20, 1) == ""


def test_hud_shows_every_figure_inside_its_bar_at_any_width(
    screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = HudInfo(
        "Collection", 3, 90, "A long level title", 120, 30, 2500, 880, "100/20", "96/18", 2, 4
    )
    drawn: list[tuple[str, pygame.Rect]] = []

    def recording(
        surface: pygame.Surface, text: str, *args: Any, **kwargs: Any
    ) -> pygame.Rect:
        rect = draw_text(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(hud, "draw_text", recording)
    for width in (800, 320):
        drawn.clear()
        surface = pygame.Surface((width, 100))
        bar = draw_hud(surface, info, 75.0)
        assert bar.width == width
        texts = [text for text, _ in drawn]
        for figure in ("120", "30", "2/4", "1:15", "100/20"):
            assert figure in texts, (width, figure, texts)
        outside = [text for text, rect in drawn if not bar.contains(rect)]
        assert outside == [], width
