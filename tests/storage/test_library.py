"""The solution library in the store: the migration that keeps the best solutions, numbering,
duplicates, deletion, and export and import of the library with the rest of the progress."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from game.core.level import Level
from game.core.metrics import measure
from game.core.xsb import parse_level
from game.storage.library import SOLUTIONS_TABLE, SolutionLibrary, add_entry, all_entries
from game.storage.library_entry import LevelKey, LibraryEntry, Origin
from game.storage.paths import store_path
from game.storage.records import CAMPAIGN_ID
from game.storage.schema import MIGRATIONS, migrate
from game.storage.store import ProgressStore
from game.storage.transfer import TransferError, export_progress, import_progress
from tests.conftest import SMALL_SOLUTION

# A longer solution of the small level: it walks one square there and back first.
LONGER = "rl" + SMALL_SOLUTION
ROOM = "#######\n#@    #\n#  $. #\n#######\n"


def entry(
    level: Level,
    lurd: str,
    origin: Origin = Origin.PLAYER,
    place: int = 1,
    source: int | None = None,
) -> LibraryEntry:
    """An entry of ``level``, the campaign's level number ``place``, measured on it."""
    made = LibraryEntry(
        CAMPAIGN_ID, level.fingerprint(), lurd, origin, place=place, source=source
    )
    return made.measured(measure(level, lurd))


def test_the_migration_keeps_the_best_solutions_of_a_store_from_before_the_library(
    home: Path, level: Level
) -> None:
    path = store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    before_library = next(
        version for version, steps in enumerate(MIGRATIONS) if SOLUTIONS_TABLE in steps
    )
    assert migrate(connection, target=before_library) == before_library
    rows = [
        # Best by moves and best by pushes differ: both are kept.
        ("campaign", level.fingerprint(), SMALL_SOLUTION, LONGER),
        # The same solution twice is one entry; a record with none adds none.
        ("title:Other", "f" * 20, "rR", "rR"),
        ("title:Other", "e" * 20, None, None),
        # A value no LURD reader takes (a store edited by hand) is left behind.
        ("title:Other", "d" * 20, "not lurd", None),
    ]
    with connection:
        connection.executemany(
            "INSERT INTO level_records (collection_id, fingerprint, solved, best_moves_lurd, "
            "best_pushes_lurd, first_solved_at) VALUES (?, ?, 1, ?, ?, 5.0)",
            rows,
        )
    connection.close()

    store, message = ProgressStore.open()
    assert message is None
    kept = [(e.collection_id, e.number, e.lurd, e.origin, e.added_at) for e in all_entries(store)]
    assert kept == [
        ("campaign", 1, SMALL_SOLUTION, Origin.PLAYER, 5.0),
        ("campaign", 2, LONGER, Origin.PLAYER, 5.0),
        ("title:Other", 1, "rR", Origin.PLAYER, 5.0),
    ]
    # Box lines and the like need the level: counted when it is next at hand.
    assert all(found.metrics is None for found in all_entries(store))
    # Moves and pushes are counted from the LURD by the step that indexes them.
    counted = store.read("SELECT lurd, moves, pushes FROM solutions ORDER BY id")
    assert counted == [
        (lurd, len(lurd), sum(letter.isupper() for letter in lurd))
        for lurd in (SMALL_SOLUTION, LONGER, "rR")
    ]
    # The records themselves, and so the score, are as they were.
    record = store.level_record(CAMPAIGN_ID, level)
    assert record is not None and record.best_moves is not None
    assert record.best_moves.lurd == SMALL_SOLUTION
    store.close()


