"""Running one ``sokoban`` command in a test: its exit code and what it printed.

Shared by the command-line tests so each does not carry its own copy.
"""

from __future__ import annotations

import pytest

from game.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The exit code, stdout and stderr of ``sokoban *argv``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
