"""Tests for reverse play: pulls undo pushes, and the pull search finds the true par.

Levels are small and inline; the solver cross-checks the breadth-first push counts.
"""

from __future__ import annotations

from game.core.level import Level
from game.core.notation import replay
from game.core.play import PlayState
from game.core.reverse_play import forward_solution
from game.core.xsb import parse_level
from game.levelgen.reverse import search_starts
from game.solver import solve

ROOM = """\
#######
#  .  #
# #$# #
# $@. #
#  #  #
#######
"""


def test_breadth_first_starts_replay_and_match_the_solver_par() -> None:
    board = parse_level(ROOM).board
    starts = search_starts(board, state_limit=5_000, keep=3)
    assert len(starts) == 3
    for start in starts:
        level = Level(board, start.boxes, start.player)
        lurd = forward_solution(level, start.pulls)
        result = replay(level, lurd)
        assert result.solved
        assert result.pushes == start.counts.pushes == len(start.pulls)
        optimal = solve(level, "bfs", time_limit=10)
        assert optimal.solved and optimal.pushes == start.counts.pushes


def test_starts_with_boxes_on_goals_are_left_out_unless_allowed() -> None:
    board = parse_level(ROOM).board
    for start in search_starts(board, state_limit=5_000, keep=5):
        assert not start.boxes & board.goals
    allowed = search_starts(board, state_limit=5_000, max_boxes_on_goals=1, keep=50)
    assert any(start.boxes & board.goals for start in allowed)


def test_a_search_from_a_given_position_pulls_on_from_there() -> None:
    level = parse_level(ROOM)
    start = (level.boxes, level.player)
    further = search_starts(level.board, 5_000, max_boxes_on_goals=2, keep=2, start=start)
    assert len(further) == 2
    for found in further:
        position = level.with_position(found.boxes, found.player)
        lurd = forward_solution(position, found.pulls)
        state = PlayState(position)
        for _ in state.play_letters(lurd):
            pass
        assert state.boxes.frozen() == level.boxes
