"""The board view: boxes on goals look their own, layer and tile-by-tile drawing agree.

Pixels are compared on a small dummy display.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.core.direction import Direction
from game.core.xsb import parse_level
from game.ui import board_view as board_view_module
from game.ui.assets import Assets
from game.ui.board_view import BoardPicture, BoardView, Mark
from game.ui.preview import render_preview
from game.ui.sprites import SpriteKind

LEVEL = parse_level("######\n#@$ .#\n#  * #\n######")
TILE = 32


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    surface = pygame.display.set_mode((320, 200))
    yield surface
    pygame.display.quit()


def picture() -> BoardPicture:
    return BoardPicture(LEVEL.board, LEVEL.boxes, (1.0, 1.0), Direction.RIGHT)


def test_boxes_on_goals_are_drawn_with_their_own_sprite(screen: pygame.Surface) -> None:
    assets = Assets()
    view = BoardView(assets)
    view.prepare(LEVEL.board, TILE)
    view.draw(screen, picture(), (0, 0), TILE, screen.get_rect())
    box = screen.subsurface(pygame.Rect(2 * TILE, TILE, TILE, TILE)).copy()
    done = screen.subsurface(pygame.Rect(3 * TILE, 2 * TILE, TILE, TILE)).copy()
    expected_done = pygame.Surface((TILE, TILE))
    expected_done.blit(assets.sprite(SpriteKind.GOAL, TILE), (0, 0))
    expected_done.blit(assets.sprite(SpriteKind.BOX_ON_GOAL, TILE), (0, 0))
    assert pygame.image.tobytes(done, "RGB") == pygame.image.tobytes(expected_done, "RGB")
    assert pygame.image.tobytes(box, "RGB") != pygame.image.tobytes(done, "RGB")


def test_without_a_layer_the_tiles_are_drawn_the_same(
    screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    marked = BoardPicture(
        LEVEL.board, LEVEL.boxes, (1.5, 1.0), Direction.UP, marks=(Mark(9, (255, 0, 0)),)
    )
    with_layer = BoardView(Assets())
    with_layer.prepare(LEVEL.board, TILE)
    with_layer.draw(screen, marked, (7, 5), TILE, screen.get_rect())
    first = pygame.image.tobytes(screen, "RGB")
    monkeypatch.setattr(board_view_module, "MAX_LAYER_PIXELS", 0)
    tiles_only = BoardView(Assets())
    tiles_only.prepare(LEVEL.board, TILE)
    screen.fill((0, 0, 0))
    tiles_only.draw(screen, marked, (7, 5), TILE, screen.get_rect())
    assert pygame.image.tobytes(screen, "RGB") == first


def test_drawing_stays_inside_the_view(screen: pygame.Surface) -> None:
    view = BoardView(Assets())
    view.prepare(LEVEL.board, TILE)
    screen.fill((1, 2, 3))
    area = pygame.Rect(0, 50, 320, 100)
    view.draw(screen, picture(), (0, 20), TILE, area)
    assert screen.get_at((5, 10))[:3] == (1, 2, 3)
    assert screen.get_at((5, 190))[:3] == (1, 2, 3)
    assert screen.get_clip() == screen.get_rect()


def test_previews_fit_their_box() -> None:
    small = render_preview(LEVEL, 100, 80)
    assert small.get_width() <= 100 and small.get_height() <= 80
    wide = parse_level("#" * 90 + "\n#@$." + " " * 85 + "#\n" + "#" * 90)
    tiny = render_preview(wide, 60, 40)
    assert tiny.get_width() <= 60 and tiny.get_height() <= 40
