"""Level select cards: number, title, preview, stars, and solved, shown or locked status.

Drawing only; the level select scene decides what each card says.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.core.level import Level
from game.core.wording import counted
from game.ui import theme
from game.ui.text import draw_text, fit_text

CARD_WIDTH = 212
CARD_HEIGHT = 196
PREVIEW_HEIGHT = 118
# The short form fits beside the stars on every card.
SHOWN_STATUS = "shown by solver"
_STAR_RADIUS = 6
_STAR_GAP = 3


@dataclass(frozen=True)
class CardInfo:
    """What one card shows besides its level: the player's status and the level's stars."""

    number: int
    chosen: bool
    solved: bool
    shown_by_solver: bool
    locked: bool
    best: str  # the best moves/pushes, for a solved level
    stars: int | None


def draw_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    level: Level,
    info: CardInfo,
    preview: pygame.Surface | None,
) -> None:
    border = theme.SELECTION if info.chosen else (
        theme.GOOD if info.solved else theme.PANEL_BORDER
    )
    pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 4), border_radius=12)
    fill = theme.PANEL_LIGHT if info.chosen else theme.PANEL
    pygame.draw.rect(surface, fill, rect, border_radius=12)
    pygame.draw.rect(surface, border, rect, width=3 if info.chosen else 2, border_radius=12)
    preview_box = pygame.Rect(rect.left + 10, rect.top + 30, rect.width - 20, PREVIEW_HEIGHT)
    if info.locked:
        draw_text(surface, "locked", 22, theme.TEXT_DIM, preview_box.center, "center")
    elif preview is not None:
        surface.blit(preview, preview.get_rect(center=preview_box.center))
    else:
        draw_text(surface, "...", 22, theme.TEXT_DIM, preview_box.center, "center")
    draw_text(
        surface, str(info.number), 20, theme.ACCENT, (rect.left + 12, rect.top + 8), bold=True
    )
    if level.title and level.title != str(info.number):
        title = fit_text(level.title, 17, rect.width - 60)
        draw_text(surface, title, 17, theme.TEXT_DIM, (rect.right - 12, rect.top + 10), "topright")
    status_y = rect.bottom - 22
    room = rect.width - 28
    if info.stars is not None:
        room -= _draw_stars(surface, (rect.right - 12, status_y), info.stars) + 8
    if info.solved:
        _draw_check(surface, (rect.left + 14, status_y))
        best = fit_text(f"best {info.best}", 16, room - 20)
        draw_text(surface, best, 16, theme.GOOD, (rect.left + 32, status_y), "midleft")
        return
    if info.shown_by_solver:
        # Finished by the solver's solution: seen, not solved, and worth no score.
        status = SHOWN_STATUS
    else:
        status = f"{level.width}x{level.height}, {counted(len(level.boxes), 'box', 'boxes')}"
    status = fit_text(status, 16, room)
    draw_text(surface, status, 16, theme.TEXT_DIM, (rect.left + 14, status_y), "midleft")


def _draw_stars(surface: pygame.Surface, right_middle: tuple[int, int], stars: int) -> int:
    """Five small stars ending at ``right_middle``, ``stars`` of them filled; their width."""
    step = 2 * _STAR_RADIUS + _STAR_GAP
    width = 5 * step - _STAR_GAP
    x0 = right_middle[0] - width + _STAR_RADIUS
    for index in range(5):
        centre = (x0 + index * step, right_middle[1])
        points = _star_points(centre, _STAR_RADIUS)
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
    pygame.draw.lines(surface, theme.GOOD, False, [(x, y), (x + 5, y + 5), (x + 13, y - 6)], 3)
