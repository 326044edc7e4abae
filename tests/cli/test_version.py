"""``sokoban --version``: the one version the package is built with, and the optional solvers.

A standalone build carries no package metadata, so the text comes from ``game.core.version``.
"""

from __future__ import annotations

from importlib.metadata import version

import pytest

import game.cli
from game.cli import main
from game.core.version import VERSION


def test_version_is_the_packages_and_names_the_solvers_present(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.cli, "available", lambda package: package == "pysat")
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"sokoban {VERSION} (optional solvers: python-sat)\n"
    assert version("sokoban-arcade") == VERSION


def test_version_says_when_no_optional_solver_is_there(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.cli, "available", lambda package: False)
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.endswith("(optional solvers: none)\n")
