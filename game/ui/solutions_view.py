"""The Solutions screen's picture: a table of a level's solutions with their six metrics, their
origin and the best marks, the chosen row lit, and the screen's one line of news.

Drawing reads the library view only; the rows' places serve the scene's mouse handling too.
"""

from __future__ import annotations

import pygame

from game.app.library_view import LibraryView
from game.app.solutions import ShownEntry
from game.core.wording import counted
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
from game.ui.widgets import draw_backdrop, draw_panel, draw_title

ROW_HEIGHT = 30
TABLE_TOP = 104
MESSAGE_ROOM = 40
_FONT = 19
_HEADER_FONT = 17
_WIDE = 980  # from this width the headers have their full names
# The columns: their header (wide, narrow) and share of the table's width.
_COLUMNS = (
    (("#", "#"), 0.06),
    (("Moves", "Moves"), 0.10),
    (("Pushes", "Pushes"), 0.10),
    (("Box lines", "Lines"), 0.10),
    (("Box changes", "Chg"), 0.11),
    (("Sessions", "Sess"), 0.09),
    (("Player lines", "PLines"), 0.11),
    (("Origin", "Origin"), 0.33),
)


def table_area(view_area: pygame.Rect) -> pygame.Rect:
    """Where the table goes in the screen above the key bar."""
    # Every length at the window's scale, as the text is: a large window gets a larger table.
    width = min(px(1100), view_area.width - 24)
    top = px(TABLE_TOP)
    height = max(px(ROW_HEIGHT) * 2, view_area.bottom - px(MESSAGE_ROOM) - top)
    return pygame.Rect(view_area.centerx - width // 2, top, width, height)


def visible_rows(view: LibraryView, view_area: pygame.Rect) -> range:
    """The rows in view, scrolled so that the chosen one is among them (the header takes one)."""
    shown = max(1, table_area(view_area).height // px(ROW_HEIGHT) - 1)
    count = len(view.entries)
    first = min(max(0, view.selected - shown + 1), max(0, count - shown))
    return range(first, min(count, first + shown))


def row_rect(view: LibraryView, view_area: pygame.Rect, row: int) -> pygame.Rect:
    table = table_area(view_area)
    offset = row - visible_rows(view, view_area).start + 1
    row_height = px(ROW_HEIGHT)
    return pygame.Rect(table.left, table.top + offset * row_height, table.width, row_height - 2)


def row_at(view: LibraryView, view_area: pygame.Rect, pos: tuple[int, int]) -> int | None:
    for row in visible_rows(view, view_area):
        if row_rect(view, view_area, row).collidepoint(pos):
            return row
    return None


def cells(item: ShownEntry) -> list[str]:
    """The texts of one row, in the order of the columns."""
    entry, metrics = item.entry, item.metrics
    origin = entry.origin_text()
    marks = [name for name, best in (("moves", item.best_moves), ("pushes", item.best_pushes))
             if best]
    if marks:
        origin += f", best {'+'.join(marks)}"
    if metrics is None:
        return [f"#{entry.number}", f"{entry.moves:,}", f"{entry.pushes:,}", "-", "-", "-", "-",
                f"{origin}: does not fit"]
    counts = (
        metrics.moves,
        metrics.pushes,
        metrics.box_lines,
        metrics.box_changes,
        metrics.pushing_sessions,
        metrics.player_lines,
    )
    return [f"#{entry.number}", *(f"{count:,}" for count in counts), origin]


def _column_lefts(table: pygame.Rect) -> list[int]:
    lefts, x = [], table.left + 10
    for _, share in _COLUMNS:
        lefts.append(x)
        x += int((table.width - 20) * share)
    return lefts


def draw_solutions(
    surface: pygame.Surface, view: LibraryView, view_area: pygame.Rect, heading: str
) -> None:
    """The whole screen above the key bar."""
    draw_backdrop(surface)
    width = surface.get_width()
    draw_title(surface, "Solutions", 14, 40)
    count = counted(len(view.entries), "solution")
    line = fit_text(f"{count} of {heading}", 20, width - 40)
    draw_text(surface, line, 20, theme.TEXT_DIM, (width // 2, px(60)), "midtop")
    table = table_area(view_area)
    if not view.entries:
        _draw_empty(surface, table)
    else:
        _draw_table(surface, view, view_area, table)
    if view.message:
        text = fit_text(view.message, _FONT, width - 30)
        at = (width // 2, view_area.bottom - 10)
        draw_text(surface, text, _FONT, theme.TONE_COLOURS[view.tone], at, "midbottom")


def _draw_empty(surface: pygame.Surface, table: pygame.Rect) -> None:
    panel = pygame.Rect(table.left, table.top, table.width, 110)
    draw_panel(surface, panel)
    draw_text(surface, "No solutions kept yet.", 26, theme.TEXT, panel.center, "midbottom")
    hint = "Solve the level, or import solutions (V: clipboard, I: a file)."
    hint = fit_text(hint, _FONT, panel.width - 30)
    draw_text(surface, hint, _FONT, theme.TEXT_DIM, (panel.centerx, panel.centery + 6), "midtop")


def _draw_table(
    surface: pygame.Surface, view: LibraryView, view_area: pygame.Rect, table: pygame.Rect
) -> None:
    lefts = _column_lefts(table)
    wide = table.width >= px(_WIDE)
    header_y = table.top + px(ROW_HEIGHT) // 2
    for index, ((names, _), left) in enumerate(zip(_COLUMNS, lefts, strict=True)):
        room = (lefts[index + 1] if index + 1 < len(lefts) else table.right) - left - 6
        name = fit_text(names[0] if wide else names[1], _HEADER_FONT, room, True)
        draw_text(surface, name, _HEADER_FONT, theme.ACCENT, (left, header_y), "midleft", True)
    for row in visible_rows(view, view_area):
        item = view.entries[row]
        rect = row_rect(view, view_area, row)
        chosen = row == view.selected
        fill = theme.PANEL_LIGHT if chosen else theme.PANEL
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        if chosen:
            pygame.draw.rect(surface, theme.SELECTION, rect, width=2, border_radius=6)
        colour = theme.TEXT if item.fits else theme.TEXT_DIM
        texts = cells(item)
        for index, (text, left) in enumerate(zip(texts, lefts, strict=True)):
            room = (lefts[index + 1] if index + 1 < len(lefts) else rect.right) - left - 6
            cell_colour = colour
            if index == len(texts) - 1:
                cell_colour = _origin_colour(item)
            fitted = fit_text(text, _FONT, room)
            draw_text(surface, fitted, _FONT, cell_colour, (left, rect.centery), "midleft")
    rows = visible_rows(view, view_area)
    if rows.start > 0 or rows.stop < len(view.entries):
        more = f"{rows.start + 1}-{rows.stop} of {len(view.entries)}"
        draw_text(surface, more, 16, theme.TEXT_DIM, (table.right, table.top + 2), "topright")


def _origin_colour(item: ShownEntry) -> theme.Color:
    if not item.fits:
        return theme.DANGER
    if item.best_moves or item.best_pushes:
        return theme.GOOD
    return theme.TEXT_DIM
