"""The collection's solutions: every level with its best by moves and by pushes, those with
none, an entry of a changed layout left out, and a level's Solutions opened from its row."""

from __future__ import annotations

import time
from pathlib import Path

from game.app.filing import keep_solution
from game.app.jobs.jobs import Purpose
from game.app.library.collection_solutions import CollectionKey, CollectionSolutions
from game.app.screens import OpenFileScreen, SolutionsScreen
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LibraryEntry, Origin
from game.storage.store import ProgressStore
from tests.app.fake_shell import FakeShell

ROOMS = (
    "; one\n#######\n#@    #\n#  $. #\n#######\n\n"
    "; two\n#######\n#@ $ .#\n#######\n\n"
    "; three\n######\n#@$ .#\n######\n"
)


def rooms(store: ProgressStore | None = None) -> tuple[FakeShell, CollectionSolutions]:
    shell = FakeShell()
    if store is not None:
        shell.context.use_progress(store)
    collection = read_collection_text(ROOMS)
    collection.title = "Rooms"
    shell.context.session.open(collection, LevelFile("rooms.xsb"))
    levels = collection.levels
    # Level one: 5 moves against 3 (both one push); level three: one solution.
    for index, lurd in ((0, "rldrR"), (0, "drR"), (2, "RR")):
        assert keep_solution(shell.context, index, levels[index], lurd, Origin.PLAYER).new
    # Filed under level two's place with another layout: it may not fit, so it is not counted.
    stale = LibraryEntry(shell.context.session.collection_id, "0" * 20, "rR", Origin.SOLVER,
                         place=2)
    assert SolutionLibrary(shell.context.progress).add(stale).error is None
    model = CollectionSolutions(shell)
    model.refresh()
    return shell, model


def test_each_level_shows_its_best_by_moves_and_by_pushes_or_none() -> None:
    _, model = rooms()
    view = model.view()
    rows = [(r.number, r.title, r.count, r.best_moves, r.best_pushes) for r in view.rows]
    assert rows == [
        (1, "one", 2, "3/1 (#2)", "3/1 (#2)"),
        (2, "two", 0, "", ""),
        (3, "three", 1, "2/2 (#1)", "2/2 (#1)"),
    ]
    assert view.totals == "2 of 3 levels have solutions, 1 have none"


def test_n_finds_the_next_level_with_none_and_enter_opens_a_level_s_solutions() -> None:
    shell, model = rooms()
    model.handle(CollectionKey.NEXT_UNSOLVED)
    assert [row.chosen for row in model.view().rows] == [False, True, False]
    model.handle(CollectionKey.DOWN)
    model.handle(CollectionKey.OPEN)
    assert shell.screens == [SolutionsScreen(2)]


def test_esc_leaves() -> None:
    shell, model = rooms()
    model.handle(CollectionKey.BACK)
    assert shell.closed


def finish(shell: FakeShell, model: CollectionSolutions) -> None:
    """Tick the job driver until the import is filed (waited for, not timed)."""
    deadline = time.monotonic() + 60
    while model.work is not None and time.monotonic() < deadline:
        shell.jobs.tick()
        time.sleep(0.001)
    assert model.work is None


def test_e_exports_the_collection_and_i_imports_it_into_a_fresh_home(tmp_path: Path) -> None:
    shell, model = rooms()
    model.handle(CollectionKey.EXPORT)
    target = tmp_path / "rooms.sok"
    shell.answer(str(target))
    assert model.view().message == "rooms.sok: exported 3 solutions of 3 levels"
    assert "Solution (moves 3, pushes 1)" in target.read_text()
    fresh = FakeShell()
    fresh.context.session.open(read_collection_text(ROOMS), LevelFile("rooms.xsb"))
    other = CollectionSolutions(fresh)
    other.refresh()
    other.handle(CollectionKey.IMPORT)
    dialog = fresh.screens[-1]
    assert isinstance(dialog, OpenFileScreen) and dialog.take is not None
    fresh.screens.pop()  # the dialog closes before it hands the file over
    dialog.take(str(target))
    finish(fresh, other)
    assert other.view().message == "Imported 3 solutions."
    assert [row.count for row in other.view().rows] == [2, 0, 1]


def test_a_foreign_sok_files_its_solutions_under_the_open_collection_s_levels(
    tmp_path: Path,
) -> None:
    shell, model = rooms()
    foreign = tmp_path / "yasc.sok"
    # Level two of the rooms as another program writes it, with a solution and a bad one.
    foreign.write_text(
        "Title: two\n#######\n#@ $ .#\n#######\n\nSolution (moves 3, pushes 2)\nrRR\n\n"
        "Solution\nrrrr\n"
    )
    model.import_sok(str(foreign))
    finish(shell, model)
    assert [row.count for row in model.view().rows] == [2, 1, 1]
    assert model.view().message.startswith("Imported 1 solution, 1 solution refused. ")


def test_esc_stops_an_import(tmp_path: Path) -> None:
    shell, model = rooms()
    file = tmp_path / "any.sok"
    file.write_text("#######\n#@ $ .#\n#######\nSolution\nrrRR\n")
    model.import_sok(str(file))
    model.handle(CollectionKey.BACK)
    assert model.work is None and not shell.closed
    assert model.view().message == "Import stopped: nothing was added"


def on_disk(tmp_path: Path) -> tuple[FakeShell, CollectionSolutions]:
    """The rooms with the progress in a file, as the game keeps it."""
    store, message = ProgressStore.open(tmp_path / "progress.sqlite3")
    assert message is None
    return rooms(store)


def test_an_export_of_a_store_on_disk_runs_as_a_job_the_loop_waits_for(tmp_path: Path) -> None:
    shell, model = on_disk(tmp_path)
    model.handle(CollectionKey.EXPORT)
    target = tmp_path / "rooms.sok"
    shell.answer(str(target))
    assert model.work is Purpose.EXPORT
    assert model.view().message == "Writing rooms.sok... (Esc stops)"
    finish(shell, model)
    assert model.view().message == "rooms.sok: exported 3 solutions of 3 levels"
    assert "Solution (moves 3, pushes 1)" in target.read_text()


def test_esc_stops_an_export(tmp_path: Path) -> None:
    shell, model = on_disk(tmp_path)
    model.handle(CollectionKey.EXPORT)
    shell.answer(str(tmp_path / "rooms.sok"))
    model.handle(CollectionKey.BACK)
    assert model.work is None and not shell.closed
    assert model.view().message == "Export stopped: no file was written"
