"""The solver's methods on tiny levels: verified solutions, optimal push counts, proofs of
unsolvability, mid-game positions, cancellation and the limits."""

from __future__ import annotations

import threading

import pytest

from game.core.level import Level
from game.core.notation import replay
from game.core.xsb import parse_level
from game.solver import METHODS, SolveStatus, solve
from game.solver.memory import resident_bytes
from game.solver.smt import SMT_METHODS
from tests.conftest import SMALL_LEVEL
from tests.solver.helpers import random_rooms

# Each: the level, its fewest pushes, and its fewest moves among push-optimal solutions.
OPTIMAL = [
    ("#######\n#@ $ .#\n#######", 2, 3),
    ("#####\n#.  #\n# $ #\n#@  #\n#####", 2, 5),
    (SMALL_LEVEL, 8, 33),
    ("######\n#. . #\n# $$ #\n#  @ #\n######", 3, 5),
]

# No box starts on a dead square or frozen, so only an exhausted search can tell.
UNSOLVABLE_BY_SEARCH = "########\n#     ##\n# #$ $ #\n# # .###\n#@    .#\n#      #\n########"

# Nine boxes on an open floor: far too big for breadth-first search to finish quickly.
BIG = (
    "###########\n#.  .  .  #\n#  $ $ $  #\n#.  .  .  #\n#  $ $ $  #\n"
    "#.  .  .  #\n#  $ $ $  #\n#    @    #\n###########"
)


def level(text: str) -> Level:
    return parse_level(text)


def fewest_moves(start: Level) -> int | None:
    """Brute-force breadth-first search over single steps: an independent referee."""
    board = start.board
    offsets = (1, -1, board.width, -board.width)
    frontier = [(start.player, start.boxes)]
    seen = set(frontier)
    depth = 0
    while frontier:
        following = []
        for player, boxes in frontier:
            if boxes == board.goals:
                return depth
            for offset in offsets:
                step = player + offset
                if not board.is_walkable(step):
                    continue
                moved = boxes
                if step in boxes:
                    ahead = step + offset
                    if not board.is_walkable(ahead) or ahead in boxes:
                        continue
                    moved = (boxes - {step}) | {ahead}
                state = (step, moved)
                if state not in seen:
                    seen.add(state)
                    following.append(state)
        frontier = following
        depth += 1
    return None


# The search methods. The SMT planners grow a plan length instead: they cannot prove a level
# unsolvable by running dry, are slow on 30-move levels, and have their own tests (test_smt.py).
SEARCH_METHODS = [method for method in METHODS if method not in SMT_METHODS]


@pytest.mark.parametrize("method", SEARCH_METHODS)
@pytest.mark.parametrize(("text", "pushes", "moves"), OPTIMAL)
def test_every_method_solves_small_levels(text: str, pushes: int, moves: int, method: str) -> None:
    result = solve(level(text), method=method, time_limit=10)
    assert result.status is SolveStatus.SOLVED
    check = replay(level(text), result.lurd)
    assert check.solved
    assert (check.moves, check.pushes) == (result.moves, result.pushes)
    assert result.method == method


@pytest.mark.parametrize(("text", "pushes", "moves"), OPTIMAL)
def test_bfs_and_astar_find_the_fewest_pushes(text: str, pushes: int, moves: int) -> None:
    assert solve(level(text), method="bfs").pushes == pushes
    astar = solve(level(text), method="astar")
    assert (astar.pushes, astar.moves) == (pushes, moves)


@pytest.mark.parametrize(("text", "pushes", "moves"), OPTIMAL)
def test_move_optimal_astar_matches_brute_force(text: str, pushes: int, moves: int) -> None:
    result = solve(level(text), method="astar-moves")
    assert result.moves == fewest_moves(level(text))
    assert result.moves <= moves


