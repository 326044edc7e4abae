"""Small pictures of levels for the level select: flat colours, a few pixels a square.

Sprites would be unreadable at that size; plain squares in the theme's colours read better.
"""

from __future__ import annotations

import pygame

from game.core.board import Tile
from game.core.level import Level
from game.ui import theme
from game.ui.scale import px

_TILE_COLOURS = {
    Tile.WALL: theme.WALL,
    Tile.FLOOR: theme.FLOOR,
    Tile.GOAL: theme.GOAL_GLOW,
}
MAX_PREVIEW_TILE = 12


def render_preview(
    level: Level, width: int, height: int, largest_tile: int = MAX_PREVIEW_TILE
) -> pygame.Surface:
    """The level's starting position drawn to fit ``width`` x ``height`` (transparent around),
    at most ``largest_tile`` design pixels a square."""
    board = level.board
    tile = max(1, min(px(largest_tile), width // board.width, height // board.height))
    picture = pygame.Surface((board.width * tile, board.height * tile), pygame.SRCALPHA)
    inset = max(1, tile // 5) if tile >= 4 else 0
    for square, kind in enumerate(board.tiles):
        colour = _TILE_COLOURS.get(kind)
        if colour is None:
            continue
        x, y = board.coords(square)
        rect = pygame.Rect(x * tile, y * tile, tile, tile)
        picture.fill(colour, rect)
        if square in level.boxes:
            box = theme.CRATE_DONE if kind is Tile.GOAL else theme.CRATE
            picture.fill(box, rect.inflate(-inset * 2, -inset * 2))
        elif square == level.player:
            picture.fill(theme.PLAYER, rect.inflate(-inset * 2, -inset * 2))
        elif kind is Tile.GOAL and tile >= 4:
            picture.fill(theme.GOAL, rect.inflate(-tile // 2, -tile // 2))
    if picture.get_width() > width or picture.get_height() > height:
        scale = min(width / picture.get_width(), height / picture.get_height())
        size = (max(1, int(picture.get_width() * scale)), max(1, int(picture.get_height() * scale)))
        picture = pygame.transform.smoothscale(picture, size)
    return picture