def test_entries_are_numbered_per_level_kept_once_and_deleted_for_good(
    store: ProgressStore, level: Level
) -> None:
    library = SolutionLibrary(store)
    key = LevelKey(CAMPAIGN_ID, level.fingerprint(), 1)
    first = library.add(entry(level, SMALL_SOLUTION))
    assert (first.number, first.new) == (1, True)
    again = library.add(entry(level, SMALL_SOLUTION, Origin.SOLVER))
    assert (again.number, again.new) == (1, False)  # the first origin stays
    assert library.add(entry(level, LONGER, Origin.OPTIMIZED, source=1)).number == 2
    other = parse_level(ROOM)
    other_key = LevelKey(CAMPAIGN_ID, other.fingerprint(), 2)
    assert library.add(entry(other, "drR", place=2)).number == 1  # another level: its own #1
    listed = library.entries(key)
    assert [(e.number, e.origin_text()) for e in listed] == [
        (1, "player"),
        (2, "optimized from #1"),
    ]
    assert listed[1].metrics == measure(level, LONGER)
    assert library.delete(listed[0]) is None
    assert [e.number for e in library.entries(key)] == [2]
    # A new entry never takes a deleted one's number back.
    assert library.add(entry(level, "rl" + LONGER)).number == 3
    assert library.entries(other_key)[0].lurd == "drR"


def test_export_and_import_carry_the_library(tmp_path: Path, level: Level) -> None:
    source = ProgressStore.in_memory()
    library = SolutionLibrary(source)
    library.add(entry(level, LONGER, Origin.SOLVER))
    library.add(entry(level, SMALL_SOLUTION, Origin.OPTIMIZED, source=1))
    stray = LibraryEntry("title:Elsewhere", "a" * 20, "rrR", Origin.IMPORTED, place=3)
    library.add(stray)
    exported = tmp_path / "progress.json"
    export_progress(source, exported)

    target = ProgressStore.in_memory()
    # The target already has a solution of the level: the imported ones are numbered after it.
    SolutionLibrary(target).add(entry(level, "rl" + LONGER))
    summary = import_progress(target, exported, campaign=[level])
    assert summary.solutions_added == 3
    assert "Solutions added to the library: 3." in summary.describe()
    key = LevelKey(CAMPAIGN_ID, level.fingerprint(), 1)
    imported = SolutionLibrary(target).entries(key)
    assert [(e.number, e.lurd, e.origin_text()) for e in imported] == [
        (1, "rl" + LONGER, "player"),
        (2, LONGER, "solver"),
        (3, SMALL_SOLUTION, "optimized from #2"),  # its source followed it to its number here
    ]
    # Measured again on the level, not believed from the file.
    assert imported[2].metrics == measure(level, SMALL_SOLUTION)
    # A level not at hand: kept unmeasured, to be checked when the level is shown.
    [elsewhere] = [e for e in all_entries(target) if e.collection_id == "title:Elsewhere"]
    assert elsewhere.lurd == "rrR" and elsewhere.metrics is None
    # Importing the same file again adds nothing.
    assert import_progress(target, exported, campaign=[level]).solutions_added == 0


def test_an_imported_entry_that_does_not_solve_its_level_is_left_out(
    tmp_path: Path, level: Level
) -> None:
    source = ProgressStore.in_memory()
    SolutionLibrary(source).add(
        LibraryEntry(CAMPAIGN_ID, level.fingerprint(), SMALL_SOLUTION[:-1], Origin.IMPORTED)
    )
    exported = tmp_path / "progress.json"
    export_progress(source, exported)
    target = ProgressStore.in_memory()
    summary = import_progress(target, exported, campaign=[level])
    assert summary.solutions_added == 0 and summary.solutions_left_out == 1
    assert "Left out, as they do not solve their levels: 1 solution." in summary.describe()
    assert all_entries(target) == []


def test_an_imported_entry_with_lowercase_pushes_is_kept_with_its_case_made_true(
    tmp_path: Path, level: Level
) -> None:
    # It was left out without a word, while the in-game import made its case true.
    source = ProgressStore.in_memory()
    SolutionLibrary(source).add(
        LibraryEntry(CAMPAIGN_ID, level.fingerprint(), SMALL_SOLUTION.lower(), Origin.IMPORTED)
    )
    exported = tmp_path / "progress.json"
    export_progress(source, exported)
    target = ProgressStore.in_memory()
    assert import_progress(target, exported, campaign=[level]).solutions_added == 1
    assert [found.lurd for found in all_entries(target)] == [SMALL_SOLUTION]


