"""Subtree deadlocks: a position's free boxes taken off, a small search proves the rest dead and
the smallest dead set becomes a pattern; positions that can go on prove nothing, once."""

from __future__ import annotations

import pytest

from game.core.xsb import parse_level
from game.solver import SolveStatus, solve
from game.solver.deadlock import subtree
from game.solver.deadlock.subtree import SUBTREE_NODES, SubtreeDeadlocks
from game.solver.result import Limits
from game.solver.search.fess import FeatureSearch
from tests.solver.helpers import problem_of

# Two boxes stand in the two doors of a room below: pushed in, each dies in its corner, and
# neither can be opened from inside while the other shuts its door. A third box stands in the
# open room above, where it can be taken to another row and another column: it is taken off.
DOORS = "\n".join(
    [
        "#########",
        "#@  ...  #",
        "#  $    #",
        "###$#$###",
        "  #   #",
        "  #####",
    ]
)
WIDTH = 10
LEFT_DOOR, RIGHT_DOOR, SPARE = 3 + 3 * WIDTH, 5 + 3 * WIDTH, 3 + 2 * WIDTH


def test_the_doors_are_learned_without_the_free_box() -> None:
    problem = problem_of(DOORS)
    subtrees = SubtreeDeadlocks(problem)
    boxes = problem.start_boxes
    assert boxes == 1 << LEFT_DOOR | 1 << RIGHT_DOOR | 1 << SPARE
    pattern = subtrees.learn(boxes, problem.start_player)
    assert pattern == 1 << LEFT_DOOR | 1 << RIGHT_DOOR
    assert (subtrees.checks, subtrees.proofs) == (1, 1)
    table = problem.learned
    assert table.dead(boxes, problem.start_player)
    assert not table.dead(boxes & ~(1 << LEFT_DOOR), problem.start_player)


def test_a_box_frozen_on_a_goal_does_not_count_towards_the_largest_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The doors again, and a box frozen on a goal in the top left corner: a wall to the check's
    # search, so a cap of two boxes still lets the two doors be searched (and the frozen box
    # is left out of the pattern, the doors dead without it).
    problem = problem_of(DOORS.replace("#@  ...", "#*@ ...", 1))
    corner = 1 + WIDTH
    assert problem.start_boxes >> corner & 1 and problem.goals >> corner & 1
    monkeypatch.setattr(subtree, "MOST_BOXES", 2)
    pattern = SubtreeDeadlocks(problem).learn(problem.start_boxes, problem.start_player)
    assert pattern == 1 << LEFT_DOOR | 1 << RIGHT_DOOR
    monkeypatch.setattr(subtree, "MOST_BOXES", 1)  # the two doors alone are over this cap
    assert SubtreeDeadlocks(problem).learn(problem.start_boxes, problem.start_player) == 0


def test_a_corral_proof_that_proved_nothing_does_not_stop_a_check() -> None:
    # The two searches prove different things (a corral proof gives up once the player gets
    # in; a check takes boxes off), so each remembers its own failures.
    problem = problem_of(DOORS)
    doors = 1 << LEFT_DOOR | 1 << RIGHT_DOOR
    for square in range(problem.floor.bit_length()):
        problem.learned.open.add((doors, square))
    subtrees = SubtreeDeadlocks(problem)
    assert subtrees.learn(problem.start_boxes, problem.start_player) == doors


def test_a_position_that_can_go_on_proves_nothing_and_is_searched_once() -> None:
    problem = problem_of(DOORS)
    subtrees = SubtreeDeadlocks(problem)
    # Three boxes in a column, the lowest in the left door: none can be taken alone to another
    # row and another column, and the search brings them all to goals (the top one first,
    # along the top row).
    boxes = 1 << (3 + WIDTH) | 1 << (3 + 2 * WIDTH) | 1 << LEFT_DOOR
    assert subtrees.learn(boxes, problem.start_player) == 0
    assert subtrees.learn(boxes, problem.start_player) == 0
    assert (subtrees.checks, subtrees.proofs) == (1, 0)
    assert len(problem.learned) == 0


