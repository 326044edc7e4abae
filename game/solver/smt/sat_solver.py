"""A narrow, typed face of python-sat's incremental CaDiCaL: numbered variables, clauses,
solving under assumptions, the model, and an interrupt that works from another thread.

python-sat has no type hints; everything it returns passes through here as plain ints. Its
CaDiCaL cannot be interrupted, so a solve runs in slices of conflicts and stops between two.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.solver.smt.backend import load

SOLVER_NAME = "cadical195"  # CaDiCaL 1.9.5: incremental, takes assumptions and budgets
# Conflicts per slice of a solve: a slice lasts well under a second, and the solver keeps
# what it learned from one slice to the next.
SLICE = 5000


class SatSolver:
    """Clauses over variables 1, 2, ...; ``true`` is a variable fixed true, so a clause can
    name a constant as ``true`` or ``-true``."""

    def __init__(self) -> None:
        solvers = load("pysat")
        self._solver: Any = solvers.Solver(name=SOLVER_NAME)
        self.variables = 0
        self.true = self.new_variable()
        self.add([self.true])
        self._model: set[int] = set()
        self._stop = False

    def new_variable(self) -> int:
        self.variables += 1
        return self.variables

    def add(self, clause: Iterable[int]) -> None:
        self._solver.add_clause([int(literal) for literal in clause])

    def at_most_one(self, literals: list[int]) -> None:
        """At most one of ``literals`` true (the sequential encoding: 3n clauses)."""
        previous = 0
        for index, literal in enumerate(literals):
            if index == len(literals) - 1:
                if previous:
                    self.add([-literal, -previous])
                break
            prefix = self.new_variable()  # some literal up to this one is true
            self.add([-literal, prefix])
            if previous:
                self.add([-previous, prefix])
                self.add([-literal, -previous])
            previous = prefix

    def solve(self, assumptions: list[int]) -> bool | None:
        """Whether the clauses and ``assumptions`` can all hold; None when interrupted."""
        self._stop = False
        while not self._stop:
            self._solver.conf_budget(SLICE)
            answer = self._solver.solve_limited(assumptions=assumptions)
            if answer is not None:
                if answer:
                    self._model = {lit for lit in self._solver.get_model() if lit > 0}
                return bool(answer)
        return None

    def holds(self, variable: int) -> bool:
        """The variable's value in the last model found."""
        return variable in self._model

    def interrupt(self) -> None:
        """Stop the solve under way (from another thread) at the end of its slice."""
        self._stop = True
