"""Without z3 or python-sat the methods that need them say in one line how to install it;
everything else still works. A package is hidden by putting None in ``sys.modules``, so these
tests run whether it is installed or not.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import NamedTuple

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


class Optional(NamedTuple):
    modules: tuple[str, ...]  # what to hide
    hint: str
    methods: tuple[str, str]  # two methods that need the package
    commands: tuple[list[str], ...]  # command lines that ask for one of them


Z3 = Optional(
    ("z3",),
    'pip install "sokoban-arcade[smt]"',
    ("smt-bv", "smt-push"),
    (
        ["solve", "level.xsb", "--method", "smt-bv"],
        ["bench", "level.xsb", "--method", "smt-push"],
        ["smt-compare", "level.xsb"],
    ),
)
PYSAT = Optional(
    ("pysat", "pysat.solvers"),
    'pip install "sokoban-arcade[sat]"',
    ("sat-push", "sat-push"),
    (
        ["solve", "level.xsb", "--method", "sat-push"],
        ["bench", "level.xsb", "--method", "sat-push"],
        ["smt-compare", "level.xsb", "--methods", "sat-push,bfs"],
    ),
)


def hide(package: Optional, monkeypatch: pytest.MonkeyPatch) -> None:
    for module in package.modules:
        monkeypatch.setitem(sys.modules, module, None)


@pytest.mark.parametrize("package", [Z3, PYSAT])
def test_a_method_raises_with_the_install_hint(
    package: Optional, monkeypatch: pytest.MonkeyPatch
) -> None:
    hide(package, monkeypatch)
    with pytest.raises(MissingSolver, match=re.escape(package.hint)):
        solve(parse_level(LEVEL), method=package.methods[0])
    assert package.hint in missing_package(package.methods[1])
    assert missing_package("bfs") == ""
    assert solve(parse_level(LEVEL), method="bfs").solved


@pytest.mark.parametrize("package", [Z3, PYSAT])
def test_a_standalone_build_says_it_does_not_carry_the_package(
    package: Optional, monkeypatch: pytest.MonkeyPatch
) -> None:
    hide(package, monkeypatch)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    hint = missing_package(package.methods[0])
    assert "this standalone build does not carry" in hint
    assert package.hint in hint  # the pip command that installs the game with it


@pytest.mark.parametrize(
    ("package", "argv"),
    [(package, argv) for package in (Z3, PYSAT) for argv in package.commands],
)
def test_the_command_line_says_how_to_install_it(
    package: Optional,
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    hide(package, monkeypatch)
    (tmp_path / "level.xsb").write_text(LEVEL)
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip().count("\n") == 0
    assert package.hint in err
