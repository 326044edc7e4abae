"""Limits hold in every phase: on big generated rooms the set-up (analysis, packing plan,
matchings) stops at the time limit, at a cancel and at the memory cap, not only the search.

How promptly each stops is measured by tools/solver_limits.py, not asserted here: a busy
machine would make any bound flaky.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from game.core.level import Level
from game.solver import SolveStatus, result, solve
from game.solver.deadlock.rules import MatchingChecker
from game.solver.memory import resident_bytes
from game.solver.search.cells import POLL_CHILDREN
from game.solver.search.fess import FeatureSearch
from game.solver.search.girl import GirlPerimeter
from game.solver.search.meeting import Perimeter
from tests.test_tools import load_tool


def big_room(width: int, height: int, boxes: int) -> Level:
    room: Level = load_tool("solver_limits").big_room(width, height, boxes)
    return room


@pytest.mark.parametrize("method", ["fast", "fess", "greedy", "bfs", "astar"])
def test_a_400_box_room_stops_at_the_time_limit(method: str) -> None:
    result = solve(big_room(100, 100, 400), method=method, time_limit=1.0)
    assert result.status is SolveStatus.TIMEOUT


def test_a_star_on_a_60_by_60_room_stops_at_its_limit() -> None:
    result = solve(big_room(60, 60, 60), method="astar", time_limit=4.0)
    assert result.status is SolveStatus.TIMEOUT


def test_a_cancel_during_the_set_up_stops_it() -> None:
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    result = solve(big_room(100, 100, 400), method="fess", time_limit=60, cancel=cancel)
    timer.join()
    assert result.status is SolveStatus.CANCELLED


def test_the_memory_cap_is_on_resident_memory_and_holds_in_the_set_up() -> None:
    # The process already holds more than this cap, so the first check stops the solve.
    result = solve(big_room(100, 100, 400), method="fess", time_limit=60,
                   memory_limit=resident_bytes() // 2)
    assert result.status is SolveStatus.MEMORY
    assert "MiB resident" in result.reason


# Per method, the work it does once for each child of a node, which an open room's root has
# tens of thousands of (the searches' roots in a 40 by 40 room with 40 boxes: 25,000-50,000).
PER_CHILD: list[tuple[str, type, str]] = [
    ("fess-boxes", FeatureSearch, "_worked_out"),  # the forward search's features
    ("fess-meet", MatchingChecker, "still_matched"),  # the backward search's pulls
    ("girl", GirlPerimeter, "_worth"),  # the girl mode's worth of each backward child
]
# Children worked on before the cancel: past the first few, whose work may look at the clock
# on its own (a cancel at the first child was caught that way with no poll in the loop).
BEFORE_CANCEL = 100


def cancel_at_every_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock and the cancel looked at every poll, so a cancel stops a solve at the next."""
    monkeypatch.setattr(result, "CHECK_SECONDS", 0.0)


@pytest.mark.parametrize(("method", "owner", "name"), PER_CHILD)
def test_a_cancel_stops_the_work_on_a_root_with_many_children(
    monkeypatch: pytest.MonkeyPatch, method: str, owner: type, name: str
) -> None:
    # The cancel, arriving amid the root's children, must stop the work at the next child, not
    # when the root is done (seconds later on a room twice this size). Without a poll in the
    # loop: 50,241 features made, 25,536 pulls matched.
    cancel_at_every_poll(monkeypatch)
    calls: list[int] = []
    original: Callable[..., Any] = getattr(owner, name)

    def counted(self: object, *args: object, **named: object) -> Any:
        calls.append(0)
        return original(self, *args, **named)

    monkeypatch.setattr(owner, name, counted)
    stopped = solve(
        big_room(40, 40, 40),
        method=method,
        time_limit=60,
        cancel=lambda: len(calls) >= BEFORE_CANCEL,
    )
    assert stopped.status is SolveStatus.CANCELLED
    assert len(calls) <= BEFORE_CANCEL + 1


def test_a_cancel_stops_the_perimeter_keeping_a_root_s_many_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same for the loop that keeps the backward search's positions for the forward searches:
    # cancelled as it starts, it keeps far fewer than the root's children.
    cancel_at_every_poll(monkeypatch)
    offered: list[int] = []
    kept: list[int] = []
    original = Perimeter.meet

    def meet(self: Perimeter, node: int, children: list[Any]) -> None:
        offered.append(len(children))
        try:
            original(self, node, children)
        finally:
            kept.append(len(self.met))

    monkeypatch.setattr(Perimeter, "meet", meet)
    stopped = solve(
        big_room(40, 40, 40), method="fess-meet", time_limit=60, cancel=lambda: bool(offered)
    )
    assert stopped.status is SolveStatus.CANCELLED
    assert kept[0] < offered[0] // 2, (kept, offered)


def test_a_cancel_stops_the_packing_of_a_root_s_many_children(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Once worked out, the root's children are packed into integers and sorted: some 0.3 s for
    # the 83,000 of a 60 by 60 room. A cancel amid them stops the packing within POLL_CHILDREN
    # more (without the poll, all the root's 25,000-50,000 here were packed).
    cancel_at_every_poll(monkeypatch)
    packed: list[int] = []
    original = FeatureSearch.pack_move

    def pack_move(self: FeatureSearch, node: int, child: Any) -> int:
        packed.append(0)
        return original(self, node, child)

    monkeypatch.setattr(FeatureSearch, "pack_move", pack_move)
    before_cancel = 2 * POLL_CHILDREN
    stopped = solve(
        big_room(40, 40, 40),
        method="fess-boxes",
        time_limit=60,
        cancel=lambda: len(packed) >= before_cancel,
    )
    assert stopped.status is SolveStatus.CANCELLED
    assert len(packed) <= before_cancel + POLL_CHILDREN
