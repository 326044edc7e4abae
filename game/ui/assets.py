"""The assets service: sprite sheets by tile size and fonts, made once and reused.

Sprite sheets are drawn in code (game.ui.sprites); the engine keeps one per tile size in use.
"""

from __future__ import annotations

import pygame

from game.core.direction import Direction
from game.ui import theme
from game.ui.sprites import SpriteKind, SpriteSheet

# Zooming through many sizes would otherwise keep every sheet alive.
MAX_SHEETS = 6


class Assets:
    """Sprite sheets and fonts for the scenes."""

    def __init__(self) -> None:
        self._sheets: dict[int, SpriteSheet] = {}

    def sheet(self, tile_size: int) -> SpriteSheet:
        sheet = self._sheets.pop(tile_size, None)
        if sheet is None:
            sheet = SpriteSheet(tile_size)
            if len(self._sheets) >= MAX_SHEETS:
                del self._sheets[next(iter(self._sheets))]
        # Re-inserting keeps the dict in least-recently-used order.
        self._sheets[tile_size] = sheet
        return sheet

    def sprite(
        self, kind: SpriteKind, tile_size: int, facing: Direction | None = None
    ) -> pygame.Surface:
        return self.sheet(tile_size).get(kind, facing)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return theme.font(size, bold)

