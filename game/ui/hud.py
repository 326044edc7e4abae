"""The play screen's heads-up display: titles and counters along the top, notices over the board.

It draws what a HudInfo holds; the play scene fills one in from its state each frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.text import draw_text, fit_text, text_width

HUD_HEIGHT = 64
_LABEL_FONT = 15
_VALUE_FONT = 26
_TITLE_FONT = 26
_SUBTITLE_FONT = 17
_CELL_GAP = 26


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


def format_time(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{rest:02d}" if hours else f"{minutes}:{rest:02d}"


def draw_hud(surface: pygame.Surface, info: HudInfo) -> pygame.Rect:
    """The bar along the top; returns its rectangle."""
    width = surface.get_width()
    bar = pygame.Rect(0, 0, width, HUD_HEIGHT)
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_BORDER, bar.bottomleft, bar.bottomright, 2)

    cells = [
        ("MOVES", str(info.moves)),
        ("PUSHES", str(info.pushes)),
        ("BOXES", f"{info.boxes_done}/{info.boxes_total}"),
        ("TIME", format_time(info.seconds)),
        ("SCORE", f"{info.score:,} (+{info.level_score:,})"),
        ("BEST", info.best),
    ]
    # On narrow windows the right-hand cells go first, so the counters always show.
    while cells and _cells_width(cells) > width * 0.62:
        cells.pop()
    x = width - 16
    for label, value in reversed(cells):
        cell = max(text_width(label, _LABEL_FONT), text_width(value, _VALUE_FONT, True))
        centre = x - cell // 2
        draw_text(surface, label, _LABEL_FONT, theme.TEXT_DIM, (centre, 10), "midtop")
        draw_text(surface, value, _VALUE_FONT, theme.TEXT, (centre, 28), "midtop", bold=True)
        x -= cell + _CELL_GAP

    room = max(40, x - 16)
    heading = f"Level {info.level_number}/{info.level_count}"
    if info.level_title and info.level_title != str(info.level_number):
        heading += f"  {info.level_title}"
    draw_text(
        surface,
        fit_text(info.collection, _SUBTITLE_FONT, room),
        _SUBTITLE_FONT,
        theme.TEXT_DIM,
        (16, 9),
    )
    draw_text(
        surface,
        fit_text(heading, _TITLE_FONT, room, True),
        _TITLE_FONT,
        theme.ACCENT,
        (16, 28),
        bold=True,
    )
    return bar


def _cells_width(cells: list[tuple[str, str]]) -> int:
    return sum(
        max(text_width(label, _LABEL_FONT), text_width(value, _VALUE_FONT, True)) + _CELL_GAP
        for label, value in cells
    )


def draw_notice(surface: pygame.Surface, text: str, colour: theme.Color, top: int) -> None:
    """A one-line message in a pill under the HUD."""
    size = 20
    shown = fit_text(text, size, surface.get_width() - 80)
    rect = pygame.Rect(0, 0, text_width(shown, size) + 36, 36)
    rect.midtop = (surface.get_width() // 2, top + 10)
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 3), border_radius=18)
    pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=18)
    pygame.draw.rect(surface, colour, rect, width=2, border_radius=18)
    draw_text(surface, shown, size, colour, rect.center, "center")