@pytest.mark.parametrize("lurd", ["r" * 100_001, "150000r", "50000r50001l"])
def test_a_progress_file_with_an_overlong_library_entry_is_refused_whole(
    tmp_path: Path, level: Level, lurd: str
) -> None:
    # Run lengths were expanded past the cap and stored: a row the store could not read back.
    source = ProgressStore.in_memory()
    exported = tmp_path / "progress.json"
    export_progress(source, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    document["solutions"] = [
        {"collection_id": CAMPAIGN_ID, "fingerprint": level.fingerprint(),
         "lurd": lurd, "origin": "player"}
    ]
    exported.write_text(json.dumps(document), encoding="utf-8")
    target = ProgressStore.in_memory()
    with pytest.raises(TransferError, match=r"solutions\[0\].*longer than 100,?000"):
        import_progress(target, exported)  # the level not at hand
    assert all_entries(target) == []



def _steps_to_file_one(filed: int) -> int:
    """SQLite's steps (in thousands) to file one more entry of a level in a store holding
    ``filed`` entries of it."""
    store = ProgressStore.in_memory()
    key = LevelKey(CAMPAIGN_ID, "f" * 20, 1)

    def made(lurd: str) -> LibraryEntry:
        return LibraryEntry(key.collection_id, key.fingerprint, lurd, Origin.IMPORTED, place=1)

    letters = [format(count, "b").replace("0", "l").replace("1", "r") for count in range(filed)]
    SolutionLibrary(store).add_all([made(lurd) for lurd in letters])
    steps = 0

    def count_steps() -> int:
        nonlocal steps
        steps += 1
        return 0  # go on

    def file_one(connection: sqlite3.Connection) -> tuple[int, bool]:
        connection.set_progress_handler(count_steps, 1000)
        try:
            return add_entry(connection, made("uuDD"))
        finally:
            connection.set_progress_handler(None, 0)

    added, error = store.write(file_one)
    assert error is None and added == (filed + 1, True)
    return steps


def test_filing_an_entry_reads_an_index_not_the_levels_entries() -> None:
    # Each entry's number was a max() over the level's rows: filing N was quadratic.
    assert _steps_to_file_one(20_000) <= _steps_to_file_one(2_000) + 2


def test_a_levels_fewest_pushes_is_the_first_entry_that_solves_it() -> None:
    room = parse_level(ROOM)
    store = ProgressStore.in_memory()
    key = LevelKey(CAMPAIGN_ID, room.fingerprint(), 1)
    library = SolutionLibrary(store)
    for lurd in ("uu", "rdr", "lrrdR"):  # unmeasured: imported while the level was away
        assert library.add(LibraryEntry(CAMPAIGN_ID, room.fingerprint(), lurd, Origin.IMPORTED,
                                        place=1)).error is None
    # "uu" is blocked; "rdr" solves it once its push is read as one.
    assert library.fewest_pushes(key, room) == "rdR"
    assert library.fewest_pushes(LevelKey(CAMPAIGN_ID, "f" * 20, 1), room) is None


def _steps_to_find_fewest_pushes(filed: int) -> int:
    """SQLite's steps (in thousands) to find the fewest pushes of a level with ``filed``
    measured entries."""
    room = parse_level(ROOM)
    store = ProgressStore.in_memory()
    key = LevelKey(CAMPAIGN_ID, room.fingerprint(), 1)
    measured = measure(room, "rdR")
    SolutionLibrary(store).add_all([
        LibraryEntry(CAMPAIGN_ID, room.fingerprint(), lurd + "rdR", Origin.IMPORTED,
                     place=1).measured(measured)
        for lurd in ["", *(format(count, "b").replace("0", "du").replace("1", "ud")
                           for count in range(filed))]
    ])
    steps = 0

    def count_steps() -> int:
        nonlocal steps
        steps += 1
        return 0  # go on

    store.write(lambda connection: connection.set_progress_handler(count_steps, 1000))
    assert SolutionLibrary(store).fewest_pushes(key, room) == "rdR"
    store.write(lambda connection: connection.set_progress_handler(None, 0))
    return steps


def test_a_levels_start_reads_a_few_entries_of_its_library_not_all() -> None:
    # Every entry was read, measured and written back at the level's start: 12.5 s at 100,000.
    assert _steps_to_find_fewest_pushes(20_000) <= _steps_to_find_fewest_pushes(2_000) + 2
