"""The optimizer: never a worse or invalid solution (a property over Microban levels played with
random detours), a wasteful solution made optimal, never beaten by what it found for another order,
its steps in worker processes, its news as it improves, bad solutions refused, its limits hold."""

from __future__ import annotations

import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.direction import Direction
from game.core.level import Level
from game.core.metrics import MetricOrder, measure, pushes_of, solves
from game.core.notation import NotationError, replay
from game.core.play import PlayState
from game.core.xsb import parse_level
from game.solver import SolveStatus, solve, workers
from game.solver.analysis.board import no_stop
from game.solver.optimize.optimizer import OptimizeProgress, Vicinity, optimize
from game.solver.optimize.passes import render
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

# Microban levels 2, 3, 4, 5 and 9 (David W. Skinner), small enough for many examples.
MICROBAN = [
    parse_level(text)
    for text in (
        "######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######",
        "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########",
        "########\n#      #\n# .**$@#\n#      #\n#####  #\n    ####",
        " #######\n #     #\n # .$. #\n## $@$ #\n#  .$. #\n#      #\n########",
        "#####\n#.  ##\n#@$$ #\n##   #\n ##  #\n  ##.#\n   ###",
    )
]
ROOM = parse_level("#######\n#     #\n# @$ .#\n#     #\n#######")


def wander(level: Level, steps: list[Direction]) -> tuple[Level, str]:
    """The level's position after the steps that can be made, and their LURD."""
    state = PlayState(level)
    letters = []
    for direction in steps:
        result = state.step(direction)
        if result.move is not None:
            letters.append(result.move.letter)
    position = level.with_position(frozenset(state.boxes), state.player)
    return position, "".join(letters)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(MICROBAN) - 1),
    steps=st.lists(st.sampled_from(list(Direction)), max_size=14),
    order=st.sampled_from(list(MetricOrder)),
)
def test_the_optimizer_never_returns_a_worse_or_invalid_solution(
    index: int, steps: list[Direction], order: MetricOrder
) -> None:
    level = MICROBAN[index]
    position, detour = wander(level, steps)
    rest = solve(position, method="fast", time_limit=5)
    if not rest.solved:
        return  # the detour left a box stuck: no solution to optimize
    lurd = detour + rest.lurd
    assert solves(level, lurd)
    result = optimize(level, lurd, order, time_limit=30)
    assert solves(level, result.lurd)
    assert result.before == measure(level, lurd)
    assert result.after == measure(level, result.lurd)
    assert order.key(result.after) <= order.key(result.before)
    assert result.improved == (result.lurd != lurd)


def test_a_wasteful_solution_is_made_optimal() -> None:
    # Pushed on, pulled back round the box, pushed on again: two pushes would do.
    wasteful = "RurrdLLulldRRR"
    assert solves(ROOM, wasteful)
    for order in (MetricOrder.MOVES, MetricOrder.PUSHES):
        result = optimize(ROOM, wasteful, order)
        assert result.lurd == "RR"
        assert result.improved and result.converged and result.stopped is None
    small = parse_level(SMALL_LEVEL)
    padded = optimize(small, "udud" + SMALL_SOLUTION, MetricOrder.MOVES)
    assert padded.after == measure(small, SMALL_SOLUTION)


def test_the_vicinity_search_finds_what_shorter_walks_cannot() -> None:
    # Microban 5 from a solver's solution: its pushes walked by the shortest ways cost as
    # many moves as before; the vicinity search reaches the move optimum.
    level = MICROBAN[3]
    start = solve(level, method="fast", time_limit=10).lurd
    walked = render(level, pushes_of(level, start), no_stop)
    assert walked is not None
    one_box = optimize(level, start, MetricOrder.MOVES, ladder=(Vicinity(boxes=1, radius=1),))
    wider = optimize(level, start, MetricOrder.MOVES)
    assert solves(level, wider.lurd)
    assert wider.after.moves <= one_box.after.moves < measure(level, walked).moves
    assert wider.after.moves == solve(level, method="astar-moves").moves


def test_a_solution_that_does_not_solve_is_refused() -> None:
    with pytest.raises(ValueError, match="does not solve"):
        optimize(ROOM, "R")
    with pytest.raises(ValueError, match="wall"):
        optimize(ROOM, "uuu")
    with pytest.raises(NotationError):
        optimize(ROOM, "RxR")


