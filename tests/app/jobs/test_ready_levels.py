"""Random levels made ahead: one a difficulty, for the cell asked for last, the difficulty asked
for last first; a level taken is the cell's, the next is begun; stopping, or killing the game,
leaves no process behind.

The model's tests make stand-in levels at once through the job driver; the process tests make
one-star cells from fixed seeds, each in a couple of seconds.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest

from game.app.jobs.job_driver import JobDriver
from game.app.jobs.jobs import ProgressLine
from game.app.jobs.ready_levels import LOWEST_PRIORITY, ReadyLevels, made_apart
from game.core.chapters import STARS_KEY
from game.core.level import Level
from game.core.xsb import parse_level
from game.levelgen.batch import cell_level
from game.levelgen.cells import DIFFICULTIES, Cell, cells_of, first_cell
from game.solver.result import CancelCheck
from tests.processes import HAS_PROC, alive, children_outliving_a_kill, niceness

SMALL, MEDIUM = cells_of(1)[:2]
SOME_LEVEL = parse_level(["#####", "#@$.#", "#####"])


class Maker:
    """Makes a stand-in level at once for each cell asked, titled by cell and seed, once the
    gate is open (open at first); notes what it was asked."""

    def __init__(self) -> None:
        self.asked: list[Cell] = []
        self.gate = threading.Event()
        self.gate.set()

    def __call__(
        self, cell: Cell, seed: int, cancelled: CancelCheck, progress: ProgressLine
    ) -> Level | None:
        self.asked.append(cell)
        while not self.gate.wait(0.01):
            if cancelled():
                return None
        return replace(SOME_LEVEL, title=f"{cell.label} from {seed}")


def wait_asked(maker: Maker, count: int, seconds: float = 10.0) -> None:
    """Wait until the maker was asked ``count`` levels (each job calls it from its thread)."""
    deadline = time.monotonic() + seconds
    while len(maker.asked) < count:
        assert time.monotonic() < deadline, f"the maker was asked {maker.asked} only"
        time.sleep(0.001)


def made_for(cell: Cell, seed: int = 11) -> str:
    return f"{cell.label} from {seed}"


def settle(driver: JobDriver, service: ReadyLevels, seconds: float = 10.0) -> None:
    """Tick the driver, as the engine does, until nothing more is being made."""
    deadline = time.monotonic() + seconds
    while driver.busy(service):
        assert time.monotonic() < deadline, "the levels made ahead never settled"
        driver.tick()
        time.sleep(0.001)


@pytest.fixture
def driver() -> JobDriver:
    return JobDriver()


@pytest.fixture
def maker() -> Maker:
    return Maker()


@pytest.fixture
def service(driver: JobDriver, maker: Maker) -> Iterator[ReadyLevels]:
    made = ReadyLevels(driver, next_seed=lambda: 11, make=maker)
    yield made
    made.stop()


def test_nothing_is_made_before_start(
    driver: JobDriver, maker: Maker, service: ReadyLevels
) -> None:
    assert service.take(SMALL) is None
    assert not driver.busy(service) and maker.asked == []


def test_each_difficulty_gets_one_level_for_its_first_cell(
    driver: JobDriver, maker: Maker, service: ReadyLevels
) -> None:
    service.start()
    settle(driver, service)
    assert maker.asked == [first_cell(stars) for stars in DIFFICULTIES]
    assert all(service.ready(first_cell(stars)) for stars in DIFFICULTIES)


def test_a_level_taken_is_the_cells_and_the_next_is_begun(
    driver: JobDriver, maker: Maker, service: ReadyLevels
) -> None:
    assert first_cell(1) == MEDIUM
    service.start()
    settle(driver, service)
    assert service.take(SMALL) is None  # the one ready is Medium's: Small is wanted now
    assert not service.ready(MEDIUM)
    settle(driver, service)
    assert service.ready(SMALL) and not service.ready(MEDIUM)
    level = service.take(SMALL)
    assert level is not None and level.title == made_for(SMALL)
    assert not service.ready(SMALL) and driver.busy(service)  # taken; another is on its way
    settle(driver, service)
    assert service.take(MEDIUM) is None  # a level of another size is not handed out


def test_the_difficulty_asked_for_last_is_made_next_and_the_one_under_way_finishes(
    driver: JobDriver, maker: Maker, service: ReadyLevels
) -> None:
    maker.gate.clear()
    service.start()
    wait_asked(maker, 1)
    three_stars = cells_of(3)[-1]
    assert service.take(three_stars) is None
    driver.tick()
    assert maker.asked == [MEDIUM] and driver.busy(service)  # still wanted: not dropped
    maker.gate.set()
    settle(driver, service)
    assert maker.asked[:2] == [MEDIUM, three_stars] and service.ready(MEDIUM)


def test_a_level_under_way_for_a_cell_no_longer_wanted_is_dropped(
    driver: JobDriver, maker: Maker, service: ReadyLevels
) -> None:
    maker.gate.clear()
    service.start()
    wait_asked(maker, 1)
    assert service.take(SMALL) is None  # Medium was being made: Small replaces it
    maker.gate.set()
    settle(driver, service)
    assert maker.asked[:2] == [MEDIUM, SMALL]
    assert service.ready(SMALL) and not service.ready(MEDIUM)


def test_a_failure_stops_the_making(driver: JobDriver) -> None:
    asked: list[Cell] = []

    def broken(cell: Cell, seed: int, cancelled: CancelCheck, progress: ProgressLine) -> Level:
        asked.append(cell)
        raise OSError("no processes left")

    service = ReadyLevels(driver, make=broken)
    service.start()
    settle(driver, service)
    assert asked == [MEDIUM] and not service.ready(MEDIUM)
    service.take(SMALL)
    assert not driver.busy(service)


def test_a_level_made_apart_is_the_seeds() -> None:
    level = made_apart(SMALL, 11, lambda: False, lambda _line: None)
    assert level is not None
    assert dict(level.extra)[STARS_KEY] == "1" and len(level.boxes) == 1
    assert level.width <= SMALL.width and level.height <= SMALL.height
    assert level == cell_level(SMALL, 11, lambda: False, lambda _: None)


def test_the_maker_runs_at_the_lowest_priority_and_stopping_ends_it(driver: JobDriver) -> None:
    service = ReadyLevels(driver)
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
            driver.tick()
            time.sleep(0.01)
        workers = multiprocessing.active_children()
    service.stop()
    assert multiprocessing.active_children() == []
    assert not [worker.pid for worker in workers if worker.pid and alive(worker.pid)]


# A game-like parent: it starts making levels ahead, waits for the maker's process, lives on.
PARENT = """
import multiprocessing, time
from game.app.jobs.job_driver import JobDriver
from game.app.jobs.ready_levels import ReadyLevels

ReadyLevels(JobDriver()).start()
while not multiprocessing.active_children():
    time.sleep(0.01)
print("ready", flush=True)
time.sleep(600)
"""


@pytest.mark.skipif(not HAS_PROC, reason="reads /proc")
def test_no_level_maker_outlives_a_killed_game() -> None:
    assert children_outliving_a_kill(PARENT) == []