# Level 30 of the campaign with one box moved: two boxes stand frozen under a wall. The solve's
# first look sees it, the search's rules do not (they judge pushes): the search makes 64 nodes,
# the check at the start proves a few of its boxes dead, and every node holding them is dropped.
DEAD_THIRTY = "\n".join(
    [
        "    ######",
        "   ##    #",
        " ###   # #",
        "##   ##  #",
        "# .$ $$ ##",
        "# @$    #",
        "#   # .##",
        "#  ##. #",
        "# .#####",
        "####",
    ]
)
# Level 50 of the campaign with one box moved: unsolvable, and the searches of ``fast`` make over
# a thousand nodes before they run dry, checking subtrees on the way.
DEAD_FIFTY = "\n".join(
    [
        "   #####",
        "####   ###",
        "#    $$  #",
        "#      # ##",
        "####  #.  #",
        "   #$$ ..*#",
        "   #@ ##. #",
        "   ########",
    ]
)


def test_a_proof_under_the_start_drops_every_node() -> None:
    problem = problem_of(DEAD_THIRTY)
    search = FeatureSearch(problem, Limits(None, 100_000, 1 << 31, None, None))
    assert search.run().pushes is None
    assert search.subtrees.proofs == 1
    assert len(search.parent) < 2 * SUBTREE_NODES  # the proof ended it at once


def test_searches_that_check_subtrees_still_prove_a_level_unsolvable() -> None:
    problem = problem_of(DEAD_FIFTY)
    search = FeatureSearch(problem, Limits(None, 100_000, 1 << 31, None, None))
    assert search.run().pushes is None
    assert search.subtrees.checks > 0
    result = solve(parse_level(DEAD_FIFTY), method="fast", time_limit=60)
    assert result.status is SolveStatus.UNSOLVABLE


def test_the_boxes_taken_off_a_position_are_worked_out_once_and_kept_within_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problem = problem_of(DOORS)
    subtrees = SubtreeDeadlocks(problem)
    boxes = problem.start_boxes
    region = problem.region(boxes, problem.start_player)
    found = subtrees._without_free(boxes, region)
    assert found == subtrees._free_taken_off(boxes, region)
    worked: list[int] = []
    original = subtrees._free_taken_off

    def counted(boxes: int, region: int) -> tuple[int, int]:
        worked.append(boxes)
        return original(boxes, region)

    monkeypatch.setattr(subtrees, "_free_taken_off", counted)
    assert subtrees._without_free(boxes, region) == found
    assert worked == []  # kept: asked again, not worked out again
    monkeypatch.setattr(subtree, "FREED_KEPT", 1)
    fewer = boxes & ~(1 << SPARE)
    assert subtrees._without_free(fewer, problem.region(fewer, problem.start_player))[0] == fewer
    assert worked == [fewer] and len(subtrees.freed) == 1  # the first forgotten


def test_a_search_checking_subtrees_makes_the_same_tree_whatever_it_keeps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    trees = []
    for kept in (subtree.FREED_KEPT, 1):
        monkeypatch.setattr(subtree, "FREED_KEPT", kept)
        search = FeatureSearch(problem_of(DEAD_FIFTY), Limits(None, 100_000, 1 << 31, None, None))
        search.run()
        assert search.subtrees.checks > 0
        trees.append((list(search.parent), list(search.via), search.subtrees.proofs))
    assert trees[0] == trees[1]


# Two rooms, a box in the door between them and a box in the left room's middle.
ROOMS = "\n".join(["########", "#.  #  #", "# $ $ @#", "#.  #  #", "########"])


def test_the_boxes_taken_off_are_kept_apart_by_where_the_player_stands() -> None:
    problem = problem_of(ROOMS)
    subtrees = SubtreeDeadlocks(problem)
    boxes = problem.start_boxes
    door = 4 + 2 * 8
    right = problem.region(boxes, problem.start_player)
    left = problem.region(boxes, 1 + 2 * 8)
    # From the left room the player takes its box along a row and along a column; from the
    # right one he reaches neither box's sides but the door's.
    for _ in range(2):
        assert subtrees._without_free(boxes, right)[0] == boxes
        assert subtrees._without_free(boxes, left)[0] == 1 << door
