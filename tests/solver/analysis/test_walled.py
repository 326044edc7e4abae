"""The side groups with walls added, worked out from the floor's own, and the lone-box reach in
one pass, each against the full computation."""

from __future__ import annotations

import random

from game.core.collection import read_collection
from game.core.resources import campaign_path
from game.solver.analysis import walled
from game.solver.analysis.board import (
    Analysis,
    bits_of,
    goal_reach,
    no_stop,
    pull_distances,
    side_groups_over,
)
from game.solver.analysis.lone_reach import lone_box_reach
from game.solver.analysis.player_area import uncut


def _full(analysis: Analysis, walls: int) -> walled.SideGroups:
    floor = analysis.floor & ~walls
    groups = side_groups_over(floor, analysis.offsets, analysis.width, no_stop)
    looped = walled.looped(floor, groups, bits_of(floor), analysis.width)
    return walled.SideGroups(floor, groups, looped)


def test_a_wall_on_any_square_gives_the_full_computation() -> None:
    """Every square of every campaign level made a wall in turn: tunnels, loops, rooms and
    their doors, so each of the shortcuts (joined around, apart, neither) is taken."""
    shortcuts = {"around": 0, "apart": 0, "neither": 0}
    for level in read_collection(campaign_path()).levels:
        analysis = Analysis(level.board, level.player)
        floor = walled.of_floor(analysis)
        offsets, width = analysis.offsets, analysis.width
        for wall in analysis.squares:
            if uncut(analysis.floor, wall, width):
                shortcuts["around"] += 1
            elif walled.apart(analysis.floor & ~(1 << wall), wall, offsets, width):
                shortcuts["apart"] += 1
            else:
                shortcuts["neither"] += 1
            found = walled.with_wall(floor, wall, offsets, width, no_stop)
            assert found == _full(analysis, 1 << wall)
    assert min(shortcuts.values()) > 20, shortcuts


def test_walls_added_one_by_one_give_the_full_computation() -> None:
    """Random sets of walls (as boxes frozen on goals would be), the looped squares kept up
    to date on the way."""
    picker = random.Random(7)
    for level in read_collection(campaign_path()).levels:
        analysis = Analysis(level.board, level.player)
        floor = walled.of_floor(analysis)
        for _ in range(5):
            walls = 0
            for square in picker.sample(analysis.squares, min(4, len(analysis.squares) - 1)):
                walls |= 1 << square
            found = walled.with_walls(floor, walls, analysis.offsets, analysis.width, no_stop)
            assert found == _full(analysis, walls)


def test_the_lone_box_reach_in_one_pass_is_the_reach_of_every_goals_pulls() -> None:
    """On every campaign level, with no wall and with random walls added."""
    picker = random.Random(11)
    for level in read_collection(campaign_path()).levels:
        analysis = Analysis(level.board, level.player)
        size = analysis.board.width * analysis.board.height
        offsets = analysis.offsets
        sides = walled.of_floor(analysis)
        for walls in (0, *(1 << picker.choice(analysis.squares) for _ in range(3))):
            floor, groups, _ = walled.with_walls(sides, walls, offsets, analysis.width, no_stop)
            goals = list(bits_of(analysis.goals & floor))
            distances = [pull_distances(goal, floor, groups, offsets, size) for goal in goals]
            expected = goal_reach(goals, distances, bits_of(floor), size, no_stop)
            found = lone_box_reach(analysis.goals & floor, floor, groups, offsets, size)
            assert found == expected


def test_the_reach_with_walls_built_on_sets_asked_before_is_the_full_computation() -> None:
    """Sets of walls growing a square at a time in random orders, as boxes frozen on goals
    do, each built on the set before it when that one is kept (a few kept, so some are not)."""
    picker = random.Random(5)
    for level in read_collection(campaign_path()).levels:
        analysis = Analysis(level.board, level.player)
        size = analysis.board.width * analysis.board.height
        offsets = analysis.offsets
        reach = walled.WalledReach(analysis)
        reach.KEPT = 4
        for _ in range(3):
            walls = 0
            for square in picker.sample(analysis.squares, min(5, len(analysis.squares) - 1)):
                walls |= 1 << square
                floor, groups, _ = _full(analysis, walls)
                expected = lone_box_reach(analysis.goals & floor, floor, groups, offsets, size)
                assert reach.reach(walls) == expected
        assert reach.reach(0) == lone_box_reach(
            analysis.goals, analysis.floor, analysis.side_groups, offsets, size
        )
