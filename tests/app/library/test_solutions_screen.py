"""The Solutions screen's model: sorting by any column and the primary metric, both kept with
the settings, the day each solution was filed, an import through the job driver, and a store on
disk read in a thread."""

from __future__ import annotations

import time
from pathlib import Path

from game.app.jobs.jobs import Purpose
from game.app.library.solutions import Column
from game.app.library.solutions_choices import OPTIMIZE_TIMES
from game.app.library.solutions_commands import SolutionsKey, SortBy
from game.app.library.solutions_screen import SolutionsModel
from game.app.notice import Tone
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.core.metrics import MetricOrder
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LibraryEntry, Origin
from game.storage.store import ProgressStore
from tests.app.fake_shell import FakeShell

ROOM = "; room\n#######\n#@    #\n#  $. #\n#######\n"
# Moves 5, 3 and 7, filed on three days, the shortest last.
SOLUTIONS = (("rldrR", 1_700_000_000.0), ("rrlldrR", 1_700_100_000.0), ("drR", 1_700_200_000.0))


def room_screen(store: ProgressStore | None = None) -> tuple[FakeShell, SolutionsModel]:
    """The room's Solutions screen with its three entries (filed unmeasured), read."""
    shell = FakeShell()
    if store is not None:
        shell.context.use_progress(store)
    collection = read_collection_text(ROOM)
    shell.context.session.open(collection, LevelFile("room.xsb"))
    model = SolutionsModel(shell, 0)
    library = SolutionLibrary(shell.context.progress)
    for lurd, when in SOLUTIONS:
        key = model.key
        entry = LibraryEntry(
            key.collection_id, key.fingerprint, lurd, Origin.IMPORTED, place=1, added_at=when
        )
        assert library.add(entry).error is None
    model.refresh()
    return shell, model


def numbers(model: SolutionsModel) -> list[int]:
    return [row.number for row in model.view().rows]


def test_any_column_sorts_both_ways_and_the_sort_is_kept_for_the_next_time() -> None:
    shell, model = room_screen()
    assert numbers(model) == [1, 2, 3]
    model.handle(SolutionsKey.SORT_NEXT)  # by moves
    assert model.view().sort is Column.MOVES and numbers(model) == [3, 1, 2]
    model.handle(SolutionsKey.SORT_REVERSE)
    assert model.view().descending and numbers(model) == [2, 1, 3]
    assert [row.number for row in model.view().rows if row.best] == [3]  # by moves, any sort
    model.handle(SortBy(Column.DATE))
    assert numbers(model) == [1, 2, 3]
    model.handle(SortBy(Column.DATE))  # the same header again: the other way
    assert numbers(model) == [3, 2, 1]
    again = SolutionsModel(shell, 0)
    again.refresh()
    assert (again.choices.sort, again.choices.descending) == (Column.DATE, True)
    assert numbers(again) == [3, 2, 1]


def test_the_chosen_entry_stays_chosen_when_the_sort_changes() -> None:
    _, model = room_screen()
    model.handle(SolutionsKey.DOWN)  # #2
    model.handle(SolutionsKey.SORT_NEXT)
    chosen = [row.number for row in model.view().rows if row.chosen]
    assert chosen == [2]


def test_the_primary_metric_marks_the_best_and_is_kept() -> None:
    shell, model = room_screen()
    assert model.view().primary is MetricOrder.MOVES
    assert [row.number for row in model.view().rows if row.best] == [3]
    model.handle(SolutionsKey.PRIMARY)
    assert model.view().primary is MetricOrder.PUSHES
    assert (model.message, model.tone) == ("Primary metric: pushes", Tone.INFO)
    # All push once: the fewer moves then decide.
    assert [row.number for row in model.view().rows if row.best] == [3]
    model.handle(SolutionsKey.OPTIMIZE_TIME)
    seconds = model.view().optimize_seconds
    assert seconds in OPTIMIZE_TIMES and seconds != 60.0
    again = SolutionsModel(shell, 0)
    assert (again.choices.primary, again.choices.optimize_seconds) == (MetricOrder.PUSHES, seconds)


