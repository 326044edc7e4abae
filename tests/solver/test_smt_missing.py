"""Without z3 the SMT methods say in one line how to install it; everything else still works.

z3 is hidden by putting None in ``sys.modules``, so these tests run whether it is installed or not.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core.xsb import parse_level
from game.solver import solve
from game.solver.smt import MissingSolver, missing_package

LEVEL = """\
######
#   .#
#@$  #
#    #
######
"""
HINT = 'pip install "sokoban-arcade[smt]"'


@pytest.fixture(autouse=True)
def no_z3(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "z3", None)


def test_an_smt_method_raises_with_the_install_hint() -> None:
    with pytest.raises(MissingSolver, match=re.escape(HINT)):
        solve(parse_level(LEVEL), method="smt-bv")
    assert HINT in missing_package("smt-push")
    assert missing_package("bfs") == ""


def test_other_methods_still_solve() -> None:
    assert solve(parse_level(LEVEL), method="bfs").solved


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "level.xsb", "--method", "smt-bv"],
        ["bench", "level.xsb", "--method", "smt-push"],
        ["smt-compare", "level.xsb"],
    ],
)
def test_the_command_line_says_how_to_install_z3(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "level.xsb").write_text(LEVEL)
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip().count("\n") == 0
    assert HINT in err
