"""The play screen's picture: a level being played, drawn from its view model alone.

The board between two ticks, the marks, the solver's hint and status, the HUD and the notice.
"""

from __future__ import annotations

import pygame

from game.app.play_views import MarkKind, PlayView, PositionView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.assist_overlay import STATUS_MARGIN, draw_hint
from game.ui.board_view import BoardPicture, BoardView, Mark
from game.ui.camera import Camera
from game.ui.hud import draw_hud, draw_notice, hud_height, notice_height, notice_lines
from game.ui.scale import px
from game.ui.widgets import KeyHelp, key_bar_height

_CAPTION_LINES = 2
MARK_COLOURS = {
    MarkKind.SELECTED: theme.SELECTION,
    MarkKind.REFUSED: theme.DANGER,
    MarkKind.DEAD: theme.DANGER,
}


class PlayPainter:
    """Draws a level being played from its view model; keeps the board's static layer."""

    def __init__(self, assets: Assets) -> None:
        self.board_view = BoardView(assets)

    # -- layout --------------------------------------------------------------------------------
    def board_area(self, size: tuple[int, int], view: PlayView, keys: KeyHelp) -> pygame.Rect:
        """The screen between the HUD and the key bar, above the caption if there is one and
        the solver's status line: the board is fitted into it, so neither covers a row of it."""
        top = hud_height(size[0])
        bottom = (
            self.caption_top(size, view, keys) if view.caption else self.status_top(size, keys)
        )
        return pygame.Rect(0, top, size[0], max(1, bottom - top))

    def status_top(self, size: tuple[int, int], keys: KeyHelp) -> int:
        """Where the strip of the solver's status (a hint's, a deadlock's) starts."""
        return self.status_bottom(size, keys) - px(STATUS_MARGIN)

    def caption_top(self, size: tuple[int, int], view: PlayView, keys: KeyHelp) -> int:
        """Where the caption's strip starts: two lines of it on a narrow window."""
        lines = len(notice_lines(view.caption, size[0], _CAPTION_LINES))
        return self.status_top(size, keys) - (notice_height(lines) - notice_height(1))

    def status_bottom(self, size: tuple[int, int], keys: KeyHelp) -> int:
        """The bottom of the strip the caption and the solver's status are drawn in."""
        width, height = size
        return height - key_bar_height(width, keys)

    @staticmethod
    def hud_area(size: tuple[int, int]) -> pygame.Rect:
        """The HUD along the top, with its border line."""
        return pygame.Rect(0, 0, size[0], hud_height(size[0]) + 2)

    def prepare(self, view: PlayView, tile_size: int) -> None:
        """Make the board's static picture at this tile size."""
        self.board_view.prepare(view.position.board, tile_size)

    # -- the board -------------------------------------------------------------------------------
    @staticmethod
    def focus(position: PositionView, alpha: float) -> tuple[float, float]:
        """The centre of the player as drawn, in tile coordinates (the camera follows it)."""
        x, y = _player_at(position, alpha)
        return x + 0.5, y + 0.5

    def picture(self, position: PositionView, hover: int | None, alpha: float) -> BoardPicture:
        """What the board looks like ``alpha`` of the way to the next tick."""
        board = position.board
        marks = [Mark(mark.square, MARK_COLOURS[mark.kind]) for mark in position.marks]
        if hover is not None and board.is_walkable(hover):
            marks.insert(0, Mark(hover, theme.TEXT_DIM))
        player = _player_at(position, alpha)
        slide = position.slide
        if slide is None or slide.box_from is None or slide.box_to is None:
            return BoardPicture(
                board, position.boxes, player, position.facing, marks=tuple(marks),
                homes=position.homes,
            )
        fraction = slide.fraction(alpha)
        resting = [square for square in position.boxes if square != slide.box_to]
        moving = _between(board.coords(slide.box_from), board.coords(slide.box_to), fraction)
        arrived = slide.box_to if fraction >= 0.5 else slide.box_from
        homes = position.homes
        done = arrived in homes if homes is not None else board.is_goal(arrived)
        return BoardPicture(
            board, resting, player, position.facing, moving, done, tuple(marks), homes
        )

    # -- the whole screen ------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        view: PlayView,
        seconds: float,
        alpha: float,
        camera: Camera,
        hover: int | None,
        keys: KeyHelp,
    ) -> None:
        size = surface.get_size()
        area = self.board_area(size, view, keys)
        status_bottom = self.status_bottom(size, keys)
        origin = camera.origin_at(alpha)
        self.board_view.draw(surface, self.picture(view.position, hover, alpha), origin,
                             camera.tile_size, area)
        # The caption's strip under the board.
        surface.fill(theme.BACKGROUND, (0, area.bottom, area.width, status_bottom - area.bottom))
        if view.hint is not None:
            position = view.position
            draw_hint(surface, view.hint, position.board, position.player, camera, origin)
        if view.caption and view.status is None:
            top = self.caption_top(size, view, keys)
            draw_notice(surface, view.caption, theme.TEXT, top, _CAPTION_LINES)
        if view.status is not None:
            colour = theme.TONE_COLOURS[view.status.tone]
            draw_notice(surface, view.status.text, colour, status_bottom - px(STATUS_MARGIN))
        draw_hud(surface, view.hud, seconds)
        if view.notice is not None:
            text, tone = view.notice
            draw_notice(surface, text, theme.TONE_COLOURS[tone], hud_height(size[0]))


def _player_at(position: PositionView, alpha: float) -> tuple[float, float]:
    board, slide = position.board, position.slide
    if slide is None:
        x, y = board.coords(position.player)
        return float(x), float(y)
    return _between(board.coords(slide.player_from), board.coords(slide.player_to),
                    slide.fraction(alpha))


def _between(start: tuple[int, int], end: tuple[int, int], fraction: float) -> tuple[float, float]:
    return start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction
