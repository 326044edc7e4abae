"""Closed squares and diagonals (after Festival's 3x3 and diagonal deadlocks): the patterns the
rule finds, those it lets be, and on random positions a brute-force search agreeing that what it
finds is dead."""

from __future__ import annotations

import random

import pytest

from game.core.errors import LevelError
from game.core.level import Level
from game.core.xsb import parse_level
from game.solver.analysis.board import mask_of
from game.solver.deadlock.closed_square import ClosedSquares
from game.solver.search.problem import Problem
from tests.solver.helpers import problem_of, problem_of_level, solvable

# The box below the player, pushed up onto (3, 3), closes (4, 3) with the corners (3, 2) and
# (5, 4) taken: the boxes round it can only be pushed into it.
OPPOSITE_CORNERS = "\n".join(
    ["########", "#      #", "#  **  #", "#    * #", "#  $** #", "#  @  .#", "########"]
)


def closed_squares(problem: Problem) -> ClosedSquares:
    """The rule for the problem's board."""
    size = problem.analysis.board.width * problem.analysis.board.height
    return ClosedSquares(problem.width, problem.floor, problem.goals, size)


def locked_at_start(text: str, x: int, y: int) -> int:
    """What the rule finds beside the square (x, y) at the start of the level in ``text``."""
    problem = problem_of(text)
    square = parse_level(text).board.index(x, y)
    return closed_squares(problem).locked(square, problem.start_boxes)


def pushed(text: str, source: tuple[int, int], target: tuple[int, int]) -> tuple[int, int, int]:
    """The source and target squares of a push in ``text`` and the boxes after it."""
    problem = problem_of(text)
    board = parse_level(text).board
    start, end = board.index(*source), board.index(*target)
    return start, end, problem.start_boxes ^ (1 << start | 1 << end)


def test_a_square_shut_in_with_two_opposite_corners_taken_is_a_deadlock() -> None:
    problem = problem_of(OPPOSITE_CORNERS)
    _, target, after = pushed(OPPOSITE_CORNERS, (3, 4), (3, 3))
    assert problem.freeze.frozen_group(target, after) == 0  # the freeze rule lets it be
    locked = closed_squares(problem).locked(target, after)
    board = parse_level(OPPOSITE_CORNERS).board
    corners_and_sides = [(3, 2), (4, 2), (3, 3), (5, 3), (4, 4), (5, 4)]
    assert locked == mask_of(board.index(x, y) for x, y in corners_and_sides)


def test_the_same_square_with_every_box_on_its_goal_is_no_deadlock() -> None:
    # Nothing is stuck until a box is pushed into the square (the box off its goal is not
    # one of those round it).
    text = "\n".join(
        ["########", "#      #", "#  **  #", "#  * * #", "#   ** #", "#@  $. #", "########"]
    )
    assert not locked_at_start(text, 3, 3)


def test_a_wall_side_with_the_corners_across_taken_one_by_a_wall() -> None:
    # (2, 2) closed: a wall east of it, the corner north-west a wall, south-west a box (the
    # corner north-east free, so the opposite corners do not close it).
    text = "\n".join(["######", "##* ##", "#$ ###", "#*$  #", "#@ ..#", "######"])
    assert locked_at_start(text, 2, 3)


def test_box_corners_across_a_wall_side_are_not_enough() -> None:
    # (3, 3) shut in, a wall east of it, both corners across from the wall boxes: the west box
    # pushed in first leaves those corners free to move, and the level can still be solved.
    text = "\n".join(
        ["#######", "#..   #", "#.$$  #", "#@$ ###", "# $$  #", "#   ..#", "#######"]
    )
    assert not locked_at_start(text, 3, 4)
    level = parse_level(text)
    assert solvable(level, mask_of(level.boxes), level.player)


def test_a_diagonal_of_shut_squares_closed_at_both_ends_is_a_deadlock() -> None:
    # The box pushed left onto (4, 4) closes the diagonal (2, 2), (3, 3) between the wall at
    # (1, 1) and itself; neither square is closed alone and no box is frozen.
    text = "\n".join(
        ["########", "###    #", "## #   #", "# $ $  #", "#  $ $@#", "#  ....#", "########"]
    )
    problem, target, after = fatal_push(text, (5, 4), (4, 4))
    assert problem.freeze.frozen_group(target, after) == 0
    board = parse_level(text).board
    locked = [(2, 3), (4, 3), (3, 4), (4, 4)]
    assert closed_squares(problem).locked(target, after) == mask_of(
        board.index(x, y) for x, y in locked
    )


def test_a_diagonal_may_end_between_two_walls() -> None:
    # The box pushed up onto (2, 3) closes (2, 2) and (3, 3); past (3, 3) the walls at (4, 3)
    # and (3, 4) close the diagonal where no corner is taken.
    text = "\n".join(
        ["########", "###    #", "## $   #", "#   #  #", "# $#   #", "# @  ..#", "########"]
    )
    problem, target, after = fatal_push(text, (2, 4), (2, 3))
    assert closed_squares(problem).locked(target, after)


def fatal_push(
    text: str, source: tuple[int, int], target: tuple[int, int]
) -> tuple[Problem, int, int]:
    """The level of ``text``, checked solvable before the push and not after it: its problem,
    the push's target square and the boxes after it."""
    problem = problem_of(text)
    level = parse_level(text)
    assert solvable(level, problem.start_boxes, level.player)
    start, end, after = pushed(text, source, target)
    assert not solvable(level, after, start)
    return problem, end, after


SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))


def random_closed_levels(count: int, seed: int, length: int = 1) -> list[tuple[Level, int, int]]:
    """Small rooms built round a diagonal of ``length`` squares without boxes (one square, or a
    chain going down to the right or left, at times with goals) whose sides and corners are
    likely taken, the rest random:
    each level with its boxes and the square east of the first free square, where a box stands.
    The player is never on a shut-in square (after a push he never is)."""
    rng = random.Random(seed)
    found: list[tuple[Level, int, int]] = []
    while len(found) < count:
        width, height = 6, 5
        cells = [[" "] * width for _ in range(height)]
        sideways = rng.choice((1, -1))
        x, y = rng.randint(1, width - 2), rng.randint(1, height - 1 - length)
        chain = [(x + k * sideways, y + k) for k in range(length)]
        if not all(1 <= i <= width - 2 for i, _ in chain):
            continue
        # The chain's sides and end corners, and the squares round it beyond those: a longer
        # chain keeps more of the latter free, or its squares would mostly close alone.
        ends = {(x - sideways, y - 1), (chain[-1][0] + sideways, chain[-1][1] + 1)}
        sides = {(i + dx, j + dy) for i, j in chain for dx, dy in SIDES} | ends
        for i, j in chain:
            for dx, dy in (*SIDES, (1, 1), (-1, -1), (1, -1), (-1, 1)):
                near = (i + dx, j + dy)
                odds = 0.85 if length == 1 or near in sides else 0.4
                if near not in chain and cells[near[1]][near[0]] == " " and rng.random() < odds:
                    cells[near[1]][near[0]] = rng.choice("#$$**")
        for i, j in chain:
            if rng.random() < 0.2:
                cells[j][i] = "."  # a goal there: the rule must let the chain be
        boxes = sum(row.count("$") + row.count("*") for row in cells)
        goals = sum(row.count("*") + row.count(".") for row in cells)
        free = [(i, j) for j in range(height) for i in range(width) if cells[j][i] == " "]
        free = [square for square in free if square not in chain]
        if boxes > 4 or goals > boxes or len(free) < boxes - goals + 1:
            continue
        chosen = rng.sample(free, boxes - goals + 1)
        for index, (i, j) in enumerate(chosen):
            cells[j][i] = "@" if index == 0 else "."
        rows = ["#" * (width + 2), *("#" + "".join(r) + "#" for r in cells), "#" * (width + 2)]
        try:
            level = parse_level("\n".join(rows))
        except LevelError:
            continue
        side = level.board.index(x + 2, y + 1) if cells[y][x + 1] in "$*" else None
        if side is not None and not _player_shut_in(level):
            found.append((level, side, mask_of(level.boxes)))
    return found


@pytest.mark.parametrize(("length", "claims"), [(1, 50), (2, 30)])
def test_every_position_the_rule_calls_dead_is_unsolvable(length: int, claims: int) -> None:
    claimed = spared = 0
    for level, square, boxes in random_closed_levels(300, seed=11, length=length):
        problem = problem_of_level(level)
        if closed_squares(problem).locked(square, boxes):
            claimed += 1
            assert not solvable(level, boxes, level.player), level.to_xsb()
        elif _shut_in(problem, square, boxes) and solvable(level, boxes, level.player):
            spared += 1
    # The rooms hold solvable positions with a square shut in beside a box off its goal, and
    # goals on the chains' squares, so a looser rule would be caught here.
    assert claimed >= claims and spared >= 3


def _player_shut_in(level: Level) -> bool:
    """Whether the player stands on a square whose four sides are walls or boxes."""
    problem = problem_of_level(level)
    taken = ~problem.floor | problem.start_boxes
    sides = (1, -1, problem.width, -problem.width)
    return all(taken >> (level.player + side) & 1 for side in sides)


def _shut_in(problem: Problem, square: int, boxes: int) -> bool:
    """Whether a free square round ``square`` has its four sides taken, a box off its goal on
    one of them."""
    rule = closed_squares(problem)
    width, taken = problem.width, rule.solid | boxes
    for free in rule.around[square]:
        sides = (free - width, free + width, free - 1, free + 1)
        shut = not taken >> free & 1 and all(taken >> side & 1 for side in sides)
        if shut and any(boxes >> side & 1 and not problem.goals >> side & 1 for side in sides):
            return True
    return False
