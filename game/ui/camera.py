"""The camera over the board: tile size (fit and zoom), following the player, and panning.

It moves only in logic ticks; drawing asks for the origin between the last two ticks.
"""

from __future__ import annotations

import pygame

from game.ui.scale import px

MIN_TILE = 8
# The largest square a board is fitted at, and the largest zoom can make it, in pixels of the
# design size: both grow with the interface (3x on a 4K screen), so a small level fills it.
MAX_FIT_TILE = 96
MAX_ZOOM_TILE = 2 * MAX_FIT_TILE
ZOOM_STEP = 1.25
# The player may roam this share of the view from its edges before the camera follows.
FOLLOW_MARGIN = 0.3
# Share of the remaining distance the camera covers each tick when it follows.
FOLLOW_EASING = 0.25
# At least this share of the view stays over the board when panning.
PAN_KEEP = 0.25

Point = tuple[float, float]


def fit_tile_size(view: pygame.Rect, columns: int, rows: int) -> int:
    """The largest tile size at which a ``columns`` x ``rows`` board fits ``view``."""
    size = min(view.width // max(columns, 1), view.height // max(rows, 1))
    return max(MIN_TILE, min(px(MAX_FIT_TILE), size))


class Camera:
    """Where the board's top-left corner is on screen, and how big a square is."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self.view = pygame.Rect(0, 0, 1, 1)
        self.zoom = 1.0
        self.tile_size = MIN_TILE
        self.origin: Point = (0.0, 0.0)
        self.previous: Point = (0.0, 0.0)
        self.panned = False

    # -- sizes -----------------------------------------------------------------------------
    @property
    def board_pixels(self) -> tuple[int, int]:
        return self.columns * self.tile_size, self.rows * self.tile_size

    def set_view(self, view: pygame.Rect, focus: Point) -> None:
        """Lay the board out in ``view`` (new window size) and show ``focus`` (tile coords)."""
        self.view = pygame.Rect(view)
        self._apply_zoom(self.zoom, focus)

    def zoom_by(self, steps: int, focus: Point) -> None:
        """Zoom in (positive) or out by whole steps, keeping ``focus`` (tile coords) in place."""
        self._apply_zoom(self.zoom * ZOOM_STEP**steps, focus)

    def reset_zoom(self, focus: Point) -> None:
        self.panned = False
        self._apply_zoom(1.0, focus)

    def _apply_zoom(self, zoom: float, focus: Point) -> None:
        fit = fit_tile_size(self.view, self.columns, self.rows)
        tile = max(MIN_TILE, min(max(fit, px(MAX_ZOOM_TILE)), round(fit * zoom)))
        self.zoom = tile / fit
        old_tile = self.tile_size
        screen_x = self.origin[0] + focus[0] * old_tile
        screen_y = self.origin[1] + focus[1] * old_tile
        self.tile_size = tile
        self.origin = (screen_x - focus[0] * tile, screen_y - focus[1] * tile)
        self.follow(focus, snap=True)

    # -- movement (logic ticks only) --------------------------------------------------------
    def follow(self, focus: Point, snap: bool = False) -> None:
        """One tick of following ``focus`` (the player's centre, in tile coords)."""
        self.previous = self.origin
        target = (
            self._axis_target(0, focus[0] * self.tile_size),
            self._axis_target(1, focus[1] * self.tile_size),
        )
        if snap:
            self.origin = target
            self.previous = target
            return
        x = self.origin[0] + (target[0] - self.origin[0]) * FOLLOW_EASING
        y = self.origin[1] + (target[1] - self.origin[1]) * FOLLOW_EASING
        self.origin = (
            target[0] if abs(target[0] - x) < 0.5 else x,
            target[1] if abs(target[1] - y) < 0.5 else y,
        )

    def _axis_target(self, axis: int, focus_pixels: float) -> float:
        start = self.view.left if axis == 0 else self.view.top
        length = self.view.width if axis == 0 else self.view.height
        board = self.board_pixels[axis]
        origin = self.origin[axis]
        if self.panned:
            return origin
        if board <= length:
            return float(start + (length - board) // 2)
        margin = length * FOLLOW_MARGIN
        on_screen = origin + focus_pixels
        if on_screen < start + margin:
            origin = start + margin - focus_pixels
        elif on_screen > start + length - margin:
            origin = start + length - margin - focus_pixels
        return float(min(start, max(start + length - board, origin)))

    def pan(self, dx: float, dy: float) -> None:
        """Drag the board by a mouse movement; the camera stops following until released."""
        width, height = self.board_pixels
        keep_x, keep_y = self.view.width * PAN_KEEP, self.view.height * PAN_KEEP
        x = min(self.view.right - keep_x, max(self.view.left + keep_x - width, self.origin[0] + dx))
        y = min(
            self.view.bottom - keep_y, max(self.view.top + keep_y - height, self.origin[1] + dy)
        )
        self.origin = self.previous = (x, y)
        self.panned = True

    def release(self) -> None:
        """Follow the player again (after he moves)."""
        self.panned = False

    # -- reading ---------------------------------------------------------------------------
    def origin_at(self, alpha: float) -> tuple[int, int]:
        """The origin between the previous tick (alpha 0) and the last one (alpha 1)."""
        x = self.previous[0] + (self.origin[0] - self.previous[0]) * alpha
        y = self.previous[1] + (self.origin[1] - self.previous[1]) * alpha
        return round(x), round(y)

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The board column and row under a screen position, or None off the board."""
        if not self.view.collidepoint(pos):
            return None
        column = int((pos[0] - self.origin[0]) // self.tile_size)
        row = int((pos[1] - self.origin[1]) // self.tile_size)
        if 0 <= column < self.columns and 0 <= row < self.rows:
            return column, row
        return None

    def screen_rect(self, column: float, row: float, origin: tuple[int, int]) -> pygame.Rect:
        tile = self.tile_size
        return pygame.Rect(
            round(origin[0] + column * tile), round(origin[1] + row * tile), tile, tile
        )
