"""Tests for the tree search over room edits and pulls: its starts are solved by their pushes,
no push takes a box away from the goals, edits keep the room whole, a seed repeats.

One small room from a fixed seed; a few dozen playouts each, so the module runs in a second.
"""

from __future__ import annotations

import random

import pytest

from game.core.level import Level
from game.core.notation import replay
from game.core.push import from_indexed, lurd_of_pushes
from game.levelgen.bitboard import Masks, flood, lowest, squares_of
from game.levelgen.effort import push_distances
from game.levelgen.pulltree import Aim, Found, PullTreeSearch
from game.levelgen.reverse import Cancelled
from game.levelgen.rooms import Room, random_room

AIM = Aim(low=60, high=120, pulls=40)


def small_room() -> tuple[Room, frozenset[int]]:
    rng = random.Random(3)
    room = random_room(rng, 3, 3, min_floor=20)
    assert room is not None
    return room, frozenset(rng.sample(sorted(room.floor), 3))


def searched(seed: int, playouts: int = 40) -> tuple[Room, frozenset[int], PullTreeSearch]:
    room, goals = small_room()
    masks = Masks.of(room.board(goals))
    free = sorted(room.floor - goals)
    search = PullTreeSearch(masks, free[0], AIM, random.Random(seed), None)
    search.run(playouts)
    return room, goals, search


def level_of(room: Room, goals: frozenset[int], found: Found) -> Level:
    walls = Room(room.width, room.height, frozenset(squares_of(found.floor)))
    return Level(walls.board(goals), frozenset(squares_of(found.boxes)), found.player)


def test_every_start_found_is_solved_by_its_pushes() -> None:
    room, goals, search = searched(1)
    assert search.found
    for found in search.best(10):
        level = level_of(room, goals, found)
        lurd = lurd_of_pushes(level, from_indexed(found.pushes))
        assert replay(level, lurd).solved
        assert not level.boxes & goals


def test_no_push_takes_a_box_further_from_the_goals() -> None:
    room, goals, search = searched(2)
    for found in search.best(10):
        masks = Masks.of(level_of(room, goals, found).board)
        distance = push_distances(masks)
        for square, way in found.pushes:
            assert distance[square + masks.offsets[way]] <= distance[square]


def test_walled_squares_leave_the_floor_in_one_piece() -> None:
    room, _, search = searched(3, playouts=80)
    floors = {found.floor for found in search.found.values()}
    assert any(floor != search.masks.floor for floor in floors)  # some edit was tried
    for floor in floors:
        assert floor & ~search.masks.floor == 0
        assert flood(lowest(floor), floor, room.width) == floor


def test_the_same_seed_finds_the_same_starts() -> None:
    assert searched(4)[2].best(5) == searched(4)[2].best(5)


def test_the_aim_rewards_its_window_fully_and_less_outside() -> None:
    assert AIM.reward(60) == AIM.reward(120) == 1.0
    assert 0 < AIM.reward(30) < 1 and 0 < AIM.reward(180) < 1
    assert AIM.reward(0) == 0 and AIM.reward(240) == 0


def test_a_cancel_stops_the_playouts() -> None:
    room, goals = small_room()
    masks = Masks.of(room.board(goals))
    search = PullTreeSearch(masks, sorted(room.floor - goals)[0], AIM, random.Random(1),
                            lambda: True)
    with pytest.raises(Cancelled):
        search.run(1_000)
