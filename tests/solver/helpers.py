"""Helpers shared by the solver tests.

Builds the solver's view of a hand-made level, as the methods do.
"""

from __future__ import annotations

from game.core.level import Level
from game.core.xsb import parse_level
from game.solver.analysis.areas import area_parts
from game.solver.analysis.board import Analysis, mask_of, no_stop
from game.solver.search.problem import Problem


def problem_of(text: str) -> Problem:
    """The search problem of the level in ``text`` (XSB), from its start position."""
    return problem_of_level(parse_level(text))


def problem_of_level(level: Level) -> Problem:
    """The search problem of ``level``, from its start position."""
    analysis = Analysis(level.board, level.player)
    return Problem(analysis, mask_of(level.boxes), level.player)


def corrals_of(problem: Problem, boxes: int, region: int) -> list[int]:
    """The areas the player in ``region`` cannot reach, as the searches give the corral rules."""
    return area_parts(problem.floor & ~boxes, region, problem.width, no_stop)[1:]
