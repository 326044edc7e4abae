"""Planning with the Z3 SMT solver: the SMT paper's two encodings and the push encoding it
proposed, and the push encoding again as plain clauses for a SAT solver.

z3 (the ``smt`` extra) and python-sat (the ``sat`` extra) are optional packages, imported only
when one of these methods runs.
"""

from __future__ import annotations

import sys

from game.solver.smt.backend import INSTALL_HINT, MissingSolver, available
from game.solver.smt.bv_encoding import solve_bit_vectors
from game.solver.smt.int_encoding import solve_integers
from game.solver.smt.push_encoding import solve_pushes
from game.solver.smt.sat_push import solve_sat_pushes

SMT_METHODS = {
    "smt-int": solve_integers,
    "smt-bv": solve_bit_vectors,
    "smt-push": solve_pushes,
    "sat-push": solve_sat_pushes,
}
# The optional package each method needs.
PACKAGE_OF = {"smt-int": "z3", "smt-bv": "z3", "smt-push": "z3", "sat-push": "pysat"}
SMT_HELP = {
    "smt-int": "Z3, integers and arrays (the SMT paper's encoding): fewest moves",
    "smt-bv": "Z3, bit-vectors (the SMT paper's faster encoding): fewest moves",
    "smt-push": "Z3, one step = a walk and a push: fewest pushes",
    "sat-push": "CaDiCaL (python-sat), the push encoding as clauses: fewest pushes, quickest",
}


def missing_package(method: str) -> str:
    """How to install what ``method`` needs, or '' when it can run."""
    package = PACKAGE_OF.get(method)
    if package is None or available(package):
        return ""
    if getattr(sys, "frozen", False):
        # A standalone build (tools/build_standalone.py) cannot take a package: the player needs
        # the installed game instead.
        need, command = INSTALL_HINT[package].split(": ", 1)
        return f"{need}, which this standalone build does not carry: {command} installs the game"
    return INSTALL_HINT[package]


__all__ = ["SMT_HELP", "SMT_METHODS", "MissingSolver", "missing_package"]
