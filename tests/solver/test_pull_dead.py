"""Reverse play's dead squares: squares from which a box can never be pulled back to a start
square, against a brute-force search of pulls on several levels."""

from __future__ import annotations

import pytest

from game.core.level import Level
from game.core.paths import DIRECTIONS, reachable
from game.core.xsb import parse_level
from game.solver.search.pulls import pull_dead_squares
from tests.conftest import SMALL_LEVEL

DEAD_END = "########\n#@$  . #\n#####  #\n    ####"
LEVELS = (
    SMALL_LEVEL,
    DEAD_END,
    "######\n#@   #\n# $  #\n#  . #\n#    #\n######",
    "#######\n#.    #\n# #$# #\n#   @ #\n#######",
    "#########\n#@ $ .#*#\n#########",  # a box walled off on its goal
    "  #####\n###   #\n#.@$  #\n### $.#\n#.##$ #\n# # . ##\n#$ *$$.#\n#   .  #\n########",
)


def test_the_pocket_under_a_corridor_is_dead_for_pulls() -> None:
    level = parse_level(DEAD_END)
    board = level.board
    dead = pull_dead_squares(board, level.boxes, level.player)
    # Nothing can push a box down into the pocket, so nothing pulls one out of it.
    assert dead == {board.index(5, 2), board.index(6, 2)}


@pytest.mark.parametrize("text", LEVELS)
def test_dead_squares_are_exactly_those_a_lone_box_never_leaves_for_a_start(text: str) -> None:
    level = parse_level(text)
    floor = reachable(level.board, (), level.player)
    expected = {square for square in floor if not _pulled_home(level, floor, square)}
    assert pull_dead_squares(level.board, level.boxes, level.player) == expected


def _pulled_home(level: Level, floor: set[int], box: int) -> bool:
    """Whether a lone box on ``box`` can be pulled to a start square, the player put down
    anywhere first (every state of box and player searched)."""
    board = level.board
    seen = {(box, player) for player in floor if player != box}
    frontier = list(seen)
    while frontier:
        at, player = frontier.pop()
        if at in level.boxes:
            return True
        for direction in DIRECTIONS:
            ahead = board.step(player, direction)
            if ahead not in floor or ahead == at:
                continue
            moved = at
            if board.step(player, direction.opposite) == at:
                moved = player  # the pull: the box follows him
            for state in {(at, ahead), (moved, ahead)}:
                if state not in seen:
                    seen.add(state)
                    frontier.append(state)
    return False
