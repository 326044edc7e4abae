"""Text drawing with rendered lines cached, so a frame re-renders only text that changed.

Everything is drawn with the theme's font; ``anchor`` names the point of the text placed at ``pos``.
Sizes are the design's: text is drawn and measured at the window's scale (game.ui.scale).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.scale import px

Color = tuple[int, int, int]
# More characters than any window shows in one line at the smallest font: the rest of a
# megabyte title is never measured or drawn.
MAX_DRAWN_CHARS = 2000
# What the font cannot take: a NUL stops it, a lone surrogate (a byte of a file name that is
# not UTF-8) cannot be encoded for it.
_UNDRAWABLE = str.maketrans({0: "\ufffd", **{code: "\ufffd" for code in range(0xD800, 0xE000)}})


def drawable(text: str) -> str:
    """``text`` as the font can take it, whatever a file, a name or the clipboard held.

    >>> drawable("a\\0b") == "a\\ufffdb"
    True
    """
    return text[:MAX_DRAWN_CHARS].translate(_UNDRAWABLE)


def rendered(text: str, size: int, colour: Color, bold: bool = False) -> pygame.Surface:
    """The text as an anti-aliased surface at the window's scale, made once for each text,
    size, colour and weight."""
    return _rendered(drawable(text), px(size), colour, bold)


@lru_cache(maxsize=1024)
def _rendered(text: str, size: int, colour: Color, bold: bool) -> pygame.Surface:
    font = theme.font(size, bold)
    if text and not font.size(text)[0]:
        # Only characters of no width (a soft hyphen): the font refuses to render those.
        return pygame.Surface((0, font.get_height()), pygame.SRCALPHA)
    return font.render(text, True, colour)


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Color,
    pos: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    """Blit ``text`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``."""
    image = rendered(text, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def text_width(text: str, size: int, bold: bool = False) -> int:
    """The width of ``text`` drawn at ``size`` at the window's scale."""
    return _width(drawable(text), px(size), bold)


@lru_cache(maxsize=2048)
def _width(text: str, size: int, bold: bool) -> int:
    return int(theme.font(size, bold).size(text)[0])


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels ('' if not even one letter
    does); what the font cannot take is replaced first, as when it is drawn."""
    return _fit(drawable(text), px(size), width, bold)


@lru_cache(maxsize=256)
def _fit(text: str, size: int, width: int, bold: bool) -> str:
    if _width(text, size, bold) <= width:
        return text
    # The longest start that fits, found by halves: cut a letter at a time, a title of a
    # megabyte took a million measurements a frame.
    fits, too_long = 0, len(text)
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if _width(text[:middle] + "…", size, bold) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits] + "…" if fits else ""


def wrap_text(text: str, size: int, width: int) -> list[str]:
    """Words of ``text`` broken into lines of at most ``width`` pixels (newlines kept)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines
