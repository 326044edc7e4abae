"""Festival's macro moves: one box to any square it can reach as one move, and the feature
space search over them (alone, and in the fast method's portfolio on large levels)."""

from __future__ import annotations

import random

import pytest

from game.core.collection import read_collection
from game.core.notation import replay
from game.core.paths import DIRECTIONS
from game.core.resources import campaign_path
from game.core.xsb import parse_level
from game.solver import SolveStatus, solve
from game.solver.analysis.areas import area_parts, areas_after, count_areas
from game.solver.analysis.board import POLL_SQUARES, Analysis, bits_of, mask_of, no_stop
from game.solver.analysis.player_area import area_after_push
from game.solver.search.box_moves import box_moves
from game.solver.search.portfolio import entries_of, feature_space_boxes
from game.solver.search.problem import Problem
from tests.solver.helpers import problem_of
from tests.solver.search.test_parallel import STUCK
from tests.solver.test_solver import BIG

# One box in an open room: it reaches every live square, each as a single move.
ROOM = "\n".join(
    [
        "#######",
        "#     #",
        "# $ @ #",
        "#    .#",
        "#######",
    ]
)


def _region(problem: Problem) -> int:
    return problem.region(problem.start_boxes, problem.start_player)


def test_every_single_push_is_a_move() -> None:
    problem = problem_of(BIG)
    region = _region(problem)
    moves = box_moves(problem, problem.start_boxes, region, None)
    single = {after for pushes, after, _ in moves if len(pushes) == 1}
    assert single == {after for _, _, after in problem.pushes(problem.start_boxes, region)}


def test_a_box_reaches_every_live_square_of_its_room_in_one_move() -> None:
    problem = problem_of(ROOM)
    moves = box_moves(problem, problem.start_boxes, _region(problem), None)
    ends = {after for _, after, _ in moves}
    start = problem.start_boxes
    reachable = problem.live & ~start
    assert ends == {1 << square for square in bits_of(reachable)}
    for pushes, after, area in moves:
        # Each move's pushes are legal one after another, the player ending behind the box,
        # in the area the move names.
        box = pushes[0].box
        for push in pushes:
            assert push.box == box
            box += problem.offsets[DIRECTIONS.index(push.direction)]
        assert after == 1 << box
        assert area == problem.region(after, pushes[-1].box)


def test_a_box_s_moves_read_the_clock_as_they_go() -> None:
    """In an open room a box reaches hundreds of squares: the limits are looked at every
    POLL_SQUARES of them (a stop comes within about CHECK_SECONDS of work)."""
    rows = ["#" * 32] + ["#" + " " * 30 + "#"] * 20 + ["#" * 32]
    rows[5] = "#" + " " * 10 + "$" + " " * 8 + "." + " " * 10 + "#"
    rows[10] = "#" + " " * 5 + "@" + " " * 24 + "#"
    level = parse_level("\n".join(rows))
    reads = [0]

    def poll() -> None:
        reads[0] += 1

    problem = Problem(Analysis(level.board, level.player, poll), mask_of(level.boxes), level.player)
    reads[0] = 0
    moves = box_moves(problem, problem.start_boxes, _region(problem), None)
    squares = len({after for _, after, _ in moves})
    assert squares > 300
    assert reads[0] >= squares // POLL_SQUARES


def test_moves_respect_the_corral_restriction_on_the_first_push() -> None:
    problem = problem_of(BIG)
    nothing = [0, 0, 0, 0]
    assert box_moves(problem, problem.start_boxes, _region(problem), nothing) == []


def test_fess_over_box_moves_solves_and_proves_a_level_unsolvable() -> None:
    level = parse_level(BIG)
    result = solve(level, method="fess-boxes", time_limit=30)
    assert result.status is SolveStatus.SOLVED
    assert replay(level, result.lurd).solved
    stuck = solve(parse_level(STUCK), method="fess-boxes", time_limit=30)
    assert stuck.status is SolveStatus.UNSOLVABLE


