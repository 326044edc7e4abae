"""Tests of the theme: a valid palette and cached fonts that work without a display.

Fonts must also come back fresh after the font module shuts down and starts again.
"""

from __future__ import annotations

import pygame

from game.ui import theme

PALETTE_NAMES = (
    "BACKGROUND", "PANEL", "PANEL_BORDER", "TEXT", "TEXT_DIM", "ACCENT", "ACCENT_ALT",
    "GOOD", "WARNING", "DANGER", "FLOOR", "WALL", "GOAL", "CRATE", "CRATE_DONE", "PLAYER",
)


def _luminance(colour: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(value) for value in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    high, low = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_palette_colours_are_rgb_triples() -> None:
    for name in PALETTE_NAMES:
        colour = getattr(theme, name)
        assert len(colour) == 3 and all(0 <= value <= 255 for value in colour), name


def test_text_is_readable_on_background_and_panels() -> None:
    for surface in (theme.BACKGROUND, theme.PANEL):
        assert _contrast(theme.TEXT, surface) >= 7
        assert _contrast(theme.TEXT_DIM, surface) >= 4.5
        for signal in (theme.ACCENT, theme.GOOD, theme.WARNING, theme.DANGER):
            assert _contrast(signal, surface) >= 3


def test_font_is_cached_and_renders_headless() -> None:
    regular = theme.font(20)
    assert theme.font(20) is regular
    bold = theme.font(20, bold=True)
    assert bold is not regular and bold.get_bold()
    label = regular.render("Moves 12", True, theme.TEXT)
    assert label.get_height() > 0 and label.get_width() > 0


def test_fonts_survive_a_font_module_restart() -> None:
    before = theme.font(18)
    pygame.font.quit()
    after = theme.font(18)
    assert after is not before
    assert after.render("ok", True, theme.TEXT).get_width() > 0