def big_room() -> tuple[Level, str]:
    """A 20-wide room with six boxes to push far right, and a plain solution of it."""
    rows = ["#" * 22]
    for row in range(1, 9):
        inner = [" "] * 20
        if 2 <= row <= 7:
            inner[2], inner[15] = "$", "."
        rows.append("#" + "".join(inner) + "#")
    rows.append("#" + "@" + " " * 19 + "#")
    rows.append("#" * 22)
    level = parse_level("\n".join(rows))
    right = 2  # the index of RIGHT in DIRECTIONS
    pushes = [(box + step, right) for box in sorted(level.boxes) for step in range(13)]
    lurd = render(level, pushes, no_stop)
    assert lurd is not None and solves(level, lurd)
    return level, lurd


def test_a_cancel_stops_it_with_a_valid_solution() -> None:
    level, lurd = big_room()
    cancel = threading.Event()
    news: list[OptimizeProgress] = []
    timer = threading.Timer(0.5, cancel.set)
    timer.start()
    result = optimize(level, lurd, time_limit=60, cancel=cancel, progress=news.append)
    timer.join()
    assert result.stopped is SolveStatus.CANCELLED
    assert solves(level, result.lurd)
    assert news and news[-1].best.moves <= result.before.moves


def test_a_cancel_before_the_start_gives_back_the_solution() -> None:
    result = optimize(ROOM, "RurrdLLulldRRR", cancel=lambda: True)
    assert result.stopped is SolveStatus.CANCELLED
    assert result.lurd == "RurrdLLulldRRR" and not result.improved


def test_the_time_limit_stops_it() -> None:
    level, lurd = big_room()
    result = optimize(level, lurd, time_limit=0.5)
    assert result.stopped is SolveStatus.TIMEOUT and not result.converged
    assert solves(level, result.lurd)


def test_for_moves_has_the_fewest_moves_and_for_pushes_the_fewest_pushes() -> None:
    # Each order's run also keeps the other's best, so neither is beaten by the other's answer.
    for level in MICROBAN:
        start = solve(level, method="fast", time_limit=10).lurd
        for_moves = optimize(level, start, MetricOrder.MOVES)
        for_pushes = optimize(level, start, MetricOrder.PUSHES)
        assert for_moves.converged and for_pushes.converged
        assert for_moves.after.moves <= for_pushes.after.moves
        assert for_pushes.after.pushes <= for_moves.after.pushes


def test_a_push_given_in_lowercase_comes_back_in_uppercase() -> None:
    small = parse_level(SMALL_LEVEL)
    result = optimize(small, SMALL_SOLUTION.lower(), MetricOrder.PUSHES)
    assert not result.improved
    assert result.lurd == SMALL_SOLUTION
    assert replay(small, result.lurd).solved  # strict about case


@pytest.mark.parametrize("start_method", ["fork", "spawn"])
def test_steps_in_worker_processes_reach_the_optimum(
    monkeypatch: pytest.MonkeyPatch, start_method: str
) -> None:
    monkeypatch.setattr(workers, "START_METHOD", start_method)
    level = MICROBAN[3]
    start = solve(level, method="fast", time_limit=10).lurd
    result = optimize(level, start, MetricOrder.MOVES, workers=2)
    assert result.workers == 2 and result.converged
    assert replay(level, result.lurd).solved
    assert result.after.moves == solve(level, method="astar-moves").moves


def test_news_comes_with_every_improvement() -> None:
    news: list[OptimizeProgress] = []
    result = optimize(ROOM, "RurrdLLulldRRR", MetricOrder.MOVES, progress=news.append)
    assert news, "no news of the improvement"
    assert news[-1].best == result.after and news[-1].lurd == result.lurd
    assert all(solves(ROOM, item.lurd) for item in news)


def test_a_run_starts_from_the_best_of_its_seeds_and_passes_over_bad_ones() -> None:
    # No step at all (an empty ladder): what comes back is the best of what it was given.
    for order in (MetricOrder.MOVES, MetricOrder.PUSHES, MetricOrder.BOX_LINES):
        result = optimize(ROOM, "RurrdLLulldRRR", order, ladder=(), seeds=("R", "Rx", "rr"))
        assert result.lurd == "RR" and result.improved
        assert result.before == measure(ROOM, "RurrdLLulldRRR")
    unseeded = optimize(ROOM, "RurrdLLulldRRR", MetricOrder.MOVES, ladder=())
    bad_seeds = optimize(ROOM, "RurrdLLulldRRR", MetricOrder.MOVES, ladder=(), seeds=("R", "Rx"))
    assert bad_seeds.lurd == unseeded.lurd != "RR"
