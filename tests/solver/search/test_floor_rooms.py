"""The floor's rooms (open 2x2 blocks grouped side by side) and whether a retiring box has gone
somewhere else: far, into another room, or out of its room off the doorstep and off the line."""

from __future__ import annotations

from game.core.collection import read_collection_text
from game.solver.analysis.board import Analysis
from game.solver.search.floor_rooms import NO_ROOM, FloorRooms

# Two rooms, 5x3 and 3x3, joined by a corridor of three goals along row 2, and a lone 2x2 block
# at the bottom right, joined to the right room by a corridor square (11, 4).
ROOMS = "\n".join(
    [
        "#############",
        "#     ###   #",
        "# $$  ... $ #",
        "#@    ###   #",
        "########### #",
        "#########   #",
        "#########  ##",
        "#############",
    ]
)
WIDTH = 13


def rooms() -> FloorRooms:
    level = read_collection_text(ROOMS).levels[0]
    analysis = Analysis(level.board)
    return FloorRooms(analysis.floor, analysis.width)


def square(x: int, y: int) -> int:
    return y * WIDTH + x


def test_the_rooms_are_the_open_blocks_grouped_and_a_lone_block_is_no_room() -> None:
    found = rooms()
    assert found.count == 2
    left, right = found.room[square(1, 1)], found.room[square(11, 3)]
    assert {left, right} == {0, 1}
    assert all(found.room[square(x, y)] == left for x in range(1, 6) for y in (1, 2, 3))
    assert found.room[square(7, 2)] == NO_ROOM  # the corridor
    assert found.room[square(9, 5)] == NO_ROOM  # the lone block


def test_two_rooms_are_apart_however_near() -> None:
    found = rooms()
    assert found.apart(square(5, 2), square(9, 2))
    assert not found.apart(square(1, 1), square(3, 3))


def test_a_corridor_square_is_apart_from_a_room_only_off_its_doorstep_and_off_its_line() -> None:
    found = rooms()
    assert not found.apart(square(6, 2), square(5, 3))  # the doorstep
    assert not found.apart(square(7, 2), square(5, 2))  # on the row, two steps
    assert found.apart(square(7, 2), square(5, 1))  # off the line, three steps


def test_squares_six_steps_apart_are_apart_in_one_room() -> None:
    found = rooms()
    assert found.apart(square(1, 1), square(5, 3))
    assert not found.apart(square(1, 2), square(5, 2))
