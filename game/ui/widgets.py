"""Widgets shared by the scenes: menus, panels, the key help bar, a text field and backdrops.

Layouts are pure functions of the area they get, so drawing and mouse hit-tests always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.app.dialogs.menu import ClickOn, MenuCommand, MenuKey, MenuView, PointAt
from game.ui import theme
from game.ui.scale import px, ui_scale
from game.ui.text import draw_text, text_width

KeyHelp = Sequence[tuple[str, str]]

KEY_BAR_FONT = 17
KEY_BAR_ROW = 24
KEY_BAR_PADDING = 6
_KEY_GAP = 22

MENU_FONT = 28
MENU_ROW = 46
MIN_MENU_ROW = 34
MENU_WIDTH = 460

UP_KEYS = (pygame.K_UP, pygame.K_w, pygame.K_k)
DOWN_KEYS = (pygame.K_DOWN, pygame.K_s, pygame.K_j)
LEFT_KEYS = (pygame.K_LEFT, pygame.K_a, pygame.K_h)
RIGHT_KEYS = (pygame.K_RIGHT, pygame.K_d, pygame.K_l)
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def is_pointing(event: pygame.event.Event) -> bool:
    """A press of a mouse button, or the pointer moved by the player. SDL also reports the
    pointer where it rests when a window opens or comes under it (a motion of nothing): that
    must not take the choice from the keyboard."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        return True
    return event.type == pygame.MOUSEMOTION and tuple(event.rel) != (0, 0)


# -- backdrops and panels --------------------------------------------------------------------
@lru_cache(maxsize=4)
def _gradient(size: tuple[int, int]) -> pygame.Surface:
    width, height = size
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), theme.BACKGROUND_ALT)
    strip.set_at((0, 1), theme.BACKGROUND)
    return pygame.transform.smoothscale(strip, (max(1, width), max(2, height)))


def draw_backdrop(surface: pygame.Surface) -> None:
    """The screens' background: a soft vertical gradient."""
    surface.blit(_gradient(surface.get_size()), (0, 0))


@lru_cache(maxsize=4)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((*theme.SHADOW, 170))
    return shade


def dim(surface: pygame.Surface) -> None:
    """Darken what is already drawn, under a dialog."""
    surface.blit(_shade(surface.get_size()), (0, 0))


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, border: theme.Color | None = None
) -> None:
    """A raised, rounded panel with a drop shadow."""
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 6), border_radius=14)
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=14)
    pygame.draw.rect(surface, border or theme.PANEL_BORDER, rect, width=2, border_radius=14)


