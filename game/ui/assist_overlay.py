"""Drawing the solver's hint over the board: the walk to the box and the push's arrow.

It reads the hint in the play screen's view model only.
"""

from __future__ import annotations

import pygame

from game.core.board import Board
from game.solver.plan import Hint
from game.ui import theme
from game.ui.camera import Camera

STATUS_MARGIN = 58  # above the key bar


def draw_hint(
    surface: pygame.Surface, hint: Hint, board: Board, player: int,
    camera: Camera, origin: tuple[int, int],
) -> None:
    """Dots along the walk to the pushing square, and an arrow from the box to its target."""
    tile = camera.tile_size
    square = player
    dot = max(2, tile // 10)
    for direction in hint.walk:
        square = board.step(square, direction)
        column, row = board.coords(square)
        centre = camera.screen_rect(column, row, origin).center
        pygame.draw.circle(surface, theme.ACCENT_ALT, centre, dot)
    box_rect = camera.screen_rect(*board.coords(hint.push.box), origin)
    pygame.draw.rect(surface, theme.ACCENT, box_rect.inflate(4, 4), width=3, border_radius=6)
    target_rect = camera.screen_rect(*board.coords(hint.target), origin)
    _arrow(surface, box_rect.center, target_rect.center, max(3, tile // 6))


def _arrow(
    surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], width: int
) -> None:
    """A thick arrow with a triangular head, pointing from ``start`` to ``end``."""
    sx, sy = start
    ex, ey = end
    dx, dy = ex - sx, ey - sy
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    head = width * 2.5
    base = (ex - ux * head, ey - uy * head)
    pygame.draw.line(surface, theme.SHADOW, (sx + 2, sy + 2), (base[0] + 2, base[1] + 2), width)
    pygame.draw.line(surface, theme.ACCENT, start, base, width)
    left = (base[0] - uy * head * 0.7, base[1] + ux * head * 0.7)
    right = (base[0] + uy * head * 0.7, base[1] - ux * head * 0.7)
    pygame.draw.polygon(surface, theme.ACCENT, [end, left, right])
