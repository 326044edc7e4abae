"""The play screen's heads-up display: titles and counters along the top, notices over the board.

It draws what a HudInfo holds; the play scene fills one in from its state each frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.text import draw_text, fit_text, text_width, wrap_text

HUD_HEIGHT = 64
# Narrower windows than this get two rows: the level's name above, every figure below.
ONE_ROW_WIDTH = 1100
TWO_ROW_HEIGHT = 84
_LABEL_FONT = 15
_VALUE_FONT = 26
_TITLE_FONT = 26
_SUBTITLE_FONT = 17
_CELL_GAP = 26
_SMALL_LABEL_FONT = 13
_SMALL_VALUE_FONT = 22
_SMALL_TITLE_FONT = 22
_SMALL_ROW = 34  # the two-row HUD's first row: the level's name
_NOTICE_FONT = 20
_NOTICE_LINE = 24
_NOTICE_PILL = 36  # a one-line notice's pill
_NOTICE_MARGIN = 10


@dataclass(frozen=True)
class HudInfo:
    """What the HUD shows."""

    collection: str
    level_number: int
    level_count: int
    level_title: str
    moves: int
    pushes: int
    seconds: float
    score: int
    level_score: int
    best: str
    boxes_done: int
    boxes_total: int
    # Reverse play: the counters say pulls and boxes back on their start squares.
    reverse: bool = False


def format_time(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{rest:02d}" if hours else f"{minutes}:{rest:02d}"


def hud_height(width: int) -> int:
    """The HUD's height in a window ``width`` pixels wide."""
    return HUD_HEIGHT if width >= ONE_ROW_WIDTH else TWO_ROW_HEIGHT


def draw_hud(surface: pygame.Surface, info: HudInfo) -> pygame.Rect:
    """The bar along the top, with every figure at any width; returns its rectangle."""
    width = surface.get_width()
    bar = pygame.Rect(0, 0, width, hud_height(width))
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_BORDER, bar.bottomleft, bar.bottomright, 2)
    cells = [
        ("MOVES", str(info.moves)),
        ("PULLS" if info.reverse else "PUSHES", str(info.pushes)),
        ("HOME" if info.reverse else "BOXES", f"{info.boxes_done}/{info.boxes_total}"),
        ("TIME", format_time(info.seconds)),
        ("SCORE", f"{info.score:,} (+{info.level_score:,})"),
        ("BEST", info.best),
    ]
    heading = f"Level {info.level_number}/{info.level_count}"
    if info.reverse:
        heading += " (reverse)"
    if info.level_title and info.level_title != str(info.level_number):
        heading += f"  {info.level_title}"
    if bar.height == HUD_HEIGHT:
        _draw_one_row(surface, info.collection, heading, cells)
    else:
        _draw_two_rows(surface, info.collection, heading, cells)
    return bar


def _draw_one_row(
    surface: pygame.Surface, collection: str, heading: str, cells: list[tuple[str, str]]
) -> None:
    """The names on the left, the figures from the right edge leftwards."""
    x = surface.get_width() - 16
    for label, value in reversed(cells):
        cell = _cell_width(label, value, _LABEL_FONT, _VALUE_FONT)
        centre = x - cell // 2
        draw_text(surface, label, _LABEL_FONT, theme.TEXT_DIM, (centre, 10), "midtop")
        draw_text(surface, value, _VALUE_FONT, theme.TEXT, (centre, 28), "midtop", bold=True)
        x -= cell + _CELL_GAP
    room = max(40, x - 16)
    shown = fit_text(collection, _SUBTITLE_FONT, room)
    draw_text(surface, shown, _SUBTITLE_FONT, theme.TEXT_DIM, (16, 9))
    shown = fit_text(heading, _TITLE_FONT, room, True)
    draw_text(surface, shown, _TITLE_FONT, theme.ACCENT, (16, 28), bold=True)


def _draw_two_rows(
    surface: pygame.Surface, collection: str, heading: str, cells: list[tuple[str, str]]
) -> None:
    """The level's name (and its collection's, if there is room) above; the figures below,
    spread over the whole width."""
    width = surface.get_width()
    middle = _SMALL_ROW // 2 + 2
    shown = fit_text(heading, _SMALL_TITLE_FONT, width - 32, True)
    title = draw_text(
        surface, shown, _SMALL_TITLE_FONT, theme.ACCENT, (16, middle), "midleft", bold=True
    )
    room = width - 16 - title.right - _CELL_GAP
    if text_width(collection, _SUBTITLE_FONT) <= room:
        draw_text(
            surface, collection, _SUBTITLE_FONT, theme.TEXT_DIM, (width - 16, middle), "midright"
        )
    widths = [
        _cell_width(label, value, _SMALL_LABEL_FONT, _SMALL_VALUE_FONT) for label, value in cells
    ]
    gap = max(8, (width - 32 - sum(widths)) // max(1, len(cells) - 1))
    x = 16
    for (label, value), cell in zip(cells, widths, strict=True):
        centre = x + cell // 2
        top = _SMALL_ROW + 2
        draw_text(surface, label, _SMALL_LABEL_FONT, theme.TEXT_DIM, (centre, top), "midtop")
        draw_text(
            surface, value, _SMALL_VALUE_FONT, theme.TEXT, (centre, top + 16), "midtop", bold=True
        )
        x += cell + gap


def _cell_width(label: str, value: str, label_font: int, value_font: int) -> int:
    return max(text_width(label, label_font), text_width(value, value_font, True))


def notice_lines(text: str, width: int, most: int = 1) -> list[str]:
    """``text`` in at most ``most`` lines that fit a notice in a window ``width`` wide (the
    last line cut only if even those are too few)."""
    room = width - 80
    lines = wrap_text(text, _NOTICE_FONT, room) if most > 1 else [text]
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    return [*lines[:-1], fit_text(lines[-1], _NOTICE_FONT, room)]


def notice_height(lines: int) -> int:
    """The height of a notice of ``lines`` lines, its pill and the margin above it."""
    return _NOTICE_MARGIN + _NOTICE_PILL + _NOTICE_LINE * (lines - 1)


def draw_notice(
    surface: pygame.Surface, text: str, colour: theme.Color, top: int, most_lines: int = 1
) -> None:
    """A message in a pill under ``top``, in at most ``most_lines`` lines."""
    lines = notice_lines(text, surface.get_width(), most_lines)
    widest = max(text_width(line, _NOTICE_FONT) for line in lines)
    rect = pygame.Rect(0, 0, widest + 36, notice_height(len(lines)) - _NOTICE_MARGIN)
    rect.midtop = (surface.get_width() // 2, top + _NOTICE_MARGIN)
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 3), border_radius=18)
    pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=18)
    pygame.draw.rect(surface, colour, rect, width=2, border_radius=18)
    y = rect.centery - _NOTICE_LINE * (len(lines) - 1) // 2
    for line in lines:
        draw_text(surface, line, _NOTICE_FONT, colour, (rect.centerx, y), "center")
        y += _NOTICE_LINE
