"""Level select cards: number, title, preview, stars, and solved, shown or locked status.

Drawing only; the level select's model (game.app.level_select) decides what each card says.
"""

from __future__ import annotations

import math

import pygame

from game.app.level_select import LevelCard
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text

# The card's size at the design's scale (game.ui.scale): px(CARD_WIDTH) on screen.
CARD_WIDTH = 212
CARD_HEIGHT = 196
PREVIEW_HEIGHT = 118
# The short form fits beside the stars on every card.
SHOWN_STATUS = "shown by solver"
_STAR_RADIUS = 6
_STAR_GAP = 3


def draw_card(
    surface: pygame.Surface, rect: pygame.Rect, info: LevelCard, preview: pygame.Surface | None
) -> None:
    """A level's card, with its ``preview`` (None: still being drawn)."""
    if info.level is None:
        _draw_unplayable_card(surface, rect, info.number, info.chosen)
        return
    border = theme.SELECTION if info.chosen else (
        theme.GOOD if info.solved else theme.PANEL_BORDER
    )
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, px(4)), border_radius=12)
    fill = theme.PANEL_LIGHT if info.chosen else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=12)
    pygame.draw.rect(surface, border, rect, width=3 if info.chosen else 2, border_radius=12)
    preview_box = pygame.Rect(
        rect.left + px(10), rect.top + px(30), rect.width - px(20), px(PREVIEW_HEIGHT)
    )
    if info.locked:
        draw_text(surface, "locked", 22, theme.TEXT_DIM, preview_box.center, "center")
    elif preview is not None:
        surface.blit(preview, preview.get_rect(center=preview_box.center))
    else:
        draw_text(surface, "...", 22, theme.TEXT_DIM, preview_box.center, "center")
    draw_text(
        surface, str(info.number), 20, theme.ACCENT, (rect.left + px(12), rect.top + px(8)),
        bold=True,
    )
    if info.title:
        title = fit_text(info.title, 17, rect.width - px(60))
        corner = (rect.right - px(12), rect.top + px(10))
        draw_text(surface, title, 17, theme.TEXT_DIM, corner, "topright")
    status_y = rect.bottom - px(22)
    room = rect.width - px(28)
    if info.stars is not None:
        room -= _draw_stars(surface, (rect.right - px(12), status_y), info.stars) + px(8)
    if info.solved:
        _draw_check(surface, (rect.left + px(14), status_y))
        best = fit_text(f"best {info.best}", 16, room - px(20))
        draw_text(surface, best, 16, theme.GOOD, (rect.left + px(32), status_y), "midleft")
        return
    status = fit_text(SHOWN_STATUS if info.shown_by_solver else info.size, 16, room)
    draw_text(surface, status, 16, theme.TEXT_DIM, (rect.left + px(14), status_y), "midleft")


def _draw_unplayable_card(
    surface: pygame.Surface, rect: pygame.Rect, number: int, chosen: bool
) -> None:
    """The card of a level the game cannot play: its number, and Enter to hear why."""
    border = theme.SELECTION if chosen else theme.PANEL_BORDER
    pygame.draw.rect(surface, theme.BACKGROUND, rect, border_radius=12)
    pygame.draw.rect(surface, border, rect, width=3 if chosen else 1, border_radius=12)
    corner = (rect.left + px(12), rect.top + px(8))
    draw_text(surface, str(number), 20, theme.TEXT_DIM, corner, bold=True)
    draw_text(surface, "cannot be played", 18, theme.TEXT_DIM, rect.center, "center")
    hint = fit_text("Enter says why", 16, rect.width - px(28))
    at = (rect.centerx, rect.bottom - px(22))
    draw_text(surface, hint, 16, theme.TEXT_DIM, at, "center")


def _draw_stars(surface: pygame.Surface, right_middle: tuple[int, int], stars: int) -> int:
    """Five small stars ending at ``right_middle``, ``stars`` of them filled; their width."""
    radius, gap = px(_STAR_RADIUS), px(_STAR_GAP)
    step = 2 * radius + gap
    width = 5 * step - gap
    x0 = right_middle[0] - width + radius
    for index in range(5):
        centre = (x0 + index * step, right_middle[1])
        points = _star_points(centre, radius)
        if index < stars:
            pygame.draw.polygon(surface, theme.ACCENT, points)
        else:
            pygame.draw.polygon(surface, theme.PANEL_BORDER, points, width=1)
    return width


def _star_points(centre: tuple[int, int], radius: int) -> list[tuple[float, float]]:
    points = []
    for corner in range(10):
        reach = radius if corner % 2 == 0 else radius * 0.45
        angle = math.pi / 5 * corner - math.pi / 2
        points.append((centre[0] + reach * math.cos(angle), centre[1] + reach * math.sin(angle)))
    return points


def _draw_check(surface: pygame.Surface, at: tuple[int, int]) -> None:
    """A check mark (the default font has no glyph for one)."""
    x, y = at
    points = [(x, y), (x + px(5), y + px(5)), (x + px(13), y - px(6))]
    pygame.draw.lines(surface, theme.GOOD, False, points, px(3))
