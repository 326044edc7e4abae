"""The optimizer's benchmark script still runs: a row per level with a solution, then the totals;
starting solutions and known optima are read from files."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION
from tests.test_tools import load_tool

ROOM = "#######\n#     #\n# @$ .#\n#     #\n#######"


def test_the_table_has_a_row_per_level_and_the_totals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text(f"; One\n{SMALL_LEVEL}\n; Two\n{ROOM}\n", encoding="utf-8")
    tool = load_tool("optimizer_table")
    argv = ["optimizer_table.py", str(levels), "--solve-seconds", "5",
            "--optimize-seconds", "5", "--optimum-seconds", "5", "--workers", "1"]
    monkeypatch.setattr(sys, "argv", argv)
    assert tool.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == "| 1 | 33/8 | 33/8 c | 33 | 33/8 c | 8 | " + lines[2].split("| ")[-1]
    assert lines[3].startswith("| 2 | 2/2 | 2/2 c | 2 | 2/2 c | 2 |")
    assert lines[5].startswith("levels: 2; 5 s a run; processes: 1")
    assert "runs converged: 4 of 4" in lines
    assert "move optimum known for 2: reached on 2, the start had it on 2" in lines
    assert "one order beaten at its own metric by the other on levels: none" in lines


def test_starting_solutions_and_optima_come_from_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text(f"; One\n{SMALL_LEVEL}\n; Two\n{ROOM}\n", encoding="utf-8")
    solutions = tmp_path / "starts.txt"
    solutions.write_text(f"1 udud{SMALL_SOLUTION}\n2 RurrdLLulldRRR\n", encoding="utf-8")
    optima = tmp_path / "optima.txt"
    optima.write_text("1 33 -\n2 2 2\n", encoding="utf-8")
    tool = load_tool("optimizer_table")
    argv = ["optimizer_table.py", str(levels), "--solutions", str(solutions),
            "--optima", str(optima), "--optimize-seconds", "5", "--workers", "2"]
    monkeypatch.setattr(sys, "argv", argv)
    assert tool.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].startswith("| 1 | 37/8 | 33/8 c | 33 | 33/8 c | - |")
    assert lines[3].startswith("| 2 | 14/6 | 2/2 c | 2 | 2/2 c | 2 |")
    assert "push optimum known for 1: reached on 1, the start had it on 0" in lines


def test_levels_are_chosen_by_numbers_and_ranges() -> None:
    tool = load_tool("optimizer_table")
    assert tool.chosen("1-3,7,40", 10) == [1, 2, 3, 7]
    assert tool.chosen("", 3) == [1, 2, 3]
