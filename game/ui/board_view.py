"""Drawing the board: a cached static layer of floor, walls and goals, then boxes and the player.

What moves comes in a BoardPicture, which the play scene makes from its state without changing it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

import pygame

from game.core.board import Board, Tile
from game.core.direction import Direction
from game.ui import theme
from game.ui.assets import Assets
from game.ui.sprites import SpriteKind

# Above this many pixels the static layer would eat memory (a 60x40 board at 96 px is 22 M);
# big tiles mean few squares on screen, so those are drawn one by one instead.
MAX_LAYER_PIXELS = 4_000_000

_TILE_KINDS = {
    Tile.FLOOR: SpriteKind.FLOOR,
    Tile.GOAL: SpriteKind.GOAL,
    Tile.WALL: SpriteKind.WALL,
}

Point = tuple[float, float]


@dataclass(frozen=True)
class Mark:
    """A square outlined on the board: the selected box, a refused target."""

    square: int
    colour: theme.Color


@dataclass(frozen=True)
class BoardPicture:
    """Everything that moves on the board at one instant, in tile coordinates."""

    board: Board
    boxes: Collection[int]
    player: Point
    facing: Direction
    moving_box: Point | None = None
    moving_box_on_goal: bool = False
    marks: tuple[Mark, ...] = field(default=())
    # Reverse play: the start squares the boxes are pulled back to, marked on the floor; a box
    # is drawn done on them, not on the goals it starts from.
    homes: frozenset[int] | None = None


class BoardView:
    """Draws boards with the engine's sprites; keeps the static layer of the last board."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Board, int] | None = None

    def prepare(self, board: Board, tile: int) -> None:
        """Build the static layer for ``board`` at ``tile`` pixels if it is not the cached one.

        Called from logic (a level starts, the zoom changes) so that drawing only blits.
        """
        if self._holds(board, tile):
            return
        self._layer_key = (board, tile)
        self._layer = None
        if board.width * board.height * tile * tile > MAX_LAYER_PIXELS:
            return
        layer = pygame.Surface((board.width * tile, board.height * tile))
        layer.fill(theme.BACKGROUND)
        for square, kind in enumerate(board.tiles):
            sprite_kind = _TILE_KINDS.get(kind)
            if sprite_kind is not None:
                x, y = board.coords(square)
                layer.blit(self.assets.sprite(sprite_kind, tile), (x * tile, y * tile))
        if pygame.display.get_surface() is not None:
            layer = layer.convert()
        self._layer = layer

    def _holds(self, board: Board, tile: int) -> bool:
        # Identity, not equality: comparing two boards tile by tile each frame costs time.
        key = self._layer_key
        return key is not None and key[0] is board and key[1] == tile

    def draw(
        self,
        surface: pygame.Surface,
        picture: BoardPicture,
        origin: tuple[int, int],
        tile: int,
        view: pygame.Rect,
    ) -> None:
        board = picture.board
        old_clip = surface.get_clip()
        surface.set_clip(view)
        surface.fill(theme.BACKGROUND, view)
        first_col = max(0, (view.left - origin[0]) // tile)
        first_row = max(0, (view.top - origin[1]) // tile)
        last_col = min(board.width - 1, (view.right - origin[0]) // tile)
        last_row = min(board.height - 1, (view.bottom - origin[1]) // tile)
        layer = self._layer if self._holds(board, tile) else None
        if layer is not None:
            surface.blit(layer, origin)
        else:
            self._draw_tiles(
                surface, board, origin, tile, (first_col, first_row, last_col, last_row)
            )

        box_sprite = self.assets.sprite(SpriteKind.BOX, tile)
        done_sprite = self.assets.sprite(SpriteKind.BOX_ON_GOAL, tile)
        goals = board.goals if picture.homes is None else picture.homes
        width = board.width
        for square in picture.homes or ():
            column, row = board.coords(square)
            home = pygame.Rect(origin[0] + column * tile, origin[1] + row * tile, tile, tile)
            inset = max(2, tile // 6)
            pygame.draw.rect(
                surface, theme.ACCENT_ALT, home.inflate(-2 * inset, -2 * inset),
                width=max(2, tile // 14), border_radius=max(2, tile // 8),
            )
        for square in picture.boxes:
            column, row = square % width, square // width
            if first_col <= column <= last_col and first_row <= row <= last_row:
                sprite = done_sprite if square in goals else box_sprite
                surface.blit(sprite, (origin[0] + column * tile, origin[1] + row * tile))
        if picture.moving_box is not None:
            sprite = done_sprite if picture.moving_box_on_goal else box_sprite
            surface.blit(sprite, _at(origin, picture.moving_box, tile))
        player = self.assets.sprite(SpriteKind.PLAYER, tile, picture.facing)
        surface.blit(player, _at(origin, picture.player, tile))
        for mark in picture.marks:
            column, row = board.coords(mark.square)
            rect = pygame.Rect(origin[0] + column * tile, origin[1] + row * tile, tile, tile)
            pygame.draw.rect(surface, mark.colour, rect, width=max(2, tile // 16), border_radius=4)
        surface.set_clip(old_clip)

    def _draw_tiles(
        self,
        surface: pygame.Surface,
        board: Board,
        origin: tuple[int, int],
        tile: int,
        bounds: tuple[int, int, int, int],
    ) -> None:
        first_col, first_row, last_col, last_row = bounds
        sprites = {kind: self.assets.sprite(sprite, tile) for kind, sprite in _TILE_KINDS.items()}
        for row in range(first_row, last_row + 1):
            y = origin[1] + row * tile
            for column in range(first_col, last_col + 1):
                sprite = sprites.get(board.tiles[row * board.width + column])
                if sprite is not None:
                    surface.blit(sprite, (origin[0] + column * tile, y))


def _at(origin: tuple[int, int], point: Point, tile: int) -> tuple[int, int]:
    return round(origin[0] + point[0] * tile), round(origin[1] + point[1] * tile)
