"""Writes the progress store could not make, said in the log as well as handed on.

The store keeps such a write to try again, or says at closing what was lost; a screen that can
tell the player shows the problem handed back.
"""

from __future__ import annotations

import logging

from game.core.problems import Problem

log = logging.getLogger(__name__)


def unwritten(what: str, problem: Problem | None) -> Problem | None:
    """``problem``, when the store could not write ``what``, after saying it in the log."""
    if problem is not None:
        log.warning("%s not written: %s", what, problem.text)
    return problem
