"""The optimize subcommand: the better solution on stdout with a before/after line and the best so
far as it improves, pushes always uppercase, the kept solution with --from-library, the answer
filed with --save, every level with --all (going on from its journal), and one line with exit
code 2 for every bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.common import MAX_REPLAY_MOVES
from game.cli.optimize_all import Journal
from game.core.collection import read_collection
from game.core.metrics import MetricOrder, solves
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LevelKey, LibraryEntry, Origin
from game.storage.store import ProgressStore
from tests.cli.command import run
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

ROOM = "#######\n#     #\n# @$ .#\n#     #\n#######"
WASTEFUL = "RurrdLLulldRRR"
RECORDS = "title:set"  # the records of set.xsb, whose title is its name


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "set.xsb"
    path.write_text(f"; Room\n{ROOM}\n\n; Micro One\n{SMALL_LEVEL}\n", encoding="utf-8")
    return path


def test_optimize_prints_the_better_solution_and_the_metrics_before_and_after(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("optimize", str(level_file), "--solution", WASTEFUL, "--workers", "2")
    code, out, err = run(capsys, *argv)
    assert code == 0
    assert out.strip() == "RR"
    *news, last = err.strip().split("\n")
    assert "moves 14 -> 2, pushes 6 -> 2, box lines 3 -> 1" in last
    assert "player lines" in last and last.endswith("(converged, 2 processes)")
    assert news[-1].startswith("best so far: moves 2, pushes 2 (")


def test_optimize_for_pushes_keeps_a_solution_that_cannot_be_bettered(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("optimize", str(level_file), "--level", "2", "--metric", "pushes")
    code, out, err = run(capsys, *argv, "--solution", SMALL_SOLUTION)
    assert code == 0
    assert out.strip() == SMALL_SOLUTION
    assert "moves 33 -> 33, pushes 8 -> 8" in err


def test_a_solution_given_with_lowercase_pushes_comes_back_as_verify_wants_it(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("optimize", str(level_file), "--level", "2", "--metric", "pushes", "--workers", "1")
    code, out, _ = run(capsys, *argv, "--solution", SMALL_SOLUTION.lower())
    assert code == 0 and out.strip() == SMALL_SOLUTION
    code, out, _ = run(capsys, "verify", str(level_file), "--level", "2", "--solution", out.strip())
    assert code == 0 and out.startswith("solved")


def test_save_files_the_answer_in_the_library_once(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("optimize", str(level_file), "--solution", WASTEFUL, "--save")
    code, _, err = run(capsys, *argv)
    assert code == 0 and err.strip().endswith("filed in the solution library as #1")
    code, _, err = run(capsys, *argv)
    assert code == 0 and err.strip().endswith("already in the solution library as #1")
    level = read_collection(level_file).levels[0]
    store, _ = ProgressStore.open()
    entries = SolutionLibrary(store).entries(LevelKey(RECORDS, level.fingerprint(), 1))
    store.close()
    assert [(entry.lurd, entry.origin) for entry in entries] == [("RR", Origin.OPTIMIZED)]


def keep(level_file: Path, *solutions: tuple[int, str]) -> None:
    """File the solutions (level number, LURD) in the library as the player's."""
    levels = read_collection(level_file).levels
    store, _ = ProgressStore.open()
    for number, lurd in solutions:
        fingerprint = levels[number - 1].fingerprint()
        entry = LibraryEntry(RECORDS, fingerprint, lurd, Origin.PLAYER, place=number)
        assert SolutionLibrary(store).add(entry).error is None
    store.close()


