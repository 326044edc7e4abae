"""The solve and bench subcommands: output, exit codes and the bench summary line."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from game.core.collection import read_collection
from game.core.notation import replay
from game.solver import workers
from tests.cli.command import run
from tests.conftest import SMALL_LEVEL

UNSOLVABLE = "########\n#     ##\n# #$ $ #\n# # .###\n#@    .#\n#      #\n########"
BIG = (
    "###########\n#.  .  .  #\n#  $ $ $  #\n#.  .  .  #\n#  $ $ $  #\n"
    "#.  .  .  #\n#  $ $ $  #\n#    @    #\n###########"
)


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "set.xsb"
    text = f"; Tiny\n#####\n#@$.#\n#####\n\n; Micro One\n{SMALL_LEVEL}\n; Stuck\n{UNSOLVABLE}\n"
    path.write_text(text + f"\n; Big\n{BIG}\n", encoding="utf-8")
    return path


def test_solve_prints_a_verified_solution(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "solve", str(level_file), "--level", "2")
    assert code == 0
    level = read_collection(level_file).levels[1]
    assert replay(level, out.strip()).solved
    assert "pushes=" in err
    assert "nodes=" in err


def test_solve_with_a_push_optimal_method(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "solve", str(level_file), "--level", "2", "--method", "bfs")
    assert code == 0
    assert sum(1 for ch in out.strip() if ch.isupper()) == 8


def test_solve_says_unsolvable(level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", str(level_file), "--level", "Stuck")
    assert code == 1
    assert out.strip() == "unsolvable"


def test_solve_says_timeout(level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("solve", str(level_file), "--level", "4", "--method", "bfs", "--time-limit", "0.2")
    code, out, _ = run(capsys, *argv)
    assert code == 3
    assert out.strip() == "timeout"


def test_solve_refuses_a_bad_method(level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", str(level_file), "--method", "magic")
    assert code == 2
    assert len(err.strip().splitlines()) == 1


def test_bench_prints_rows_and_the_summary(
    level_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_csv = tmp_path / "rows.csv"
    argv = ("bench", str(level_file), "--levels", "1-3", "--time-limit", "5", "--csv", str(out_csv))
    code, out, _ = run(capsys, *argv)
    assert code == 0
    lines = out.strip().splitlines()
    assert re.fullmatch(r"solved 2/3, median \d+\.\d\d s, total \d+\.\d s", lines[-1])
    assert "unsolvable" in lines[3]
    with out_csv.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["status"] for row in rows] == ["solved", "solved", "unsolvable"]
    assert rows[1]["pushes"] == "8"


def test_bench_kills_a_level_at_its_limit(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("bench", str(level_file), "--levels", "4", "--method", "bfs", "--time-limit", "0.3")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "timeout" in out
    assert out.strip().splitlines()[-1].startswith("solved 0/1")


def test_bench_refuses_a_bad_range(level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "bench", str(level_file), "--levels", "2-9")
    assert code == 2
    assert "outside 1-4" in err


def test_bench_says_a_range_runs_backwards(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 3-2 lies inside 1-4: "outside" would send the player looking for a level count.
    code, _, err = run(capsys, "bench", str(level_file), "--levels", "3-2")
    assert code == 2
    assert "3-2 runs backwards" in err and "outside" not in err


def test_bench_runs_with_the_spawn_start_method(
    level_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Windows and macOS have no fork: every worker starts as a fresh interpreter.
    monkeypatch.setattr(workers, "START_METHOD", "spawn")
    out_csv = tmp_path / "rows.csv"
    argv = ("bench", str(level_file), "--levels", "1-2", "--time-limit", "5", "--csv", str(out_csv))
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.strip().splitlines()[-1].startswith("solved 2/2")
    with out_csv.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    # The fast method is a portfolio: each row names the search of it that found the solution.
    assert all(row["method"] in {"fess-base", "fess", "greedy"} for row in rows)
    assert all(int(row["moves"]) >= int(row["pushes"]) > 0 for row in rows)


def test_bench_compares_with_an_earlier_run(
    level_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "old.csv"
    old.write_text(
        "index,title,status,pushes,moves,nodes,seconds\n"
        "1,Tiny,timeout,0,0,10,5.000\n"
        "2,Micro One,solved,8,30,100,1.000\n"
        "3,Stuck,solved,1,1,1,0.100\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "bench", str(level_file), "--levels", "1-3", "--compare", str(old))
    assert code == 0
    assert "gained 1: 1" in out
    assert "lost 1: 3" in out
    assert "solved in both (1): seconds 1.0 ->" in out


def test_bench_refuses_a_compare_file_that_is_not_a_bench_csv(
    level_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "old.csv"
    old.write_text("index,title\nx,y\n", encoding="utf-8")
    code, _, err = run(capsys, "bench", str(level_file), "--levels", "1", "--compare", str(old))
    assert code == 2
    assert "not a bench row" in err and len(err.strip().splitlines()) == 1


def test_solve_with_two_workers_prints_a_verified_solution(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "solve", str(level_file), "--level", "2", "--workers", "2")
    assert code == 0
    level = read_collection(level_file).levels[1]
    assert replay(level, out.strip()).solved
    assert err.startswith("solved")


@pytest.mark.parametrize("count", ["0", "-3", "two"])
def test_solve_and_bench_refuse_a_bad_worker_count(
    level_file: Path, capsys: pytest.CaptureFixture[str], count: str
) -> None:
    for command in ("solve", "bench"):
        code, out, err = run(capsys, command, str(level_file), f"--workers={count}")
        assert code == 2
        assert out == ""
        assert len(err.strip().splitlines()) == 1
        assert "--workers" in err


def test_bench_with_two_workers_per_level(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ("bench", str(level_file), "--levels", "1-3", "--time-limit", "5", "--workers", "2")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.strip().splitlines()[-1].startswith("solved 2/3")
