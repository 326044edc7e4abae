"""Drawing the solver's help over the board: the hint's walk and push arrow, and a status pill.

Reads the assist's state only; the play scene calls it after drawing the board.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.app.assist import SolverAssist
from game.app.notice import Tone
from game.core.board import Board
from game.ui import theme
from game.ui.camera import Camera
from game.ui.hud import draw_notice

STATUS_MARGIN = 58  # above the key bar


def draw_hint(
    surface: pygame.Surface, assist: SolverAssist, board: Board, player: int,
    camera: Camera, origin: tuple[int, int],
) -> None:
    """Dots along the walk to the pushing square, and an arrow from the box to its target."""
    hint = assist.hint
    if hint is None:
        return
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


def draw_status(
    surface: pygame.Surface, assist: SolverAssist, colours: Mapping[Tone, theme.Color], bottom: int
) -> None:
    """The assist's status line (worded by the assist) in the colour of its tone."""
    status = assist.status()
    if status is not None:
        draw_notice(surface, status.text, colours[status.tone], bottom - STATUS_MARGIN)