def test_all_optimizes_and_files_every_level_with_a_solution(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keep(level_file, (1, WASTEFUL), (2, "udud" + SMALL_SOLUTION))
    code, out, err = run(capsys, "optimize", str(level_file), "--all", "--workers", "1")
    assert code == 0
    first, second = out.strip().split("\n")
    assert first.startswith("level 1: moves 14 -> 2, pushes 6 -> 2")
    assert first.endswith("(converged, 1 process); filed in the solution library as #2")
    assert second.startswith("level 2: moves 37 -> 33, pushes 8 -> 8")
    assert err.strip().endswith("2 levels with a solution; this run: 2 improved, 2 converged")
    code, out, _ = run(capsys, "optimize", str(level_file), "--all", "--workers", "1")
    assert code == 0 and "moves 2 -> 2" in out and "filed" not in out


def test_all_goes_on_where_a_stopped_run_stopped(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keep(level_file, (1, WASTEFUL), (2, SMALL_SOLUTION))
    journal = Journal.of_run(str(level_file), RECORDS, MetricOrder.MOVES)
    journal.add(1)
    with journal.path.open("a", encoding="ascii") as cut:
        cut.write("2")  # the start of a line a kill cut short
    code, out, err = run(capsys, "optimize", str(level_file), "--all", "--workers", "1")
    assert code == 0
    assert out.startswith("level 2:") and "level 1:" not in out
    assert "going on where the last run stopped: 1 level finished before" in err
    assert not journal.path.exists()  # the run finished: the next one starts afresh


def test_all_without_any_solution_in_the_library_says_so(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "optimize", str(level_file), "--all")
    assert code == 2 and out == ""
    assert err.strip() == "no level of FILE has a solution in the solution library"


def test_optimize_from_the_library_takes_the_kept_solution(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    level = read_collection(level_file).levels[0]
    store, _ = ProgressStore.open()
    entry = LibraryEntry("file:set.xsb", level.fingerprint(), WASTEFUL, Origin.PLAYER, place=1)
    assert SolutionLibrary(store).add(entry).error is None
    store.close()
    code, out, err = run(capsys, "optimize", str(level_file), "--from-library")
    assert code == 0
    assert out.strip() == "RR" and solves(level, out.strip())
    assert "moves 14 -> 2" in err


@pytest.mark.parametrize("origin", ["--solution", "--from-library"])
def test_what_optimize_prints_passes_verify_when_the_pushes_came_lowercase(
    level_file: Path, capsys: pytest.CaptureFixture[str], origin: str
) -> None:
    # Nothing better than "rr" exists: it was printed back as given, and verify refused it.
    level = read_collection(level_file).levels[0]
    argv = ["optimize", str(level_file), "--metric", "pushes"]
    if origin == "--solution":
        argv += ["--solution", "rr"]
    else:  # kept as given: imported while the level was not at hand
        store, _ = ProgressStore.open()
        entry = LibraryEntry("file:set.xsb", level.fingerprint(), "rr", Origin.IMPORTED, place=1)
        assert SolutionLibrary(store).add(entry).error is None
        store.close()
        argv.append("--from-library")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.strip() == "RR"
    code, said, _ = run(capsys, "verify", str(level_file), "--solution", out.strip())
    assert code == 0 and said.startswith("solved")


@pytest.mark.parametrize(
    ("solution", "said"),
    [
        ("RxR", "'x', is not a move"),
        ("R", "does not solve the level"),
        ("uuu", "move 2 'u': a wall is in the way"),
        ("lr" * 500_000, f"longer than {MAX_REPLAY_MOVES:,} moves"),
        ("", "does not solve the level"),
    ],
)
def test_optimize_refuses_bad_solutions_in_one_line(
    level_file: Path, capsys: pytest.CaptureFixture[str], solution: str, said: str
) -> None:
    code, out, err = run(capsys, "optimize", str(level_file), "--solution", solution)
    assert code == 2
    assert out == ""
    assert said in err and err.count("\n") == 1 and "Traceback" not in err


def test_optimize_from_an_empty_library_says_so(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "optimize", str(level_file), "--from-library")
    assert code == 2
    assert err.strip() == "no solution of this level is kept in its solution library"


def test_optimize_needs_a_solution_or_the_library(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "optimize", str(level_file))
    assert code == 2
    assert "--solution" in err
