"""``sokoban solutions export`` and ``import``: a library goes to a SOK file and into a fresh home
the same, another program's checker replays every solution written, and each solution of a bad
file is refused in its own line."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from game.app.filing import checked_solution, new_entry
from game.core import collection as level_files
from game.core.collection import read_collection
from game.storage.identity import collection_id_for
from game.storage.library import SolutionLibrary, all_entries
from game.storage.library_entry import LevelKey, Origin
from game.storage.store import ProgressStore
from tests.cli.command import run
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

ONE = "#####\n#@$.#\n#####"
# Microban 1 solved another way (its last move, typed as a push, is filed as the step it is).
OTHER_SOLUTION = "dlUrrrdLullddrUluRuulDrddrruLdlUUdU"


def _tool() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "check_sok.py"
    spec = importlib.util.spec_from_file_location("tools_check_sok", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _library_of(home: Path, monkeypatch: pytest.MonkeyPatch) -> set[tuple[object, ...]]:
    monkeypatch.setenv("SOKOBAN_HOME", str(home))
    store, _ = ProgressStore.open()
    entries = all_entries(store)
    store.close()
    return {(e.collection_id, e.fingerprint, e.place, e.lurd) for e in entries}


def _seed(folder: Path) -> list[Path]:
    """Two level files, and the current home's library holding three solutions of them, filed
    as the game files them."""
    first = folder / "first.xsb"
    first.write_text(f"Title: First\n\n; Small\n{SMALL_LEVEL}\n; Unsolved\n{ONE}\n")
    second = folder / "second.xsb"
    second.write_text(f"; Only\n{ONE}\n")
    store, _ = ProgressStore.open()
    library = SolutionLibrary(store)
    for path, number, text in (
        (first, 1, SMALL_SOLUTION),
        (first, 1, OTHER_SOLUTION),
        (second, 1, "R"),
    ):
        collection = read_collection(path)
        collection_id = collection_id_for(collection.title, path)
        store.remember_collection(collection_id, collection.title, path, collection.levels)
        level = collection.levels[number - 1]
        lurd, metrics = checked_solution(level, text)
        key = LevelKey(collection_id, level.fingerprint(), number)
        assert library.add(new_entry(key, lurd, metrics, Origin.PLAYER, 1.0)).new
    store.close()
    return [first, second]


def test_an_export_imported_into_a_fresh_home_gives_the_same_solutions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first_home, fresh_home = tmp_path / "first-home", tmp_path / "fresh-home"
    monkeypatch.setenv("SOKOBAN_HOME", str(first_home))
    first, _ = _seed(tmp_path)
    exported = tmp_path / "library.sok"
    assert run(capsys, "solutions", "export", str(exported)) == (
        0,
        "exported 3 solutions of 2 levels\n",
        "",
    )
    assert run(capsys, "solutions", "export", str(tmp_path / "first.sok"), str(first))[0] == 0

    monkeypatch.setenv("SOKOBAN_HOME", str(fresh_home))
    assert run(capsys, "solutions", "import", str(exported)) == (
        0,
        "imported 3 solutions\n",
        "",
    )
    assert _library_of(fresh_home, monkeypatch) == _library_of(first_home, monkeypatch)
    # The same file's export from the fresh home is the same text, its unsolved level too.
    monkeypatch.setenv("SOKOBAN_HOME", str(fresh_home))
    again = tmp_path / "again.sok"
    assert run(capsys, "solutions", "export", str(again), str(first))[0] == 0
    assert again.read_text() == (tmp_path / "first.sok").read_text()
    assert "; Unsolved" in again.read_text()
    # Importing it again adds nothing.
    assert run(capsys, "solutions", "import", str(exported))[1] == (
        "imported 0 solutions, 3 solutions already kept\n"
    )


def test_a_sok_export_past_what_its_import_reads_is_refused_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Written whole, it was then refused by its own import as larger than a level file may be.
    monkeypatch.setenv("SOKOBAN_HOME", str(tmp_path / "home"))
    _seed(tmp_path)
    exported = tmp_path / "library.sok"
    assert run(capsys, "solutions", "export", str(exported))[0] == 0
    size = exported.stat().st_size
    exported.unlink()
    monkeypatch.setattr(level_files, "MAX_FILE_BYTES", size - 1)
    code, out, err = run(capsys, "solutions", "export", str(exported))
    assert (code, out) == (2, "") and not exported.exists()
    assert err.startswith("Nothing was exported: the SOK file takes") and err.count("\n") == 1
    monkeypatch.setattr(level_files, "MAX_FILE_BYTES", size)
    assert run(capsys, "solutions", "export", str(exported))[0] == 0
    monkeypatch.setenv("SOKOBAN_HOME", str(tmp_path / "fresh-home"))
    assert run(capsys, "solutions", "import", str(exported))[1] == "imported 3 solutions\n"


def test_another_program_s_checker_replays_every_solution_of_an_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(tmp_path)
    exported = tmp_path / "library.sok"
    assert run(capsys, "solutions", "export", str(exported))[0] == 0
    results = _tool().check(exported.read_text(encoding="utf-8"))
    assert [(moves, pushes, problem) for _, _, moves, pushes, problem in results] == [
        (33, 8, ""),
        (35, 8, ""),
        (1, 1, ""),
    ]


def test_the_checker_is_not_fooled_by_a_wrong_solution_or_a_wrong_header() -> None:
    checked = _tool().check(f"{ONE}\n\nSolution (moves 1, pushes 1)\nr\n\nSolution (moves 2, "
                            "pushes 1)\nR\n")
    assert [problem for *_, problem in checked] == [
        "move 1 pushes but is lowercase",
        "the header says 2/1, the replay makes 1/1",
    ]


BAD = f"""Solution
R

; good
{ONE}

Solution (moves 2, pushes 1)
rx

Solution
rR

Solution
L

Solution
R

; {"long title " * 10_000}
{ONE}

Solution
{"lr" * 60_000}

; broken
#####
#@$.
#####

Solution
R
"""


@pytest.mark.parametrize("form", ["plain", "bom-crlf"])
def test_each_refused_solution_is_one_line_with_its_level_and_reason(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.sok"
    data = BAD.encode()
    if form == "bom-crlf":
        data = b"\xef\xbb\xbf" + BAD.replace("\n", "\r\n").encode()
    path.write_bytes(data)
    code, out, err = run(capsys, "solutions", "import", str(path))
    assert code == 1
    assert out == "imported 1 solution, 6 solutions refused\n"
    lines = err.splitlines()
    assert [line.partition(": ")[0] for line in lines] == [
        "before any level, solution at line 1",
        'level 1 "good", solution at line 9',
        'level 1 "good", solution at line 12',
        'level 1 "good", solution at line 15',
        f'level 2 "{("long title " * 4)[:39]}…", solution at line 26',
        'level 3 "broken", solution at line 34',
    ]
    assert "'x', is not a move" in lines[1] and "is blocked" in lines[2]
    assert "longer than 100,000 moves" in lines[4] and "cannot be read" in lines[5]
    assert max(len(line) for line in lines) < 200 and "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "code", "says"),
    [
        ("Solution\nR\n", 1, "no level is above it"),
        ("Just words\n", 2, "odd.sok holds no level"),
        (f"{ONE}\n", 2, "odd.sok has no Solution sections"),
    ],
)
def test_a_file_without_boards_or_solutions_is_refused_in_one_line(
    text: str, code: int, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "odd.sok"
    path.write_text(text)
    found, _, err = run(capsys, "solutions", "import", str(path))
    assert (found, says in err, err.count("\n")) == (code, True, 1)