def test_the_fast_method_leaves_the_unplanned_search_over_box_moves_out() -> None:
    # Its share went to the planned searches, which solve what it solved first (see portfolio).
    for boxes in (4, 20):
        assert feature_space_boxes not in [factory for factory, _ in entries_of("fast", boxes)]


def test_areas_worked_out_from_the_position_before_are_what_a_full_fill_finds() -> None:
    """Every move and push along random walks through the campaign's larger levels: the
    player's area and the count of areas worked out from the position before agree with
    those found from scratch."""
    levels = [level for level in read_collection(campaign_path()).levels if len(level.boxes) >= 4]
    chooser = random.Random(7)
    checked = 0
    for level in levels:
        problem = Problem(Analysis(level.board, level.player), mask_of(level.boxes), level.player)
        boxes = problem.start_boxes
        region = _region(problem)
        for _ in range(30):
            moves = box_moves(problem, boxes, region, None)
            if not moves:
                break
            parts = area_parts(problem.floor & ~boxes, region, problem.width, no_stop)
            for box, direction, after in problem.pushes(boxes, region):
                target = box + problem.offsets[direction]
                area = area_after_push(region, box, target, problem.floor & ~after, problem.width)
                assert area == problem.region(after, box)
            for _, after, area in moves:
                assert area == problem.region(after, (area & -area).bit_length() - 1)
                source = (boxes & ~after).bit_length() - 1
                target = (after & ~boxes).bit_length() - 1
                counted = count_areas(problem.floor & ~after, area, problem.width, no_stop)
                worked_out = areas_after(parts, source, target, area, problem.width, no_stop)
                assert worked_out == counted
                checked += 1
            _, boxes, region = chooser.choice(moves)
    assert checked > 1000


def test_moves_with_the_verdicts_kept_are_the_moves_found_afresh() -> None:
    """Random walks through the campaign's larger levels, mostly moving the box just moved
    again (its other boxes stand still, so the kept verdicts answer): the moves are those of
    the same problem with nothing kept."""
    levels = [level for level in read_collection(campaign_path()).levels if len(level.boxes) >= 4]
    chooser = random.Random(11)
    answered = 0
    for level in levels:
        problem = Problem(Analysis(level.board, level.player), mask_of(level.boxes), level.player)
        boxes, region, moved = problem.start_boxes, _region(problem), 0
        for _ in range(40):
            fresh = problem.apart()
            fresh.verdicts = {}
            expected = box_moves(fresh, boxes, region, None)
            answered += sum(1 for others in fresh.verdicts if others in problem.verdicts)
            assert box_moves(problem, boxes, region, None) == expected
            if not expected:
                break
            again = [move for move in expected if move[0][0].box == moved]
            pool = again if again and chooser.random() < 0.7 else expected
            _, after, region = chooser.choice(pool)
            moved, boxes = (after & ~boxes).bit_length() - 1, after
    assert answered > 100


def test_squares_passed_at_a_glance_are_those_the_rules_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random walks through the campaign's larger levels: the moves, where squares no box could
    freeze on and that keep the box's goals skip the deadlock rules, are the moves of a problem
    that asks the rules at every square (no square stoppable, so none passes at a glance)."""
    levels = [level for level in read_collection(campaign_path()).levels if len(level.boxes) >= 4]
    chooser = random.Random(13)
    moves = 0
    for level in levels:
        analysis = Analysis(level.board, level.player)
        problem = Problem(analysis, mask_of(level.boxes), level.player)
        asking = Problem(analysis, mask_of(level.boxes), level.player)
        monkeypatch.setattr(asking.freeze, "stoppable", lambda _boxes: -1)
        boxes, region = problem.start_boxes, _region(problem)
        for _ in range(25):
            problem.verdicts, asking.verdicts = {}, {}
            expected = box_moves(asking, boxes, region, None)
            assert box_moves(problem, boxes, region, None) == expected
            moves += len(expected)
            if not expected:
                break
            _, boxes, region = chooser.choice(expected)
    assert moves > 1000
