"""The camera: fitting the board, zoom limits, following the player, panning, hit-testing.

The camera is pure geometry, so no display is needed.
"""

from __future__ import annotations

import pygame

from game.ui.camera import MAX_FIT_TILE, MAX_ZOOM_TILE, MIN_TILE, Camera, fit_tile_size

VIEW = pygame.Rect(0, 60, 800, 500)


def test_the_fitted_tile_keeps_the_board_inside_the_view() -> None:
    assert fit_tile_size(VIEW, 10, 5) == 80
    assert fit_tile_size(VIEW, 3, 3) == MAX_FIT_TILE
    assert fit_tile_size(VIEW, 500, 400) == MIN_TILE


def test_a_board_that_fits_is_centred_and_squares_are_found_under_the_mouse() -> None:
    camera = Camera(10, 5)
    camera.set_view(VIEW, (0.5, 0.5))
    assert camera.tile_size == 80
    assert camera.origin == (0.0, 60 + (500 - 400) // 2)
    assert camera.square_at((85, 115)) == (1, 0)
    assert camera.square_at((5, 5)) is None
    assert camera.square_at((799, 559)) is None  # below the board, inside the view


def test_zoom_steps_are_clamped() -> None:
    camera = Camera(10, 5)
    camera.set_view(VIEW, (0.5, 0.5))
    for _ in range(20):
        camera.zoom_by(1, (5.0, 2.5))
    assert camera.tile_size == MAX_ZOOM_TILE
    for _ in range(40):
        camera.zoom_by(-1, (5.0, 2.5))
    assert camera.tile_size == MIN_TILE
    camera.reset_zoom((5.0, 2.5))
    assert camera.tile_size == 80


def test_a_wide_board_follows_the_player_and_stays_on_screen() -> None:
    camera = Camera(100, 5)
    camera.set_view(VIEW, (1.5, 1.5))
    camera.zoom_by(4, (1.5, 1.5))
    assert camera.board_pixels[0] > VIEW.width
    assert camera.origin[0] == VIEW.left  # left edge shown, not past it
    for _ in range(120):
        camera.follow((90.5, 1.5))
    player_x = camera.origin[0] + 90.5 * camera.tile_size
    assert VIEW.left < player_x < VIEW.right
    assert camera.origin[0] >= VIEW.right - camera.board_pixels[0]


def test_interpolated_origin_lies_between_ticks() -> None:
    camera = Camera(100, 5)
    camera.set_view(VIEW, (1.5, 1.5))
    camera.zoom_by(4, (1.5, 1.5))
    camera.follow((60.5, 1.5))
    start, end = camera.previous[0], camera.origin[0]
    assert start != end
    middle = camera.origin_at(0.5)[0]
    assert min(start, end) <= middle <= max(start, end)


def test_panning_stops_following_until_released() -> None:
    camera = Camera(10, 5)
    camera.set_view(VIEW, (0.5, 0.5))
    camera.pan(50, -20)
    moved = camera.origin
    camera.follow((0.5, 0.5))
    assert camera.origin == moved
    camera.release()
    for _ in range(60):
        camera.follow((0.5, 0.5))
    assert camera.origin == (0.0, 110.0)
    camera.pan(-10_000, 0)
    assert camera.origin[0] + camera.board_pixels[0] > VIEW.left


def test_zoom_enlarges_a_small_level_past_its_fitted_size() -> None:
    camera = Camera(3, 3)
    camera.set_view(VIEW, (1.5, 1.5))
    assert camera.tile_size == MAX_FIT_TILE
    camera.zoom_by(1, (1.5, 1.5))
    assert camera.tile_size > MAX_FIT_TILE


def test_on_a_4k_screen_a_small_level_fills_its_view() -> None:
    """Tiles grow with the interface: a 7x7 level on a 3840x2160 window is not 96 px a tile."""
    pygame.display.init()
    try:
        pygame.display.set_mode((3840, 2160))
        view = pygame.Rect(0, 180, 3840, 1800)
        camera = Camera(7, 7)
        camera.set_view(view, (3.5, 3.5))
        assert camera.tile_size == fit_tile_size(view, 7, 7) == 1800 // 7
        camera.zoom_by(1, (3.5, 3.5))
        assert camera.tile_size > 1800 // 7
    finally:
        pygame.display.quit()
