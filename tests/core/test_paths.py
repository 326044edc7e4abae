"""Shortest walks and fewest-push routes for one box.

These back click-to-walk and click-to-push in the game.
"""

from __future__ import annotations

from game.core import PlayState, parse_level
from game.core.paths import reachable, walk_path

ROOM = """\
#######
#@    #
# ### #
#  $  #
#    .#
#######"""


def test_walk_path_is_shortest_and_avoids_boxes() -> None:
    level = parse_level(ROOM)
    board = level.board
    target = board.index(5, 4)
    path = walk_path(board, level.boxes, level.player, target)
    assert path is not None
    assert len(path) == 7
    state = PlayState(level)
    for direction in path:
        result = state.step(direction)
        assert result.move is not None and not result.move.pushed
    assert state.player == target


def test_walk_path_none_for_unreachable_or_wall() -> None:
    level = parse_level("#######\n#@#  $#\n#######\n#.  ###\n#####")
    board = level.board
    assert walk_path(board, level.boxes, level.player, board.index(3, 1)) is None
    assert walk_path(board, level.boxes, level.player, 0) is None
    assert walk_path(board, level.boxes, level.player, level.player) == []


def test_reachable_stops_at_boxes() -> None:
    level = parse_level("#######\n#@ $  #\n#    .#\n#######")
    region = reachable(level.board, level.boxes, level.player)
    assert level.board.index(4, 1) in region  # around through the lower row
    assert level.board.index(3, 1) not in region
