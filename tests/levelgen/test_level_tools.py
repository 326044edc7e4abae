"""The level tools in tools/: the originality check and remaking a level from its spec.

Each is loaded from its file, as ``python tools/NAME.py`` would run it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.levelgen.cells import cells_of
from game.levelgen.rating import STAR_THRESHOLDS
from game.levelgen.tutorial import LESSONS
from tests.test_tools import load_tool

LEVEL = "; one\n######\n#@ $.#\n#    #\n######\n"
MIRRORED = "; its mirror image\n######\n#.$ @#\n#    #\n######\n"
OTHER = "; another\n#######\n#@ $ .#\n#     #\n#######\n"


def test_the_originality_check_finds_a_mirrored_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reference = tmp_path / "published.xsb"
    reference.write_text(LEVEL)
    ours = tmp_path / "ours.xsb"
    ours.write_text(OTHER + "\n" + MIRRORED)
    tool = load_tool("check_originality")
    assert tool.main([str(ours), str(reference)]) == 1
    out = capsys.readouterr().out
    assert "level 2 its mirror image: same as published.xsb #1 one" in out
    assert "2 levels checked against 1 reference levels (1 distinct) in 1 files" in out
    ours.write_text(OTHER)
    assert tool.main([str(ours), str(reference)]) == 0


def test_generate_levels_prints_the_board_of_a_spec(capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool("generate_levels")
    assert tool.main(["--spec", "tutorial=1"]) == 0
    assert capsys.readouterr().out.splitlines() == list(LESSONS[0].rows)
    assert tool.main(["--spec", "seed=1 colour=red"]) == 2


def test_generator_speed_prints_a_row_per_cell(capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool("generator_speed")
    assert tool.main(["--seeds", "2", "--stars", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[-2:] == ["failures", "ratings"]
    rows = [line.split() for line in lines[1:]]
    assert [row[1] for row in rows] == [cell.size for cell in cells_of(1)]
    for row in rows:
        assert row[0] == "1" and row[-2] == "0"  # one star, no failures
        low, high = (int(part) for part in row[-1].split("-"))
        assert 0 < low <= high < STAR_THRESHOLDS[0]
