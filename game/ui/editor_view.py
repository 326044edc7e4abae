"""The editor's picture: the grid with its coordinates, the palette, the ghost, marks and status.

It draws only from an EditorFrame: the editor model's view and where the scene's camera puts it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app.editor.editor_commands import PALETTE
from game.app.editor.editor_controller import Tool
from game.app.editor.editor_model import EditorView, Ghost
from game.app.shown import Area
from game.core.board import Board, Tile
from game.core.direction import Direction
from game.core.edit_grid import WALL, Grid, Piece, has_box, is_goal
from game.ui import theme
from game.ui.assets import Assets
from game.ui.board_view import BoardPicture, BoardView, Mark
from game.ui.hud import draw_notice, notice_height
from game.ui.scale import px
from game.ui.sprites import SpriteKind
from game.ui.text import draw_text, fit_text
from game.ui.widgets import KeyHelp, key_bar_height

HEADER_HEIGHT = 44
PALETTE_WIDTH = 76
PALETTE_TILE = 40
STATUS_ROW = 24
RULER = 22  # room for the column and row numbers around the board
_LABEL_FONT = 15
_STATUS_FONT = 18
# Where the player stands when the grid has none: off the board, so nothing is drawn.
_NOWHERE = (-100.0, -100.0)
_SPRITES = {
    Piece.WALL: (SpriteKind.WALL,),
    Piece.FLOOR: (SpriteKind.FLOOR,),
    Piece.GOAL: (SpriteKind.GOAL,),
    Piece.BOX: (SpriteKind.FLOOR, SpriteKind.BOX),
    Piece.PLAYER: (SpriteKind.FLOOR, SpriteKind.PLAYER),
    Piece.BOX_ON_GOAL: (SpriteKind.GOAL, SpriteKind.BOX_ON_GOAL),
    Piece.PLAYER_ON_GOAL: (SpriteKind.GOAL, SpriteKind.PLAYER),
    Piece.ERASER: (),
}


def board_of(grid: Grid) -> tuple[Board, frozenset[int], tuple[float, float]]:
    """The grid as a board the board view draws: tiles, boxes and the player's square."""
    tiles = tuple(
        Tile.WALL if cell == WALL else Tile.GOAL if is_goal(cell) else Tile.FLOOR
        for cell in grid.cells
    )
    boxes = frozenset(i for i, cell in enumerate(grid.cells) if has_box(cell))
    player = grid.player()
    at = (float(player[0]), float(player[1])) if player is not None else _NOWHERE
    return Board(grid.width, grid.height, tiles), boxes, at


@dataclass(frozen=True)
class EditorFrame:
    """One frame of the editor: the model's view, the board's area of the window, the size of
    a square and where the board's top-left corner is (the scene's camera, as plain values)."""

    view: EditorView
    area: Area
    tile: int
    origin: tuple[int, int]


def marks_of(view: EditorView, board: Board) -> tuple[Mark, ...]:
    """The squares outlined on the board: the cursor first, so that a box marked dead on the
    cursor's square stays red on top of it."""
    cursor = Mark(board.index(*view.cursor), theme.ACCENT_ALT)
    dead = [Mark(board.index(x, y), theme.DANGER) for x, y in sorted(view.marked)]
    return (cursor, *dead)


