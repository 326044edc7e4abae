"""The statistics snapshot the statistics screen shows, read by storage queries in one go."""

from __future__ import annotations

from game.core.level import Level
from game.core.xsb import parse_level
from game.storage.queries import stats_snapshot
from game.storage.store import ProgressStore
from tests.conftest import SMALL_SOLUTION

CORRIDOR = "#######\n#     #\n# @$ .#\n#     #\n#######\n"


def test_the_snapshot_orders_solved_levels_by_the_collection(level: Level) -> None:
    corridor = parse_level(CORRIDOR, title="Corridor")
    store = ProgressStore.in_memory()
    times = iter([100.0, 200.0, 300.0, 400.0])
    store.clock = lambda: next(times)
    store.record_solution("title:T", corridor, "RR", 2, 2, 998)
    store.record_solution("title:T", level, SMALL_SOLUTION, 33, 8, 967)
    store.record_solution("title:U", corridor, "RR", 2, 2, 998)
    store.remember_collection("title:T", "T", "t.xsb", [level, corridor])
    snapshot = stats_snapshot(store)
    assert snapshot.totals.levels_solved == 3 and snapshot.totals.score == 998 + 967 + 998
    assert [info.collection_id for info in snapshot.collections] == ["title:T", "title:U"]
    assert [solved.label for solved in snapshot.solved["title:T"]] == ["1", "2"]
    assert [solved.label for solved in snapshot.solved["title:U"]] == ["Corridor"]
    assert [event.total_score for event in snapshot.history] == [998, 998 + 967, 2963]


def test_no_store_gives_an_empty_snapshot() -> None:
    snapshot = stats_snapshot(None)
    assert snapshot.collections == [] and snapshot.solved == {} and snapshot.totals.score == 0
