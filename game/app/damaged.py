"""Saves that cannot be read: named on stderr once and on screen, and offered for deletion.

A damaged save never stops the game and never hides the saves beside it; the player is told
what is wrong with it and may delete it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from game.app.dialogs.flows import Flow, ask_yes_no, run_flow
from game.app.navigation import show_problem
from game.app.shell import Shell
from game.core.errors import visible
from game.core.problems import Problem
from game.storage.jsondata import one_line

MAX_SHOWN = 300  # characters of a problem in a line or a dialog


def damaged_line(what: str, problem: str) -> str:
    """One line saying which save cannot be read and why, safe for any terminal or screen."""
    return visible(one_line(f"{what} cannot be read: {problem}"))[:MAX_SHOWN]


def report_damaged(what: str, problem: str, reported: set[str]) -> None:
    """Name the damaged save ``what`` on stderr unless its line is among ``reported`` (the
    screen's own: a menu shown again does not repeat itself), and add it there."""
    line = damaged_line(what, problem)
    if line not in reported:
        reported.add(line)
        print(line, file=sys.stderr)


def offer_deletion(
    shell: Shell, what: str, problem: str, delete: Callable[[], Problem | None]
) -> None:
    """Say what is wrong with the damaged save ``what`` and ask whether to delete it;
    ``delete`` does it (None, or why it could not)."""

    def flow() -> Flow:
        question = f"{damaged_line(what, problem)}. Delete it?"
        if (yield from ask_yes_no("A damaged save", question)):
            failed = delete()
            if failed is not None:
                show_problem(shell, failed)

    run_flow(shell.open, flow())
