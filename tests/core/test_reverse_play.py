"""Reverse play: pulls, the free first placement, undo and redo, and the forward solution a
finished reverse game turns into (a property test: every reverse game converts to one).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.direction import Direction
from game.core.level import Level
from game.core.metrics import measure, solves
from game.core.paths import reachable
from game.core.play import Move
from game.core.reverse_play import (
    Placement,
    Pull,
    ReverseGame,
    ReversePlayError,
    first_square,
    forward_solution,
    moves_to_solved,
)
from game.core.xsb import parse_level
from tests.conftest import SMALL_LEVEL

CORRIDOR = """\
#######
#@ $ .#
#######
"""
# The player starts on a goal.
ON_GOAL = """\
######
#    #
# *  #
# $+ #
#    #
######
"""
# The box on the goal between them cuts the rooms apart in reverse play.
TWO_ROOMS = """\
########
#  #   #
#  .$  #
#  #.$ #
#  # @ #
########
"""
# A box walled off on its goal never moves, forwards or backwards.
WALLED_OFF = "#########\n#@ $ .#*#\n#########"
LEVELS = (SMALL_LEVEL, CORRIDOR, ON_GOAL, TWO_ROOMS, WALLED_OFF)
L, U, R, D = Direction.LEFT, Direction.UP, Direction.RIGHT, Direction.DOWN


def game_of(text: str) -> ReverseGame:
    return ReverseGame(parse_level(text))


def test_the_boxes_start_on_the_goals_and_the_player_on_his_square() -> None:
    game = game_of(SMALL_LEVEL)
    assert game.box_squares() == game.board.goals
    assert game.player == game.level.player
    assert (game.move_count, game.pull_count) == (0, 0)


def test_a_player_whose_square_holds_a_box_starts_on_the_nearest_free_square() -> None:
    level = parse_level(ON_GOAL)
    game = ReverseGame(level)
    assert level.player in level.board.goals
    assert game.player not in game.boxes
    x, y = level.board.coords(level.player)
    assert abs(game.board.coords(game.player)[0] - x) + abs(
        game.board.coords(game.player)[1] - y
    ) == 1
    assert first_square(level.board, (), level.player) == level.player


@pytest.mark.parametrize(
    "text",
    [
        "########\n#+*#$  #\n########",  # his area: two goals, and a box beyond the wall
        "#####\n#+#$#\n#####",  # his area: the one goal he stands on
    ],
)
def test_a_level_whose_players_area_holds_only_goals_cannot_be_played_backwards(
    text: str,
) -> None:
    level = parse_level(text)
    with pytest.raises(ReversePlayError) as raised:
        ReverseGame(level)
    assert raised.value.problem.title == "No reverse play"


def test_a_step_away_from_a_box_pulls_it_only_when_asked() -> None:
    game = game_of(CORRIDOR)
    for _ in range(3):
        assert game.step(R).moved
    assert game.step(L).move == Move(L, False)
    assert game.box_squares() == game.board.goals  # a plain step leaves the box
    assert game.step(R).moved
    assert game.step(L, pull=True).move == Move(L, True)
    assert game.pull_count == 1
    assert game.box_squares() == frozenset({game.board.index(4, 1)})


def test_a_box_cannot_be_pushed_in_reverse() -> None:
    game = game_of(CORRIDOR)
    game.step(R)
    game.step(R)
    game.step(R)
    assert not game.step(R).moved  # the box on the goal is in the way
    assert not game.step(R, pull=True).moved


def test_the_corridor_pulled_back_is_its_forward_solution() -> None:
    game = game_of(CORRIDOR)
    for direction in (R, R, R):
        game.step(direction)
    game.step(L, pull=True)
    assert moves_to_solved(game, game.starts, game.level.player) is None  # not back yet
    game.step(L, pull=True)
    game.step(L)  # a walk after the last pull is not needed forwards
    assert game.boxes_on_starts == 1
    assert moves_to_solved(game, game.starts, game.level.player) == "rRR"
    assert forward_solution(game.level, game.pulls()) == "rRR"
    assert solves(game.level, "rRR")


def test_placement_only_before_the_first_pull_and_only_where_he_could_stand() -> None:
    game = game_of(TWO_ROOMS)
    board = game.board
    left_room = board.index(2, 2)
    assert not game.place(board.index(0, 0))  # outside
    assert not game.place(board.index(3, 2))  # a box on its goal
    assert game.place(left_room)
    assert game.player == left_room
    assert game.undo() == Placement(board.index(5, 4), left_room)
    assert game.redo() is not None and game.player == left_room
    assert game.step(L, pull=True).move == Move(L, True)
    assert game.pull_count == 1
    assert not game.place(board.index(5, 4))


def test_areas_cycle_through_every_part_of_the_floor() -> None:
    game = game_of(TWO_ROOMS)
    areas = game.areas()
    assert len(areas) == 2
    assert game.player in areas[1]
    square = game.next_area_square()
    assert square == min(areas[0]) == game.board.index(1, 1)
    game.place(square)
    assert game.next_area_square() == min(areas[1])
    assert game_of(CORRIDOR).next_area_square() is None


def test_undo_redo_and_restart_bring_every_position_back() -> None:
    game = game_of(SMALL_LEVEL)
    positions = [(game.player, game.box_squares())]
    game.place(game.board.index(1, 4))
    positions.append((game.player, game.box_squares()))
    moves = [(D, True), (R, False), (U, False), (U, False), (L, False)]
    for direction, pull in moves:
        if game.step(direction, pull).moved:
            positions.append((game.player, game.box_squares()))
    assert game.restart()
    assert game.box_squares() == game.board.goals and not game.line
    game.undo()  # the restart
    assert (game.player, game.box_squares()) == positions[-1]
    for position in reversed(positions[:-1]):
        game.undo()
        assert (game.player, game.box_squares()) == position
    assert not game.can_undo
    while game.redo() is not None:
        pass
    assert game.box_squares() == game.board.goals  # the restart redone last


def test_the_pulls_of_a_line_leave_out_walks_and_placements() -> None:
    game = game_of(CORRIDOR)
    board = game.board
    assert game.place(board.index(2, 1))
    game.step(R)
    game.step(R)
    game.step(L, pull=True)
    game.step(L, pull=True)
    game.step(L)
    assert game.pulls() == [Pull(board.index(5, 1), L), Pull(board.index(4, 1), L)]


def test_moves_to_solved_need_the_same_boxes_and_a_walk_between() -> None:
    game = game_of(TWO_ROOMS)
    level = game.level
    assert moves_to_solved(game, level.boxes, level.player) is None  # other boxes
    assert moves_to_solved(game, game.box_squares(), game.player) == ""


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(LEVELS),
    st.lists(
        st.tuples(st.sampled_from(list(Direction)), st.booleans(), st.integers(0, 200)),
        max_size=60,
    ),
    st.integers(0, 200),
)
def test_every_reverse_game_turns_into_a_forward_solution_of_its_end_position(
    text: str, actions: list[tuple[Direction, bool, int]], choice: int
) -> None:
    """Any reverse game, its end position taken as a level's start (the player anywhere he can
    walk to from there), converts to moves that solve that level, one push per pull."""
    game = game_of(text)
    for direction, pull, square in actions:
        if square % 7 == 0 and game.can_place:
            free = sorted(game.floor - game.box_squares())
            game.place(free[square % len(free)])
        else:
            game.step(direction, pull)
    boxes = game.box_squares()
    area = sorted(reachable(game.board, boxes, game.player))
    start = Level(game.board, boxes, area[choice % len(area)])
    lurd = moves_to_solved(game, boxes, start.player)
    assert lurd is not None
    assert solves(start, lurd) or (not lurd and start.is_solved)
    assert measure(start, lurd).pushes == game.pull_count


@pytest.mark.parametrize("text", LEVELS)
def test_a_reverse_game_of_a_known_solution_gives_a_solution(text: str) -> None:
    """Each level's own forward solution, played backwards as pulls from the solved position,
    brings the boxes home, and converts back to a solution of the level."""
    level = parse_level(text)
    solution = _SOLUTIONS[text]
    assert solves(level, solution)
    game = ReverseGame(level)
    end = _end_player(level, solution)
    if game.player != end:
        assert game.place(end)
    for letter in reversed(solution):
        direction = Direction.from_letter(letter).opposite
        assert game.step(direction, pull=letter.isupper()).moved
    lurd = forward_solution(level, game.pulls())
    assert solves(level, lurd)
    assert measure(level, lurd).pushes == sum(letter.isupper() for letter in solution)


def _end_player(level: Level, solution: str) -> int:
    player = level.player
    for letter in solution:
        player = level.board.step(player, Direction.from_letter(letter))
    return player


_SOLUTIONS = {
    SMALL_LEVEL: "dlUrrrdLullddrUluRuulDrddrruLdlUU",
    CORRIDOR: "rRR",
    ON_GOAL: "dlluR",
    TWO_ROOMS: "ruLuL",
    WALLED_OFF: "rRR",
}
