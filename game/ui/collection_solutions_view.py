"""The collection's solutions drawn: a table of every level in view with its number, title,
how many solutions it has and its best by moves and by pushes, "none" where it has none, and
the line of news.

Drawing reads the view model only; the rows' places serve the scene's mouse too.
"""

from __future__ import annotations

import pygame

from game.app.library.collection_solutions import CollectionView, LevelBests
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
from game.ui.widgets import draw_backdrop, draw_title

ROW_HEIGHT = 30
TABLE_TOP = 100
BOTTOM_ROOM = 40  # the line of news
_FONT = 19
_HEADER_FONT = 17
_WIDE = 900
# Header (wide, narrow) and share of the table's width.
_COLUMNS = (
    (("#", "#"), 0.08),
    (("Title", "Title"), 0.32),
    (("Solutions", "Sol."), 0.14),
    (("Best moves (moves/pushes)", "Best moves"), 0.23),
    (("Best pushes (moves/pushes)", "Best pushes"), 0.23),
)


def table_area(view_area: pygame.Rect) -> pygame.Rect:
    width = min(px(1100), view_area.width - 24)
    top = px(TABLE_TOP)
    height = max(px(ROW_HEIGHT) * 2, view_area.bottom - px(BOTTOM_ROOM) - top)
    return pygame.Rect(view_area.centerx - width // 2, top, width, height)


def rows_shown(view_area: pygame.Rect) -> int:
    """How many rows the table has room for (the header takes one)."""
    return max(1, table_area(view_area).height // px(ROW_HEIGHT) - 1)


def row_rect(view: CollectionView, view_area: pygame.Rect, row: int) -> pygame.Rect:
    table = table_area(view_area)
    offset = row - view.first + 1
    height = px(ROW_HEIGHT)
    return pygame.Rect(table.left, table.top + offset * height, table.width, height - 2)


def row_at(view: CollectionView, view_area: pygame.Rect, pos: tuple[int, int]) -> int | None:
    for row in range(view.first, view.first + len(view.rows)):
        if row_rect(view, view_area, row).collidepoint(pos):
            return row
    return None


def _lefts(table: pygame.Rect) -> list[int]:
    lefts, x = [], table.left + 10
    for _, share in _COLUMNS:
        lefts.append(x)
        x += int((table.width - 20) * share)
    return lefts


def draw_collection(surface: pygame.Surface, view: CollectionView, area: pygame.Rect) -> None:
    """The whole screen above the key bar."""
    draw_backdrop(surface)
    width = surface.get_width()
    draw_title(surface, "The collection's solutions", 12, 36)
    line = fit_text(f"{view.title}: {view.totals}", 19, width - 40)
    draw_text(surface, line, 19, theme.TEXT_DIM, (width // 2, px(56)), "midtop")
    table = table_area(area)
    lefts = _lefts(table)
    wide = table.width >= px(_WIDE)
    header_y = table.top + px(ROW_HEIGHT) // 2
    for index, ((names, _), left) in enumerate(zip(_COLUMNS, lefts, strict=True)):
        room = _right(lefts, index, table.right) - left - 6
        name = fit_text(names[0] if wide else names[1], _HEADER_FONT, room, True)
        draw_text(surface, name, _HEADER_FONT, theme.ACCENT, (left, header_y), "midleft", True)
    for offset, row in enumerate(view.rows):
        _draw_row(surface, row, row_rect(view, area, view.first + offset), lefts)
    shown_to = view.first + len(view.rows)
    if view.first > 0 or shown_to < view.count:
        more = f"{view.first + 1:,}-{shown_to:,} of {view.count:,}"
        draw_text(surface, more, 16, theme.TEXT_DIM, (table.right, table.top - 2), "bottomright")
    if view.message:
        text = fit_text(view.message, _FONT, width - 30)
        at = (width // 2, area.bottom - 10)
        draw_text(surface, text, _FONT, theme.TONE_COLOURS[view.tone], at, "midbottom")


def _right(lefts: list[int], index: int, end: int) -> int:
    return lefts[index + 1] if index + 1 < len(lefts) else end


def _draw_row(
    surface: pygame.Surface, row: LevelBests, rect: pygame.Rect, lefts: list[int]
) -> None:
    fill = theme.PANEL_LIGHT if row.chosen else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    if row.chosen:
        pygame.draw.rect(surface, theme.SELECTION, rect, width=2, border_radius=6)
    none = row.count == 0
    count = "none" if none else f"{row.count:,}"
    texts = [str(row.number), row.title, count, row.best_moves, row.best_pushes]
    count_colour = theme.DANGER if none else theme.TEXT
    colours = [theme.TEXT_DIM, theme.TEXT, count_colour, theme.GOOD, theme.GOOD]
    for index, (text, colour, left) in enumerate(zip(texts, colours, lefts, strict=True)):
        room = _right(lefts, index, rect.right) - left - 6
        at = (left, rect.centery)
        draw_text(surface, fit_text(text, _FONT, room), _FONT, colour, at, "midleft")
