"""The Sokoban solver: push-based search with deadlock pruning, in pure Python.

``solve(level, method=...)`` is the entry point; ``dead_squares`` and ``frozen_boxes`` serve
the deadlock warnings in play.
"""

from __future__ import annotations

from game.solver.deadlock.rules import dead_squares, frozen_boxes
from game.solver.methods import METHODS, solve
from game.solver.result import SolveResult, SolveStatus

__all__ = ["METHODS", "SolveResult", "SolveStatus", "dead_squares", "frozen_boxes", "solve"]
