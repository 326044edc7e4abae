"""Helpers shared by the solver tests.

Builds the solver's view of a hand-made level, as the methods do.
"""

from __future__ import annotations

from game.core.xsb import parse_level
from game.solver.analysis import Analysis, mask_of
from game.solver.search import Problem


def problem_of(text: str) -> Problem:
    """The search problem of the level in ``text`` (XSB), from its start position."""
    level = parse_level(text)
    analysis = Analysis(level.board, level.player)
    return Problem(analysis, mask_of(level.boxes), level.player)