class EditorPainter:
    """Draws the level being edited and the editor's tools around it, from an EditorFrame; keeps
    the board's picture of the last grid it was prepared for."""

    def __init__(self, assets: Assets, keys: KeyHelp) -> None:
        self.assets = assets
        self.board_view = BoardView(assets)
        self.keys = keys
        self._grid: Grid | None = None
        self._board: tuple[Board, frozenset[int], tuple[float, float]] | None = None

    # -- layout ----------------------------------------------------------------------------
    def status_top(self, size: tuple[int, int]) -> int:
        width, height = size
        return height - key_bar_height(width, self.keys) - 2 * px(STATUS_ROW) - 6

    def board_area(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the board goes: right of the palette, under the header, above the status."""
        left, top = px(PALETTE_WIDTH) + px(RULER), px(HEADER_HEIGHT) + px(RULER)
        return pygame.Rect(
            left, top, max(1, size[0] - left - 8), max(1, self.status_top(size) - top - 4)
        )

    def palette_rects(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """One square a palette entry, down the left side (in pairs on short windows)."""
        room = self.status_top(size) - px(HEADER_HEIGHT) - 8
        tile, columns, gap = px(PALETTE_TILE), 1, px(18)
        if room < len(PALETTE) * (tile + gap):
            tile, columns, gap = px(PALETTE_TILE) * 2 // 3, 2, px(12)
        return [
            pygame.Rect(
                px(12) + (index % columns) * (tile + px(14)),
                px(HEADER_HEIGHT + 10) + (index // columns) * (tile + gap),
                tile,
                tile,
            )
            for index in range(len(PALETTE))
        ]

    def piece_at(self, size: tuple[int, int], pos: tuple[int, int]) -> Piece | None:
        for piece, rect in zip(PALETTE, self.palette_rects(size), strict=True):
            if rect.inflate(8, 8).collidepoint(pos):
                return piece
        return None

    def prepare(self, grid: Grid, tile: int) -> None:
        """Make the board's picture for ``grid`` at ``tile`` pixels (called from logic, never
        from drawing)."""
        if self._grid is not grid or self._board is None:
            self._grid = grid
            self._board = board_of(grid)
        self.board_view.prepare(self._board[0], tile)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, frame: EditorFrame) -> None:
        surface.fill(theme.BACKGROUND)
        view = frame.view
        # The grid prepared in logic, unless this frame's is another (then made here, unkept).
        prepared = self._board if self._grid is view.grid else None
        board, boxes, player = prepared or board_of(view.grid)
        area = pygame.Rect(frame.area)
        origin, tile = frame.origin, frame.tile
        picture = BoardPicture(board, boxes, player, Direction.DOWN, marks=marks_of(view, board))
        self.board_view.draw(surface, picture, origin, tile, area)
        old_clip = surface.get_clip()
        surface.set_clip(area)
        self._draw_dead(surface, view.dead, origin, tile)
        self._draw_grid_lines(surface, view, board, origin, tile)
        if view.ghost is not None:
            self._draw_ghost(surface, view.ghost, origin, tile)
        surface.set_clip(old_clip)
        self._draw_rulers(surface, board, origin, tile, area)
        self._draw_header(surface, view)
        self._draw_palette(surface, view)
        self._draw_status(surface, view)
        if view.notice is not None:
            colour = theme.TONE_COLOURS[view.notice.tone]
            # Over the header for a while, clear of the column numbers and the board.
            top = max(0, px(HEADER_HEIGHT) - notice_height(1))
            draw_notice(surface, view.notice.text, colour, top)

    def _draw_dead(
        self,
        surface: pygame.Surface,
        dead: frozenset[tuple[int, int]],
        origin: tuple[int, int],
        tile: int,
    ) -> None:
        size = max(2, tile // 6)
        for x, y in dead:
            centre = (origin[0] + x * tile + tile // 2, origin[1] + y * tile + tile // 2)
            pygame.draw.line(
                surface,
                theme.DANGER,
                (centre[0] - size, centre[1] - size),
                (centre[0] + size, centre[1] + size),
                2,
            )
            pygame.draw.line(
                surface,
                theme.DANGER,
                (centre[0] - size, centre[1] + size),
                (centre[0] + size, centre[1] - size),
                2,
            )

    def _draw_grid_lines(
        self,
        surface: pygame.Surface,
        view: EditorView,
        board: Board,
        origin: tuple[int, int],
        tile: int,
    ) -> None:
        if tile < 10:
            return
        right = origin[0] + board.width * tile
        bottom = origin[1] + board.height * tile
        for column in range(board.width + 1):
            x = origin[0] + column * tile
            pygame.draw.line(surface, theme.PANEL_BORDER, (x, origin[1]), (x, bottom), 1)
        for row in range(board.height + 1):
            y = origin[1] + row * tile
            pygame.draw.line(surface, theme.PANEL_BORDER, (origin[0], y), (right, y), 1)
        selection = view.selection
        if selection is not None:
            rect = pygame.Rect(
                origin[0] + selection.left * tile,
                origin[1] + selection.top * tile,
                selection.width * tile,
                selection.height * tile,
            )
            pygame.draw.rect(surface, theme.SELECTION, rect, width=3)

    def _draw_ghost(
        self, surface: pygame.Surface, ghost: Ghost, origin: tuple[int, int], tile: int
    ) -> None:
        """The copied block, see-through, where a click would lay it."""
        block = ghost.block
        picture = pygame.Surface((block.width * tile, block.height * tile), pygame.SRCALPHA)
        for index, cell in enumerate(block.cells):
            piece = _PIECE_OF.get(cell, Piece.FLOOR)
            position = ((index % block.width) * tile, (index // block.width) * tile)
            for kind in _SPRITES[piece]:
                picture.blit(self.assets.sprite(kind, tile), position)
        picture.set_alpha(150)
        left, top = origin[0] + ghost.at[0] * tile, origin[1] + ghost.at[1] * tile
        surface.blit(picture, (left, top))
        colour = theme.GOOD if ghost.fits else theme.DANGER
        outline = (left, top, picture.get_width(), picture.get_height())
        pygame.draw.rect(surface, colour, outline, 2)

    def _draw_rulers(
        self,
        surface: pygame.Surface,
        board: Board,
        origin: tuple[int, int],
        tile: int,
        view: pygame.Rect,
    ) -> None:
        """Column numbers above the board and row numbers left of it (every few if small)."""
        every = 1 if tile >= 22 else 5
        # Beside the board, or at the edge of the view when the board runs past it.
        above = max(view.top, origin[1]) - 3
        left_of = max(view.left, origin[0]) - 4
        for column in range(0, board.width, every):
            x = origin[0] + column * tile + tile // 2
            if view.left <= x <= view.right:
                draw_text(
                    surface, str(column + 1), _LABEL_FONT, theme.TEXT_DIM, (x, above), "midbottom"
                )
        for row in range(0, board.height, every):
            y = origin[1] + row * tile + tile // 2
            if view.top <= y <= view.bottom:
                draw_text(
                    surface, str(row + 1), _LABEL_FONT, theme.TEXT_DIM, (left_of, y), "midright"
                )

    def _draw_header(self, surface: pygame.Surface, view: EditorView) -> None:
        width = surface.get_width()
        pygame.draw.rect(surface, theme.PANEL, (0, 0, width, HEADER_HEIGHT))
        title = draw_text(
            surface,
            fit_text(view.title, 24, width // 2, True),
            24,
            theme.ACCENT,
            (12, px(HEADER_HEIGHT) // 2),
            "midleft",
            True,
        )
        draw_text(
            surface,
            fit_text(view.facts, 17, width - title.right - 30),
            17,
            theme.TEXT_DIM,
            (width - 12, px(HEADER_HEIGHT) // 2),
            "midright",
        )

    def _draw_palette(self, surface: pygame.Surface, view: EditorView) -> None:
        size = surface.get_size()
        for number, (piece, rect) in enumerate(
            zip(PALETTE, self.palette_rects(size), strict=True), start=1
        ):
            pygame.draw.rect(surface, theme.PANEL, rect.inflate(6, 6), border_radius=6)
            for kind in _SPRITES[piece]:
                surface.blit(self.assets.sprite(kind, rect.width), rect.topleft)
            if piece is Piece.ERASER:
                pygame.draw.line(surface, theme.DANGER, rect.topleft, rect.bottomright, 3)
            chosen = piece is view.piece and view.tool is Tool.PAINT
            colour = theme.SELECTION if chosen else theme.PANEL_BORDER
            pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3 if chosen else 1, 6)
            draw_text(
                surface,
                str(number),
                14,
                theme.TEXT_DIM,
                (rect.right + 5, rect.bottom),
                "bottomleft",
            )

    def _draw_status(self, surface: pygame.Surface, view: EditorView) -> None:
        top = self.status_top(surface.get_size())
        width = surface.get_width()
        for index, line in enumerate(view.status[:2]):
            y = top + index * px(STATUS_ROW) + px(STATUS_ROW) // 2
            text = fit_text(line.text, _STATUS_FONT, width - 24)
            colour = theme.TONE_COLOURS[line.tone]
            draw_text(surface, text, _STATUS_FONT, colour, (12, y), "midleft")


_PIECE_OF = {
    "#": Piece.WALL,
    ".": Piece.GOAL,
    "$": Piece.BOX,
    "*": Piece.BOX_ON_GOAL,
    "@": Piece.PLAYER,
    "+": Piece.PLAYER_ON_GOAL,
}
