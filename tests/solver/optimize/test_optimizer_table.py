"""The optimizer's benchmark script still runs: a row per level fast solves, then the totals."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.conftest import SMALL_LEVEL
from tests.test_tools import load_tool

ROOM = "#######\n#     #\n# @$ .#\n#     #\n#######"


def test_the_table_has_a_row_per_level_and_the_totals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text(f"; One\n{SMALL_LEVEL}\n; Two\n{ROOM}\n", encoding="utf-8")
    tool = load_tool("optimizer_table")
    argv = ["optimizer_table.py", str(levels), "--solve-seconds", "5",
            "--optimize-seconds", "5", "--optimum-seconds", "5"]
    monkeypatch.setattr(sys, "argv", argv)
    assert tool.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == "| 1 | 33/8 | 33/8 | 33 | 33/8 | 8 | " + lines[2].split("| ")[-1]
    assert lines[3].startswith("| 2 | 2/2 | 2/2 | 2 | 2/2 | 2 |")
    assert "levels: 2" in lines
    assert "move optimum known for 2: reached on 2, fast's solution had it on 2" in lines


def test_levels_are_chosen_by_numbers_and_ranges() -> None:
    tool = load_tool("optimizer_table")
    assert tool.chosen("1-3,7,40", 10) == [1, 2, 3, 7]
    assert tool.chosen("", 3) == [1, 2, 3]
