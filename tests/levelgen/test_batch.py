"""Tests for levels on demand: a batch is rated, distinct and the same for a seed on any number
of processes; a cancel leaves no worker behind; one cell's level runs in a worker process; a
worker whose parent is gone ends without a word.

Small rooms at low difficulty, so each test runs in a second or two.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from game.core.chapters import STARS_KEY
from game.core.notation import replay
from game.levelgen import parallel
from game.levelgen.batch import BatchProgress, Cancelled, Request, cell_level, generate_levels
from game.levelgen.campaign import remake
from game.levelgen.cells import cells_of
from game.levelgen.generate import SOLUTION_KEY, SPEC_KEY
from game.levelgen.symmetry import layout_key
from game.solver import workers

SMALL = Request(width=8, height=8, boxes=2, count=3, difficulty=2, seed=4)


def test_a_batch_is_solved_rated_distinct_and_the_same_for_a_seed() -> None:
    seen: list[BatchProgress] = []
    levels = generate_levels(SMALL, progress=seen.append)
    assert len(levels) == 3
    assert generate_levels(SMALL) == levels
    assert len({layout_key(level) for level in levels}) == 3
    for level in levels:
        extra = dict(level.extra)
        assert level.width <= 8 and level.height <= 8 and len(level.boxes) == 2
        assert replay(level, extra[SOLUTION_KEY]).solved
        assert extra[STARS_KEY] == "2"
        assert remake(extra[SPEC_KEY]).to_xsb() == level.to_xsb()
    assert seen[0].made == 0 and seen[-1].made == 3
    assert "3/3 levels made" in seen[-1].line()


@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_more_processes_make_the_same_levels(
    start: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if start not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {start} here")
    monkeypatch.setattr(workers, "START_METHOD", start)
    request = Request(width=11, height=8, boxes=3, count=4, difficulty=3, seed=5)
    assert generate_levels(request, jobs=3) == generate_levels(request, jobs=1)
    assert multiprocessing.active_children() == []


def test_a_cancelled_batch_stops_and_leaves_no_worker() -> None:
    with pytest.raises(Cancelled):
        generate_levels(SMALL, cancel=lambda: True)
    asked = 0

    def later() -> bool:
        nonlocal asked
        asked += 1
        return asked > 3

    hard = Request(width=14, height=11, boxes=7, count=8, difficulty=5, seed=1)
    with pytest.raises(Cancelled):
        generate_levels(hard, cancel=later, jobs=2)
    assert multiprocessing.active_children() == []


def test_one_cells_level_is_made_in_a_worker_process() -> None:
    cell = cells_of(2)[0]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        level = pool.submit(cell_level, cell, 11, _never, _ignore).result(timeout=120)
    assert level is not None and dict(level.extra)[STARS_KEY] == "2"
    assert level == cell_level(cell, 11, _never, _ignore)
    assert level.title == f"Random {level.width}x{level.height}, 2 stars, seed 11"


def _never() -> bool:
    return False


def _ignore(_: float) -> None:
    return None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"width": 4}, "width must be"),
        ({"height": 99}, "height must be"),
        ({"difficulty": 6}, "difficulty must be 1 to 5"),
        ({"count": 0}, "count must be"),
        ({"boxes": 30}, "boxes must be 1 to"),
        ({"seed": -1}, "seed must be"),
    ],
)
def test_bad_requests_are_refused_in_one_line(change: dict[str, int], message: str) -> None:
    request = Request(**{**SMALL.__dict__, **change})
    problem = request.problem()
    assert problem is not None and message in problem.text and "\n" not in problem.text
    with pytest.raises(ValueError, match=message):
        generate_levels(request)


def test_a_worker_whose_parent_was_killed_mid_send_ends_quietly() -> None:
    # The parent's end closes with the worker's last answer unread: the worker's next read
    # meets a reset connection, as when the parent is killed while sending to it.
    worker_end, parent_end = multiprocessing.Pipe()
    worker_end.send((0, 0, ""))
    parent_end.close()

    def work(index: int, _stopped: object) -> int:
        return index

    parallel.serve_tries(worker_end, os.getppid(), work)
