"""The Solutions screen's picture: a table of a level's solutions with their six metrics, the day
they were filed and their origin, the sorted column's arrow, the chosen row lit, the best under
the primary metric marked, and the screen's one line of news.

Drawing reads the view model only; the rows' and headers' places serve the scene's mouse too.
"""

from __future__ import annotations

import pygame

from game.app.library.library_work import METRIC_NAMES, seconds_text
from game.app.library.solutions import Column
from game.app.library.solutions_rows import SolutionRow, SolutionsView
from game.core.wording import counted
from game.ui import theme
from game.ui.compare_view import FIRST_COLOUR
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
from game.ui.widgets import draw_backdrop, draw_panel, draw_title

ROW_HEIGHT = 30
TABLE_TOP = 124
MESSAGE_ROOM = 40
_FONT = 19
_HEADER_FONT = 17
_WIDE = 980  # from this width the headers have their full names and the dates their times
# The columns: what they sort by, their header (wide, narrow) and share of the table's width
# (wide, narrow: a narrow table gives the numbers less room and the origin more).
COLUMNS = (
    (Column.NUMBER, ("#", "#"), (0.07, 0.1)),
    (Column.MOVES, ("Moves", "Mov"), (0.08, 0.08)),
    (Column.PUSHES, ("Pushes", "Psh"), (0.08, 0.08)),
    (Column.BOX_LINES, ("Box lines", "Lin"), (0.08, 0.08)),
    (Column.BOX_CHANGES, ("Box changes", "Chg"), (0.1, 0.08)),
    (Column.SESSIONS, ("Sessions", "Ses"), (0.08, 0.08)),
    (Column.PLAYER_LINES, ("Player lines", "PLn"), (0.1, 0.08)),
    (Column.DATE, ("Filed", "Filed"), (0.15, 0.13)),
    (Column.ORIGIN, ("Origin", "Origin"), (0.26, 0.29)),
)


