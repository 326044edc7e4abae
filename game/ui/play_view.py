"""The play view: what a level being played looks like, drawn from its controller's state.

It only reads: the board between two ticks, the marks, the solver's help, the HUD and the keys.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.play_controller import PlayController
from game.core.chapters import CAPTION_KEY, level_field
from game.ui import theme
from game.ui.assets import Assets
from game.ui.assist_overlay import STATUS_MARGIN, draw_hint, draw_status
from game.ui.board_view import BoardPicture, BoardView, Mark
from game.ui.camera import Camera
from game.ui.hud import HudInfo, draw_hud, draw_notice, hud_height, notice_height, notice_lines
from game.ui.scale import px
from game.ui.widgets import KeyHelp, key_bar_height

_CAPTION_LINES = 2


class PlayView:
    """Draws one level being played: board, hint, HUD, notice and key bar."""

    def __init__(
        self, controller: PlayController, assets: Assets, keys: Callable[[], KeyHelp]
    ) -> None:
        self.controller = controller
        self.board_view = BoardView(assets)
        # The key bar's keys now (they change while the solver's solution plays).
        self.keys = keys
        # The square under the mouse, outlined so that a click's target is plain to see.
        self.hover: int | None = None
        # A tutorial level's one line of teaching, shown while the solver's help is silent.
        self.caption = level_field(controller.level, CAPTION_KEY)

    def board_area(self, size: tuple[int, int]) -> pygame.Rect:
        """The screen between the HUD and the key bar, above the caption if there is one and
        the solver's status line: the board is fitted into it, so neither covers a row of it."""
        top = hud_height(size[0])
        bottom = self.caption_top(size) if self.caption else self.status_top(size)
        return pygame.Rect(0, top, size[0], max(1, bottom - top))

    def status_top(self, size: tuple[int, int]) -> int:
        """Where the strip of the solver's status (a hint's, a deadlock's) starts."""
        return self.status_bottom(size) - px(STATUS_MARGIN)

    def caption_top(self, size: tuple[int, int]) -> int:
        """Where the caption's strip starts: two lines of it on a narrow window."""
        lines = len(notice_lines(self.caption, size[0], _CAPTION_LINES))
        return self.status_top(size) - (notice_height(lines) - notice_height(1))

    def status_bottom(self, size: tuple[int, int]) -> int:
        """The bottom of the strip the caption and the solver's status are drawn in."""
        width, height = size
        return height - key_bar_height(width, self.keys())

    def hud_area(self, surface: pygame.Surface) -> pygame.Rect:
        """The HUD along the top, with its border line."""
        width = surface.get_width()
        return pygame.Rect(0, 0, width, hud_height(width) + 2)

    def prepare(self, tile_size: int) -> None:
        """Make the board's static picture at this tile size."""
        self.board_view.prepare(self.controller.level.board, tile_size)

    def focus(self, alpha: float) -> tuple[float, float]:
        """The centre of the player as drawn, in tile coordinates (the camera follows it)."""
        x, y = self.picture(alpha).player
        return x + 0.5, y + 0.5

    def picture(self, alpha: float) -> BoardPicture:
        """What the board looks like ``alpha`` of the way to the next tick."""
        play = self.controller
        board, state = play.level.board, play.reverse.shown(play.state)
        marks: list[Mark] = []
        if self.hover is not None and board.is_walkable(self.hover):
            marks.append(Mark(self.hover, theme.TEXT_DIM))
        if play.selected_box is not None and not play.reverse.active:
            marks.append(Mark(play.selected_box, theme.SELECTION))
        if play.notice is not None and play.notice.square is not None:
            marks.append(Mark(play.notice.square, theme.DANGER))
        warning = play.reverse.warning if play.reverse.active else play.assist.warning
        if warning is not None:
            marks.extend(Mark(box, theme.DANGER) for box in warning.boxes)
        homes = play.level.boxes if play.reverse.active else None
        animation = play.animation
        if animation is None:
            return BoardPicture(
                board,
                state.boxes,
                _point(board.coords(state.player)),
                state.facing,
                marks=tuple(marks),
                homes=homes,
            )
        fraction = animation.fraction(alpha)
        player = _between(
            board.coords(animation.player_from), board.coords(animation.player_to), fraction
        )
        if animation.box_from is None or animation.box_to is None:
            return BoardPicture(
                board, state.boxes, player, state.facing, marks=tuple(marks), homes=homes
            )
        resting = [square for square in state.boxes if square != animation.box_to]
        moving = _between(
            board.coords(animation.box_from), board.coords(animation.box_to), fraction
        )
        arrived = animation.box_to if fraction >= 0.5 else animation.box_from
        done = arrived in homes if homes is not None else board.is_goal(arrived)
        return BoardPicture(
            board, resting, player, state.facing, moving, done, tuple(marks), homes
        )

    def draw(
        self, surface: pygame.Surface, alpha: float, camera: Camera, hud: HudInfo
    ) -> None:
        play = self.controller
        view = self.board_area(surface.get_size())
        status_bottom = self.status_bottom(surface.get_size())
        origin = camera.origin_at(alpha)
        self.board_view.draw(surface, self.picture(alpha), origin, camera.tile_size, view)
        # The caption's strip under the board.
        surface.fill(theme.BACKGROUND, (0, view.bottom, view.width, status_bottom - view.bottom))
        if play.reverse.active:
            self._draw_reverse_status(surface, status_bottom)
        else:
            if play.animation is None:
                draw_hint(surface, play.assist, play.level.board, play.state.player, camera, origin)
            if self.caption and play.assist.status() is None:
                top = self.caption_top(surface.get_size())
                draw_notice(surface, self.caption, theme.TEXT, top, _CAPTION_LINES)
            draw_status(surface, play.assist, theme.TONE_COLOURS, status_bottom)
        draw_hud(surface, hud)
        if play.notice is not None:
            colour = theme.TONE_COLOURS[play.notice.tone]
            draw_notice(surface, play.notice.text, colour, hud_height(surface.get_width()))


    def _draw_reverse_status(self, surface: pygame.Surface, bottom: int) -> None:
        """Reverse play's line under the board: a dead box, the games meeting, or what to do."""
        reverse = self.controller.reverse
        colour = theme.ACCENT_ALT
        if reverse.warning is not None:
            colour = theme.DANGER
        elif reverse.join_moves is not None:
            colour = theme.GOOD
        draw_notice(surface, reverse.status(), colour, bottom - STATUS_MARGIN)


def _point(coords: tuple[int, int]) -> tuple[float, float]:
    return float(coords[0]), float(coords[1])


def _between(start: tuple[int, int], end: tuple[int, int], fraction: float) -> tuple[float, float]:
    return start[0] + (end[0] - start[0]) * fraction, start[1] + (end[1] - start[1]) * fraction
