"""Tests of the procedural sprites: sizes, facings, transparency and caching.

Sprites are drawn without a display, as the headless game does.
"""

from __future__ import annotations

import pygame
import pytest

from game.core.direction import Direction
from game.ui.sprites import OPAQUE_KINDS, SpriteKind, SpriteSheet

SIZES = (16, 24, 48, 96)
TRANSPARENT_KINDS = (SpriteKind.BOX, SpriteKind.BOX_ON_GOAL, SpriteKind.PLAYER)


def _same_pixels(first: pygame.Surface, second: pygame.Surface) -> bool:
    return bytes(pygame.image.tobytes(first, "RGBA")) == bytes(
        pygame.image.tobytes(second, "RGBA")
    )


def _corners(size: int) -> list[tuple[int, int]]:
    return [(0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1)]


@pytest.fixture(scope="module", params=SIZES)
def sheet(request: pytest.FixtureRequest) -> SpriteSheet:
    return SpriteSheet(request.param)


def test_every_kind_and_facing_has_the_tile_size(sheet: SpriteSheet) -> None:
    size = sheet.tile_size
    for kind in SpriteKind:
        for facing in (None, *Direction):
            assert sheet.get(kind, facing).get_size() == (size, size)


def test_player_facings_all_differ(sheet: SpriteSheet) -> None:
    sprites = [sheet.get(SpriteKind.PLAYER, facing) for facing in Direction]
    for index, first in enumerate(sprites):
        for second in sprites[index + 1 :]:
            assert not _same_pixels(first, second)


def test_box_on_goal_differs_from_box(sheet: SpriteSheet) -> None:
    assert not _same_pixels(sheet.get(SpriteKind.BOX), sheet.get(SpriteKind.BOX_ON_GOAL))


def test_box_on_goal_is_greener_than_box(sheet: SpriteSheet) -> None:
    def mean_colour(sprite: pygame.Surface) -> pygame.Color:
        return pygame.Color(pygame.transform.average_color(sprite, consider_alpha=True))

    box, done = mean_colour(sheet.get(SpriteKind.BOX)), mean_colour(
        sheet.get(SpriteKind.BOX_ON_GOAL)
    )
    assert done.g - done.r > box.g - box.r


def test_movable_sprites_have_transparent_corners(sheet: SpriteSheet) -> None:
    for kind in TRANSPARENT_KINDS:
        for facing in Direction if kind is SpriteKind.PLAYER else (None,):
            sprite = sheet.get(kind, facing)
            for corner in _corners(sheet.tile_size):
                assert sprite.get_at(corner).a == 0, (kind, facing, corner)


def test_tiles_are_opaque_and_outside_is_empty(sheet: SpriteSheet) -> None:
    size = sheet.tile_size
    for kind in OPAQUE_KINDS:
        sprite = sheet.get(kind)
        assert all(sprite.get_at(corner).a == 255 for corner in _corners(size)), kind
        assert sprite.get_at((size // 2, size // 2)).a == 255, kind
    outside = sheet.get(SpriteKind.OUTSIDE)
    assert outside.get_bounding_rect().size == (0, 0)


def test_tiles_look_distinct(sheet: SpriteSheet) -> None:
    kinds = (SpriteKind.FLOOR, SpriteKind.WALL, SpriteKind.GOAL)
    sprites = [sheet.get(kind) for kind in kinds]
    assert not _same_pixels(sprites[0], sprites[1])
    assert not _same_pixels(sprites[0], sprites[2])
    assert not _same_pixels(sprites[1], sprites[2])


def test_sprites_are_cached_and_facing_only_matters_for_the_player() -> None:
    sheet = SpriteSheet(20)
    assert sheet.get(SpriteKind.BOX) is sheet.get(SpriteKind.BOX, Direction.LEFT)
    assert sheet.get(SpriteKind.PLAYER) is sheet.get(SpriteKind.PLAYER, Direction.DOWN)
    assert sheet.get(SpriteKind.PLAYER, Direction.UP) is sheet.get(SpriteKind.PLAYER, Direction.UP)


def test_sprites_convert_once_a_display_mode_is_set() -> None:
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((64, 64))
        sheet = SpriteSheet(32)
        wall, player = sheet.get(SpriteKind.WALL), sheet.get(SpriteKind.PLAYER)
        assert wall.get_bitsize() == screen.get_bitsize()
        assert player.get_flags() & pygame.SRCALPHA
        screen.blit(wall, (0, 0))
        screen.blit(player, (0, 0))
    finally:
        pygame.display.quit()


def test_tile_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="tile size"):
        SpriteSheet(0)


def test_the_app_icon_is_a_crate_and_the_player_on_a_clear_ground() -> None:
    from game.ui.sprites import ICON_PART, app_icon, render_sprite

    icon = app_icon(64)
    assert icon.get_size() == (64, 64)
    assert icon.get_at((0, 0)).a == 0  # the corners beside the two figures stay clear
    part = round(64 * ICON_PART)
    crate = render_sprite(SpriteKind.BOX, part)
    # The crate's top right corner is its own; the player, drawn last, overlaps only its
    # bottom left.
    top_right = pygame.Rect(64 - part // 2, 0, part // 2, part // 2)
    assert _same_pixels(
        icon.subsurface(top_right), crate.subsurface(top_right.move(-(64 - part), 0))
    )
    assert icon.get_at((part // 2, 64 - part // 2)).a == 255  # the player's body