def draw_title(surface: pygame.Surface, text: str, top: int, size: int = 44) -> pygame.Rect:
    return draw_text(
        surface, text, size, theme.ACCENT, (surface.get_width() // 2, px(top)), "midtop", bold=True
    )


def draw_scrollbar(
    surface: pygame.Surface, track: pygame.Rect, first: int, shown: int, total: int
) -> None:
    """A thin bar in ``track`` that shows which ``shown`` of ``total`` rows, from ``first``,
    are in view (nothing when all are)."""
    if total <= shown:
        return
    thumb_height = max(px(24), track.height * shown // total)
    thumb_top = track.top + (track.height - thumb_height) * first // max(1, total - shown)
    pygame.draw.rect(surface, theme.PANEL, track, border_radius=3)
    thumb = pygame.Rect(track.left, thumb_top, track.width, thumb_height)
    pygame.draw.rect(surface, theme.ACCENT_ALT, thumb, border_radius=3)


# -- the key help bar ------------------------------------------------------------------------
def key_bar_rows(width: int, keys: KeyHelp) -> list[list[tuple[str, str]]]:
    """The key hints broken into rows that fit ``width``."""


    return _key_bar_rows(width, tuple(keys), ui_scale())


@lru_cache(maxsize=32)
def _key_bar_rows(
    width: int, keys: tuple[tuple[str, str], ...], scale: float
) -> list[list[tuple[str, str]]]:
    rows: list[list[tuple[str, str]]] = [[]]
    used = px(KEY_BAR_PADDING) * 2
    for key, action in keys:
        needed = _hint_width(key, action) + (px(_KEY_GAP) if rows[-1] else 0)
        if rows[-1] and used + needed > width:
            rows.append([])
            used = px(KEY_BAR_PADDING) * 2
            needed = _hint_width(key, action)
        rows[-1].append((key, action))
        used += needed
    return rows


def _hint_width(key: str, action: str) -> int:
    return text_width(key, KEY_BAR_FONT, bold=True) + px(6) + text_width(action, KEY_BAR_FONT)


def key_bar_height(width: int, keys: KeyHelp) -> int:
    return len(key_bar_rows(width, keys)) * px(KEY_BAR_ROW) + px(KEY_BAR_PADDING) * 2


def draw_key_bar(surface: pygame.Surface, keys: KeyHelp) -> int:
    """The keys of the screen along its bottom edge; returns the bar's height."""
    width, height = surface.get_size()
    rows = key_bar_rows(width, keys)
    row_height, padding, gap = px(KEY_BAR_ROW), px(KEY_BAR_PADDING), px(_KEY_GAP)
    bar_height = len(rows) * row_height + padding * 2
    bar = pygame.Rect(0, height - bar_height, width, bar_height)
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_BORDER, bar.topleft, bar.topright, 2)
    y = bar.top + padding + row_height // 2
    for row in rows:
        row_width = sum(_hint_width(k, a) for k, a in row) + gap * (len(row) - 1)
        x = max(padding, (width - row_width) // 2)
        for key, action in row:
            rect = draw_text(surface, key, KEY_BAR_FONT, theme.ACCENT, (x, y), "midleft", True)
            rect = draw_text(
                surface, action, KEY_BAR_FONT, theme.TEXT_DIM, (rect.right + px(6), y), "midleft"
            )
            x = rect.right + gap
        y += row_height
    return bar_height


# -- menus -----------------------------------------------------------------------------------
_MENU_KEYS = {
    **dict.fromkeys(UP_KEYS, MenuKey.UP),
    **dict.fromkeys(DOWN_KEYS, MenuKey.DOWN),
    **dict.fromkeys(LEFT_KEYS, MenuKey.LEFT),
    **dict.fromkeys(RIGHT_KEYS, MenuKey.RIGHT),
    **dict.fromkeys(CONFIRM_KEYS, MenuKey.CHOOSE),
}


def menu_rects(view: MenuView, area: pygame.Rect, width: int = MENU_WIDTH) -> list[pygame.Rect]:
    """The lines' rectangles, centred in ``area``; rows get shorter when the area is low."""
    count = len(view.lines)
    width = min(px(width), area.width - 20)
    row = max(px(MIN_MENU_ROW), min(px(MENU_ROW), area.height // max(1, count)))
    top = area.centery - row * count // 2
    left = area.centerx - width // 2
    gap = px(6)
    return [pygame.Rect(left, top + i * row, width, row - gap) for i in range(count)]


def menu_command(
    event: pygame.event.Event, view: MenuView, area: pygame.Rect, width: int = MENU_WIDTH
) -> MenuCommand | None:
    """What a key press or the mouse asks of the menu drawn in ``area`` (None: nothing)."""
    if event.type == pygame.KEYDOWN:
        return _MENU_KEYS.get(event.key)
    if event.type == pygame.MOUSEMOTION and is_pointing(event):
        hit = _hit(menu_rects(view, area, width), event.pos)
        return PointAt(hit) if hit is not None else None
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        rects = menu_rects(view, area, width)
        hit = _hit(rects, event.pos)
        if hit is None:
            return None
        side = -1 if event.pos[0] < rects[hit].centerx - rects[hit].width // 4 else 1
        return ClickOn(hit, side)
    return None


def draw_menu(
    surface: pygame.Surface, view: MenuView, area: pygame.Rect, width: int = MENU_WIDTH
) -> None:
    """The menu's lines, the chosen one framed; a setting's value at the right end."""
    for index, (line, rect) in enumerate(
        zip(view.lines, menu_rects(view, area, width), strict=True)
    ):
        chosen = index == view.selected
        if chosen:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=10)
            pygame.draw.rect(surface, theme.SELECTION, rect, width=2, border_radius=10)
        colour = theme.TEXT if line.enabled else theme.TEXT_DIM
        if chosen and line.enabled:
            colour = theme.SELECTION
        if line.value is None:
            draw_text(surface, line.label, MENU_FONT, colour, rect.center, "center", chosen)
            continue
        left = (rect.left + px(18), rect.centery)
        draw_text(surface, line.label, MENU_FONT, colour, left, "midleft")
        value = f"‹ {line.value} ›" if line.adjusts else line.value
        right = (rect.right - px(18), rect.centery)
        draw_text(surface, value, MENU_FONT, theme.ACCENT_ALT, right, "midright")


def _hit(rects: Sequence[pygame.Rect], pos: tuple[int, int]) -> int | None:
    for index, rect in enumerate(rects):
        if rect.collidepoint(pos):
            return index
    return None