def test_a_box_on_a_dead_square_is_unsolvable_at_once() -> None:
    result = solve(level("#####\n#$ .#\n#@  #\n#####"))
    assert result.status is SolveStatus.UNSOLVABLE
    assert result.nodes == 0


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_exhausted_search_proves_unsolvable(method: str) -> None:
    result = solve(level(UNSOLVABLE_BY_SEARCH), method=method, time_limit=10)
    assert result.status is SolveStatus.UNSOLVABLE
    assert result.nodes > 0
    assert result.lurd == ""
    assert fewest_moves(level(UNSOLVABLE_BY_SEARCH)) is None


def test_a_box_out_of_reach_off_its_goal_is_unsolvable() -> None:
    text = "#######\n#@$ .##\n#######\n#$  .#\n######"
    # The second room has no player; its box can never move.
    result = solve(level(text))
    assert result.status is SolveStatus.UNSOLVABLE


def test_solves_from_a_mid_game_position() -> None:
    start = level(SMALL_LEVEL)
    # After "dlUrrrdL" (two pushes) from the start of Microban 1.
    board = start.board
    player = board.index(3, 4)
    boxes = frozenset({board.index(1, 2), board.index(2, 4)})
    middle = start.with_position(boxes, player)
    result = solve(middle, method="astar")
    assert result.status is SolveStatus.SOLVED
    assert replay(middle, result.lurd).solved


def test_an_already_solved_position_needs_no_moves() -> None:
    start = level("#####\n#@$.#\n#####")
    done = start.with_position(start.board.goals, start.board.index(2, 1))
    result = solve(done)
    assert result.status is SolveStatus.SOLVED
    assert result.lurd == ""


def test_a_cancel_during_the_search_stops_it() -> None:
    # How promptly: tools/solver_limits.py measures it (tens of milliseconds is the promise).
    cancel = threading.Event()
    setter = threading.Timer(0.2, cancel.set)
    setter.start()
    result = solve(level(BIG), method="bfs", time_limit=30, cancel=cancel)
    setter.join()
    assert result.status is SolveStatus.CANCELLED


def test_cancel_accepts_a_plain_callable() -> None:
    result = solve(level(BIG), method="bfs", time_limit=30, cancel=lambda: True)
    assert result.status is SolveStatus.CANCELLED


def test_the_time_limit_stops_the_search() -> None:
    result = solve(level(BIG), method="bfs", time_limit=0.3)
    assert result.status is SolveStatus.TIMEOUT


def test_node_and_memory_limits_stop_the_search() -> None:
    assert solve(level(BIG), method="bfs", node_limit=50).status is SolveStatus.TIMEOUT
    capped = solve(level(BIG), method="bfs", memory_limit=resident_bytes() + (20 << 20))
    assert capped.status is SolveStatus.MEMORY
    assert capped.reason


def test_progress_is_reported() -> None:
    calls: list[tuple[int, float]] = []
    solve(level(BIG), method="bfs", time_limit=0.7, progress=lambda n, s: calls.append((n, s)))
    assert calls
    assert all(nodes > 0 and seconds > 0 for nodes, seconds in calls)


def test_unknown_method_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown method"):
        solve(level(SMALL_LEVEL), method="magic")


# Microban 3: its goal room's packing order sends a box the wrong way, so the macro must not
# be the only move tried (this once came out as "unsolvable").
GOAL_ROOM = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########"


def test_fast_solves_a_level_its_goal_macro_gets_wrong() -> None:
    result = solve(level(GOAL_ROOM), method="fast")
    assert result.status is SolveStatus.SOLVED
    assert replay(level(GOAL_ROOM), result.lurd).solved


@pytest.mark.parametrize("method", SEARCH_METHODS)
def test_methods_agree_with_brute_force_on_random_rooms(method: str) -> None:
    for lv in random_rooms(25, 4, ((4, 6), (3, 5)), (2, 3), 0.2):
        result = solve(lv, method=method, time_limit=10)
        assert result.solved == (fewest_moves(lv) is not None), lv.to_xsb()
