"""The optimize subcommand: the better solution on stdout with a before/after line, the kept
solution with --from-library, and one line with exit code 2 for every bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.common import MAX_REPLAY_MOVES
from game.core.collection import read_collection
from game.core.metrics import solves
from game.storage.library import LibraryEntry, Origin, SolutionLibrary
from game.storage.store import ProgressStore
from tests.cli.command import run
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

ROOM = "#######\n#     #\n# @$ .#\n#     #\n#######"
WASTEFUL = "RurrdLLulldRRR"


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "set.xsb"
    path.write_text(f"; Room\n{ROOM}\n\n; Micro One\n{SMALL_LEVEL}\n", encoding="utf-8")
    return path


def test_optimize_prints_the_better_solution_and_the_metrics_before_and_after(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "optimize", str(level_file), "--solution", WASTEFUL)
    assert code == 0
    assert out.strip() == "RR"
    assert "moves 14 -> 2, pushes 6 -> 2, box lines 3 -> 1" in err
    assert "player lines" in err and "\n" not in err.strip()


def test_optimize_for_pushes_keeps_a_solution_that_cannot_be_bettered(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("optimize", str(level_file), "--level", "2", "--metric", "pushes")
    code, out, err = run(capsys, *argv, "--solution", SMALL_SOLUTION)
    assert code == 0
    assert out.strip() == SMALL_SOLUTION
    assert "moves 33 -> 33, pushes 8 -> 8" in err


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
