"""Without python-sat the SAT method says in one line how to install it (exit 2 on the command
line); python-sat is hidden by putting None in ``sys.modules``, so this runs either way."""

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
HINT = 'pip install "sokoban-arcade[sat]"'


@pytest.fixture(autouse=True)
def no_pysat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)


def test_the_sat_method_raises_with_the_install_hint() -> None:
    with pytest.raises(MissingSolver, match=re.escape(HINT)):
        solve(parse_level(LEVEL), method="sat-push")
    assert HINT in missing_package("sat-push")
    assert missing_package("bfs") == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "level.xsb", "--method", "sat-push"],
        ["bench", "level.xsb", "--method", "sat-push"],
        ["smt-compare", "level.xsb", "--methods", "sat-push,bfs"],
    ],
)
def test_the_command_line_says_how_to_install_python_sat(
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
