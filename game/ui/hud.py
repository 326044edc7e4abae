"""The play screen's heads-up display: titles and counters along the top, notices over the board.

It draws what a HudInfo holds; the play scene fills one in from its state each frame.
"""

from __future__ import annotations

import pygame

from game.app.hud_info import HudInfo
from game.core.wording import format_time
from game.ui import theme
from game.ui.scale import px
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


def hud_height(width: int) -> int:
    """The HUD's height in a window ``width`` pixels wide."""
    return px(HUD_HEIGHT) if _one_row(width) else px(TWO_ROW_HEIGHT)


def _one_row(width: int) -> bool:
    return width >= px(ONE_ROW_WIDTH)


def draw_hud(surface: pygame.Surface, info: HudInfo, seconds: float) -> pygame.Rect:
    """The bar along the top, with every figure and the clock at ``seconds``, at any width;
    returns its rectangle."""
    width = surface.get_width()
    bar = pygame.Rect(0, 0, width, hud_height(width))
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_BORDER, bar.bottomleft, bar.bottomright, 2)
    cells = [
        ("MOVES", str(info.moves)),
        ("PULLS" if info.reverse else "PUSHES", str(info.pushes)),
        ("HOME" if info.reverse else "BOXES", f"{info.boxes_done}/{info.boxes_total}"),
        ("TIME", format_time(seconds)),
    ]
    if info.par and info.level_score is not None:
        cells.append(("PAR", info.par))
    if info.level_score is not None:
        cells.append(("THIS LEVEL", f"{info.level_score:,}"))
    if info.score is not None:
        cells.append(("TOTAL SCORE", f"{info.score:,}"))
    cells.append(("BEST", info.best))
    heading = f"Level {info.level_number}/{info.level_count}"
    if info.reverse:
        heading += " (reverse)"
    if info.level_title and info.level_title != str(info.level_number):
        heading += f"  {info.level_title}"
    if _one_row(width):
        _draw_one_row(surface, info.collection, heading, cells)
    else:
        _draw_two_rows(surface, info.collection, heading, cells)
    return bar


def _draw_one_row(
    surface: pygame.Surface, collection: str, heading: str, cells: list[tuple[str, str]]
) -> None:
    """The names on the left, the figures from the right edge leftwards."""
    margin = px(16)
    x = surface.get_width() - margin
    for label, value in reversed(cells):
        cell = _cell_width(label, value, _LABEL_FONT, _VALUE_FONT)
        centre = x - cell // 2
        draw_text(surface, label, _LABEL_FONT, theme.TEXT_DIM, (centre, px(10)), "midtop")
        draw_text(surface, value, _VALUE_FONT, theme.TEXT, (centre, px(28)), "midtop", bold=True)
        x -= cell + px(_CELL_GAP)
    room = max(px(40), x - margin)
    shown = fit_text(collection, _SUBTITLE_FONT, room)
    draw_text(surface, shown, _SUBTITLE_FONT, theme.TEXT_DIM, (margin, px(9)))
    shown = fit_text(heading, _TITLE_FONT, room, True)
    draw_text(surface, shown, _TITLE_FONT, theme.ACCENT, (margin, px(28)), bold=True)


def _draw_two_rows(
    surface: pygame.Surface, collection: str, heading: str, cells: list[tuple[str, str]]
) -> None:
    """The level's name (and its collection's, if there is room) above; the figures below,
    spread over the whole width."""
    width, margin = surface.get_width(), px(16)
    middle = px(_SMALL_ROW // 2 + 2)
    shown = fit_text(heading, _SMALL_TITLE_FONT, width - 2 * margin, True)
    title = draw_text(
        surface, shown, _SMALL_TITLE_FONT, theme.ACCENT, (margin, middle), "midleft", bold=True
    )
    room = width - margin - title.right - px(_CELL_GAP)
    if text_width(collection, _SUBTITLE_FONT) <= room:
        draw_text(
            surface, collection, _SUBTITLE_FONT, theme.TEXT_DIM, (width - margin, middle),
            "midright",
        )
    widths = [
        _cell_width(label, value, _SMALL_LABEL_FONT, _SMALL_VALUE_FONT) for label, value in cells
    ]
    if sum(widths) > width - 2 * margin and cells[4][0] == "PAR":
        # Too narrow for every figure: the par goes first (the score it shapes stays).
        del cells[4], widths[4]
    # As much space between the figures as there is: at the narrowest every figure still fits.
    gap = max(0, (width - 2 * margin - sum(widths)) // max(1, len(cells) - 1))
    x = margin
    for (label, value), cell in zip(cells, widths, strict=True):
        centre = x + cell // 2
        top = px(_SMALL_ROW + 2)
        draw_text(surface, label, _SMALL_LABEL_FONT, theme.TEXT_DIM, (centre, top), "midtop")
        draw_text(
            surface, value, _SMALL_VALUE_FONT, theme.TEXT, (centre, top + px(16)), "midtop",
            bold=True,
        )
        x += cell + gap


def _cell_width(label: str, value: str, label_font: int, value_font: int) -> int:
    """A cell as wide as its label or its value with every digit at the widest digit's width,
    so the columns keep still while the clock and the counters change."""
    widest = max("0123456789", key=lambda digit: text_width(digit, value_font, True))
    template = "".join(widest if char.isdigit() else char for char in value)
    return max(text_width(label, label_font), text_width(template, value_font, True))


def notice_lines(text: str, width: int, most: int = 1) -> list[str]:
    """``text`` in at most ``most`` lines that fit a notice in a window ``width`` wide (the
    last line cut only if even those are too few)."""
    room = width - px(80)
    lines = wrap_text(text, _NOTICE_FONT, room) if most > 1 else [text]
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    return [*lines[:-1], fit_text(lines[-1], _NOTICE_FONT, room)]


def notice_height(lines: int) -> int:
    """The height of a notice of ``lines`` lines, its pill and the margin above it."""
    return px(_NOTICE_MARGIN + _NOTICE_PILL + _NOTICE_LINE * (lines - 1))


def draw_notice(
    surface: pygame.Surface, text: str, colour: theme.Color, top: int, most_lines: int = 1
) -> None:
    """A message in a pill under ``top``, in at most ``most_lines`` lines."""
    lines = notice_lines(text, surface.get_width(), most_lines)
    widest = max(text_width(line, _NOTICE_FONT) for line in lines)
    rect = pygame.Rect(0, 0, widest + px(36), notice_height(len(lines)) - px(_NOTICE_MARGIN))
    rect.midtop = (surface.get_width() // 2, top + px(_NOTICE_MARGIN))
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, px(3)), border_radius=18)
    pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=18)
    pygame.draw.rect(surface, colour, rect, width=2, border_radius=18)
    line_height = px(_NOTICE_LINE)
    y = rect.centery - line_height * (len(lines) - 1) // 2
    for line in lines:
        draw_text(surface, line, _NOTICE_FONT, colour, (rect.centerx, y), "center")
        y += line_height
