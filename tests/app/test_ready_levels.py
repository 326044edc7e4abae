"""Random levels made ahead: a level taken matches the cell asked for and is the seed's level;
stopping the service, or killing the game, leaves no process behind.

One-star cells from fixed seeds, each made in a couple of seconds.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterator

import pytest

from game.app.ready_levels import LOWEST_PRIORITY, ReadyLevels
from game.core.chapters import STARS_KEY
from game.levelgen.batch import cell_level
from game.levelgen.cells import Cell, cells_of, first_cell
from tests.processes import HAS_PROC, alive, children_outliving_a_kill, niceness

SMALL, MEDIUM = cells_of(1)[:2]


@pytest.fixture
def service() -> Iterator[ReadyLevels]:
    made = ReadyLevels(next_seed=lambda: 11)
    yield made
    made.stop()


def wait_ready(service: ReadyLevels, cell: Cell, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not service.ready(cell):
        assert time.monotonic() < deadline, f"no level for {cell.label} after {seconds} s"
        time.sleep(0.05)


def test_nothing_is_made_before_start(service: ReadyLevels) -> None:
    assert service.take(SMALL) is None
    time.sleep(0.2)
    assert not service.ready(SMALL) and multiprocessing.active_children() == []


def test_a_level_taken_is_the_cells_and_the_seeds_and_the_next_is_begun(
    service: ReadyLevels,
) -> None:
    assert first_cell(1) == MEDIUM
    service.start()
    assert service.take(SMALL) is None  # nothing ready yet: the next one is for Small
    wait_ready(service, SMALL)
    assert not service.ready(MEDIUM)  # one level a difficulty, for the cell last asked for
    level = service.take(SMALL)
    assert level is not None
    assert dict(level.extra)[STARS_KEY] == "1" and len(level.boxes) == 1
    assert level.width <= SMALL.width and level.height <= SMALL.height
    assert level == cell_level(SMALL, 11, lambda: False, lambda _: None)
    assert not service.ready(SMALL)  # taken; another is on its way
    wait_ready(service, SMALL)
    assert service.take(MEDIUM) is None  # a level of another size is not handed out
    assert not service.ready(SMALL)


def test_the_maker_runs_at_the_lowest_priority_and_stopping_ends_it(service: ReadyLevels) -> None:
    service.start()
    deadline = time.monotonic() + 30
    while not multiprocessing.active_children():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    workers = multiprocessing.active_children()
    if HAS_PROC:  # the maker yields to the game and the solver's worker
        # A small level may be made and its process gone before it is looked at: the next
        # level's process is looked at then.
        while not any(
            niceness(worker.pid) == LOWEST_PRIORITY
            for worker in multiprocessing.active_children()
            if worker.pid is not None
        ):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        workers = multiprocessing.active_children()
    service.stop()
    assert multiprocessing.active_children() == []
    assert not [worker.pid for worker in workers if worker.pid and alive(worker.pid)]


# A game-like parent: it starts making levels ahead, waits for the maker's process, lives on.
PARENT = """
import multiprocessing, time
from game.app.ready_levels import LOWEST_PRIORITY, ReadyLevels

ReadyLevels().start()
while not multiprocessing.active_children():
    time.sleep(0.01)
print("ready", flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
def test_no_level_maker_outlives_a_killed_game() -> None:
    assert children_outliving_a_kill(PARENT) == []
