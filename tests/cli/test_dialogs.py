"""Headless dialogs: each message echoed in one line, and the run's exit code decided by the
problem a dialog carries, never by its title."""

from __future__ import annotations

import pytest

from game.app.screens import MessageScreen
from game.cli.dialogs import with_dialogs
from game.core.problems import Problem, ProblemKind
from game.engine.engine import GameEngine
from tests.engine.harness import engine

__all__ = ["engine"]


def test_a_problem_that_fails_the_run_sets_failed_whatever_the_title(
    engine: GameEngine, capsys: pytest.CaptureFixture[str]
) -> None:
    dialogs = with_dialogs(engine, headless=True)
    engine.open(MessageScreen("Not saved", "a title alone decides nothing"))
    assert not dialogs.failed
    engine.open(MessageScreen("Odd", "refused", Problem(ProblemKind.REFUSED, "no")))
    assert not dialogs.failed
    disk_full = Problem(ProblemKind.NOT_SAVED, "the disk is full")
    engine.open(MessageScreen(disk_full.title, disk_full.text, disk_full))
    assert dialogs.failed
    said = capsys.readouterr().err.splitlines()
    assert said[-1] == "Not saved: the disk is full" and len(said) == 3