def test_each_row_shows_the_day_it_was_filed_and_an_entry_without_one_a_dash() -> None:
    shell, model = room_screen()
    key = model.key
    undated = LibraryEntry(key.collection_id, key.fingerprint, "rlrldrR", Origin.PLAYER, place=1)
    assert SolutionLibrary(shell.context.progress).add(undated).error is None
    model.refresh()
    rows = model.view().rows
    day = time.strftime("%Y-%m-%d", time.localtime(SOLUTIONS[0][1]))
    assert (rows[0].day, rows[3].day, rows[3].clock) == (day, "-", "")


def test_an_import_runs_through_the_job_driver_and_is_filed_when_it_ends() -> None:
    shell, model = room_screen()
    shell.clipboard.put("Solution: rrrllldrR\nSolution: dr")
    model.handle(SolutionsKey.PASTE)
    assert model.work.running is Purpose.IMPORT and model.view().working
    deadline = time.monotonic() + 60
    while model.busy and time.monotonic() < deadline:
        shell.jobs.tick()
        time.sleep(0.001)
    assert not model.busy and model.work.running is None
    assert model.message == "Added 1 solution (#4). Solution 2: it does not solve the level."
    assert [row.chosen for row in model.view().rows] == [False, False, False, True]


def test_esc_stops_an_import_and_a_second_esc_leaves() -> None:
    shell, model = room_screen()
    shell.clipboard.put("drR")
    model.handle(SolutionsKey.PASTE)
    model.handle(SolutionsKey.BACK)
    assert not model.busy and not shell.closed
    assert model.message == "Import stopped: nothing was added"
    model.handle(SolutionsKey.BACK)
    assert shell.closed


def read_through(shell: FakeShell, model: SolutionsModel) -> None:
    """Tick the job driver until the entries are read (waited for, not timed)."""
    deadline = time.monotonic() + 60
    while model.busy and time.monotonic() < deadline:
        shell.jobs.tick()
        time.sleep(0.001)
    assert not model.busy


def test_a_store_on_disk_is_read_in_a_thread_and_the_metrics_it_counted_are_kept(
    tmp_path: Path,
) -> None:
    store, _ = ProgressStore.open(tmp_path / "progress.sqlite3")
    shell, model = room_screen(store)
    assert model.running is Purpose.READ and model.entries == []
    view = model.view()
    assert view.reading and view.working and view.message.startswith("Reading the solutions")
    read_through(shell, model)
    assert numbers(model) == [1, 2, 3] and not model.view().reading
    assert [row.number for row in model.view().rows if row.best] == [3]
    kept = SolutionLibrary(store).entries(model.key)  # the thread wrote nothing: the loop did
    assert [entry.metrics is not None for entry in kept] == [True, True, True]


def test_the_choice_and_a_sort_made_while_reading_hold_when_the_entries_arrive(
    tmp_path: Path,
) -> None:
    store, _ = ProgressStore.open(tmp_path / "progress.sqlite3")
    shell, model = room_screen(store)
    read_through(shell, model)
    model.handle(SolutionsKey.DOWN)  # #2
    model.refresh()
    # Read again, the rows stay and no line flickers for the tick the read takes.
    assert model.reading and numbers(model) == [1, 2, 3] and not model.view().message
    model.handle(SolutionsKey.SORT_NEXT)  # by moves, before the new read ends
    read_through(shell, model)
    assert numbers(model) == [3, 1, 2]
    assert [row.number for row in model.view().rows if row.chosen] == [2]


def test_esc_while_reading_leaves_and_the_reading_stops(tmp_path: Path) -> None:
    store, _ = ProgressStore.open(tmp_path / "progress.sqlite3")
    shell, model = room_screen(store)
    model.handle(SolutionsKey.BACK)
    assert shell.closed
    model.close()  # as the scene does when it is left
    assert not model.busy


def test_a_read_that_fails_says_why_and_keeps_what_was_shown(tmp_path: Path) -> None:
    store, _ = ProgressStore.open(tmp_path / "progress.sqlite3")
    shell, model = room_screen(store)
    read_through(shell, model)
    (tmp_path / "progress.sqlite3").rename(tmp_path / "moved.sqlite3")  # the reader finds none
    model.refresh()
    read_through(shell, model)
    assert model.tone is Tone.DANGER
    assert model.message.startswith("The solutions could not be read: ")
    assert numbers(model) == [1, 2, 3]