def table_area(view_area: pygame.Rect) -> pygame.Rect:
    """Where the table goes in the screen above the key bar."""
    # Every length at the window's scale, as the text is: a large window gets a larger table.
    width = min(px(1100), view_area.width - 24)
    top = px(TABLE_TOP)
    height = max(px(ROW_HEIGHT) * 2, view_area.bottom - px(MESSAGE_ROOM) - top)
    return pygame.Rect(view_area.centerx - width // 2, top, width, height)


def rows_shown(view_area: pygame.Rect) -> int:
    """How many rows the table has room for (the header takes one)."""
    return max(1, table_area(view_area).height // px(ROW_HEIGHT) - 1)


def row_rect(view: SolutionsView, view_area: pygame.Rect, row: int) -> pygame.Rect:
    """The rectangle of entry ``row`` (counted from the first entry, not the first in view)."""
    table = table_area(view_area)
    offset = row - view.first + 1
    row_height = px(ROW_HEIGHT)
    return pygame.Rect(table.left, table.top + offset * row_height, table.width, row_height - 2)


def row_at(view: SolutionsView, view_area: pygame.Rect, pos: tuple[int, int]) -> int | None:
    for row in range(view.first, view.first + len(view.rows)):
        if row_rect(view, view_area, row).collidepoint(pos):
            return row
    return None


def header_at(view_area: pygame.Rect, pos: tuple[int, int]) -> Column | None:
    """The column whose header is at ``pos``, if any."""
    table = table_area(view_area)
    if not table.top <= pos[1] < table.top + px(ROW_HEIGHT):
        return None
    lefts = _column_lefts(table)
    for index, (column, _, _) in enumerate(COLUMNS):
        right = lefts[index + 1] if index + 1 < len(lefts) else table.right
        if lefts[index] - 6 <= pos[0] < right - 6:
            return column
    return None


def _column_lefts(table: pygame.Rect) -> list[int]:
    wide = table.width >= px(_WIDE)
    lefts, x = [], table.left + 10
    for _, _, shares in COLUMNS:
        lefts.append(x)
        x += int((table.width - 20) * shares[0 if wide else 1])
    return lefts


def draw_solutions(surface: pygame.Surface, view: SolutionsView, view_area: pygame.Rect) -> None:
    """The whole screen above the key bar."""
    draw_backdrop(surface)
    width = surface.get_width()
    draw_title(surface, "Solutions", 14, 40)
    count = counted(view.count, "solution")
    # Until the entries are read, their count is not known.
    line = view.heading if view.reading and not view.rows else f"{count} of {view.heading}"
    line = fit_text(line, 20, width - 40)
    draw_text(surface, line, 20, theme.TEXT_DIM, (width // 2, px(60)), "midtop")
    choices = (
        f"Primary metric: {METRIC_NAMES[view.primary]}   "
        f"Optimizer's time: {seconds_text(view.optimize_seconds)}"
    )
    choices = fit_text(choices, 17, width - 40)
    draw_text(surface, choices, 17, theme.ACCENT, (width // 2, px(88)), "midtop")
    table = table_area(view_area)
    if not view.rows:
        _draw_empty(surface, table, view.reading)
    else:
        _draw_table(surface, view, view_area, table)
    if view.message:
        text = fit_text(view.message, _FONT, width - 30)
        at = (width // 2, view_area.bottom - 10)
        draw_text(surface, text, _FONT, theme.TONE_COLOURS[view.tone], at, "midbottom")


def _draw_empty(surface: pygame.Surface, table: pygame.Rect, reading: bool) -> None:
    panel = pygame.Rect(table.left, table.top, table.width, px(110))
    draw_panel(surface, panel)
    title = "Reading the solutions..." if reading else "No solutions kept yet."
    draw_text(surface, title, 26, theme.TEXT, panel.center, "midbottom")
    hint = "Solve the level, or import solutions (V: clipboard, I: a file)."
    if reading:
        hint = "A level with many solutions takes a few seconds."
    hint = fit_text(hint, _FONT, panel.width - 30)
    draw_text(surface, hint, _FONT, theme.TEXT_DIM, (panel.centerx, panel.centery + 6), "midtop")


def _draw_table(
    surface: pygame.Surface, view: SolutionsView, view_area: pygame.Rect, table: pygame.Rect
) -> None:
    lefts = _column_lefts(table)
    wide = table.width >= px(_WIDE)
    header_y = table.top + px(ROW_HEIGHT) // 2
    for index, ((column, names, _), left) in enumerate(zip(COLUMNS, lefts, strict=True)):
        room = (lefts[index + 1] if index + 1 < len(lefts) else table.right) - left - 6
        sorted_here = column is view.sort
        arrow = px(10) if sorted_here else 0
        name = fit_text(names[0] if wide else names[1], _HEADER_FONT, room - arrow, True)
        colour = theme.SELECTION if sorted_here else theme.ACCENT
        drawn = draw_text(surface, name, _HEADER_FONT, colour, (left, header_y), "midleft", True)
        if sorted_here:
            _draw_arrow(surface, (drawn.right + px(6), header_y), view.descending, colour)
    for offset, item in enumerate(view.rows):
        rect = row_rect(view, view_area, view.first + offset)
        _draw_row(surface, item, rect, lefts, wide)
    shown_to = view.first + len(view.rows)
    if view.first > 0 or shown_to < view.count:
        more = f"{view.first + 1:,}-{shown_to:,} of {view.count:,}"
        draw_text(surface, more, 16, theme.TEXT_DIM, (table.right, table.top - 2), "bottomright")


def _draw_row(
    surface: pygame.Surface, item: SolutionRow, rect: pygame.Rect, lefts: list[int], wide: bool
) -> None:
    fill = theme.PANEL_LIGHT if item.chosen else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    if item.chosen:
        pygame.draw.rect(surface, theme.SELECTION, rect, width=2, border_radius=6)
    if item.marked:  # the first of a comparison, in its colour there
        stripe = pygame.Rect(rect.left, rect.top, px(5), rect.height)
        pygame.draw.rect(surface, FIRST_COLOUR, stripe, border_radius=3)
    colour = theme.TEXT if item.fits else theme.TEXT_DIM
    filed = f"{item.day} {item.clock}".strip() if wide else item.day
    texts = [f"#{item.number}", *item.metrics, filed, item.origin]
    for index, (text, left) in enumerate(zip(texts, lefts, strict=True)):
        room = (lefts[index + 1] if index + 1 < len(lefts) else rect.right) - left - 6
        cell_colour = colour
        bold = False
        if index == 0 and item.best:
            cell_colour, bold = theme.GOOD, True  # the best under the primary metric
        elif index == len(texts) - 1:
            cell_colour = _origin_colour(item)
        fitted = fit_text(text, _FONT, room, bold)
        if COLUMNS[index][0] is Column.DATE and fitted != text and len(text) == len("2026-12-02"):
            fitted = fit_text(text[5:], _FONT, room, bold)  # the month and day, not a cut year
        draw_text(surface, fitted, _FONT, cell_colour, (left, rect.centery), "midleft", bold)


def _draw_arrow(
    surface: pygame.Surface, centre: tuple[int, int], down: bool, colour: theme.Color
) -> None:
    """A small triangle: pointing down for a descending sort, up for an ascending one."""
    x, y = centre
    half = px(4)
    tip = y + half if down else y - half
    base = y - half if down else y + half
    pygame.draw.polygon(surface, colour, [(x - half, base), (x + half, base), (x, tip)])


def _origin_colour(item: SolutionRow) -> theme.Color:
    if not item.fits:
        return theme.DANGER
    if item.best_moves_or_pushes:
        return theme.GOOD
    return theme.TEXT_DIM
