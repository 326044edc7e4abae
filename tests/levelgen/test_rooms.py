"""Tests for random rooms: closed, connected, tidy, and drawn without holes.

Rooms come from fixed seeds so the tests are repeatable.
"""

from __future__ import annotations

import random

from game.core.board import Tile
from game.levelgen.rooms import Room, fill_dead_ends, random_room


def test_random_rooms_are_connected_closed_and_not_too_open() -> None:
    rng = random.Random(7)
    for _ in range(20):
        room = random_room(rng, 3, 3, min_floor=14)
        assert room is not None
        assert room.is_connected() and not room.has_open_area()
        assert len(room.floor) >= 14
        for square in room.floor:
            x, y = square % room.width, square // room.width
            assert 0 < x < room.width - 1 and 0 < y < room.height - 1
            sides = sum(n in room.floor for n in room.neighbours(square))
            assert sides >= 2, "dead ends are filled in"


def test_same_seed_gives_the_same_room() -> None:
    first = random_room(random.Random(3), 2, 2, min_floor=8)
    second = random_room(random.Random(3), 2, 2, min_floor=8)
    assert first == second


def test_fill_dead_ends_keeps_loops_and_removes_spurs() -> None:
    width = 6
    loop = {7, 8, 9, 13, 15, 19, 20, 21}
    floor = loop | {10}  # a spur off the loop's corner
    fill_dead_ends(width, floor)
    assert floor == loop


def test_board_keeps_shut_in_rock_as_wall_and_outer_rock_as_outside() -> None:
    width, height = 7, 7
    ring = {y * width + x for y in range(1, 6) for x in range(1, 6)} - {
        y * width + x for y in range(2, 5) for x in range(2, 5)
    }
    board = Room(width, height, frozenset(ring)).board(frozenset({8}))
    assert board.tile(3 * width + 3) is Tile.WALL  # the middle of the ring's solid core
    assert board.tile(0) is Tile.WALL  # touches floor diagonally
    assert board.is_goal(8)
    wide = Room(9, 9, frozenset({4 * 9 + 4, 4 * 9 + 5}))
    assert wide.board(frozenset()).tile(0) is Tile.OUTSIDE


def test_open_areas_are_found() -> None:
    width, height = 7, 6
    floor = frozenset(y * width + x for y in range(1, 5) for x in range(1, 4))
    assert Room(width, height, floor).has_open_area()
    assert not Room(width, height, floor - {2 * width + 2}).has_open_area()
