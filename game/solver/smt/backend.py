"""The horizon loop shared by the SMT planners, and the lazy loading of the solver package.

A planner adds one step at a time and asks whether the goal holds after exactly N steps, so
the first satisfiable N is the optimal plan length; a watcher thread interrupts at the limits.
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
import time
from types import ModuleType
from typing import Protocol

from game.core.push import Push
from game.core.wording import counted
from game.solver.analysis.board import UNREACHABLE, bits_of
from game.solver.analysis.matching import hungarian
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.search.problem import Outcome, Problem

INSTALL_HINT = {
    "z3": 'the SMT methods need z3: pip install "sokoban-arcade[smt]"',
    "pysat": 'the SAT method needs python-sat: pip install "sokoban-arcade[sat]"',
}
# The module a method imports from each package (python-sat's solvers live in a submodule).
MODULE = {"z3": "z3", "pysat": "pysat.solvers"}
# The name each package is installed by (and --version names it by).
DISTRIBUTION = {"z3": "z3", "pysat": "python-sat"}
WATCH_EVERY = 0.05  # seconds between the watcher's looks at the clock and the cancel flag
# The most state bits a formula may have. Past it Z3 cannot even bit-blast the formula within
# a minute, answers an interrupt only seconds late and takes seconds to free it: the push
# encoding of 110 steps on a 14x10 board (about 10**6 bits) stopped 6 s after its limit.
FORMULA_BITS = 400_000


class MissingSolver(ImportError):
    """The optional solver package a method needs is not installed; the message says how."""


def load(package: str) -> ModuleType:
    """Import ``package`` (a key of INSTALL_HINT) only when a method needs it."""
    try:
        return importlib.import_module(MODULE[package])
    except ImportError:
        raise MissingSolver(INSTALL_HINT[package]) from None


def available(package: str) -> bool:
    """Whether ``package`` is installed, found without importing it (Z3 alone takes 20 ms,
    and the game asks at start-up which methods to offer)."""
    try:
        return importlib.util.find_spec(MODULE[package]) is not None
    except (ImportError, ValueError):
        return False


class Planner(Protocol):
    """One encoding of the problem over a growing horizon."""

    bits_per_step: int  # about how many state bits one step adds to the formula

    def extend(self) -> None:
        """Add the constraints of one more step."""

    def solve_at(self, steps: int) -> bool | None:
        """Whether the goal can hold after exactly ``steps`` steps; None when interrupted."""

    def plan(self, steps: int) -> list[Push]:
        """The pushes of the plan the last satisfiable call found."""

    def interrupt(self) -> None:
        """Stop a call of solve_at from another thread."""


def push_lower_bound(problem: Problem) -> int:
    """Pushes every plan needs at least: the cheapest matching of boxes to goals over push
    distances (0 when there is none: the horizons then prove nothing before the limit)."""
    boxes = problem.start_boxes
    if boxes.bit_count() != problem.goals.bit_count():
        return sum(problem.analysis.nearest[box] for box in bits_of(boxes))
    cost = hungarian(problem.matrix(boxes), problem.poll)
    return cost if cost < UNREACHABLE else 0


def deepen(planner: Planner, limits: Limits, lowest: int) -> Outcome:
    """Try horizons from ``lowest`` (a lower bound on the plan's length) up until a plan is
    found or a limit is reached.

    ``limits.nodes`` is the horizon being tried, so progress reports and results show it.
    """
    stop = threading.Event()
    watcher = threading.Thread(target=_watch, args=(planner, limits, stop), daemon=True)
    watcher.start()
    try:
        built = 0
        steps = lowest
        while True:
            limits.check()
            if steps * planner.bits_per_step > FORMULA_BITS:
                too_large = f"the formula for {counted(steps, 'step')} is too large to solve"
                raise StopSearch(SolveStatus.TIMEOUT, too_large)
            while built < steps:
                planner.extend()
                built += 1
                limits.check()
            limits.nodes = steps
            if limits.progress is not None:
                limits.progress(steps, limits.elapsed())
            answer = planner.solve_at(steps)
            if answer is None:
                limits.check()
                raise StopSearch(SolveStatus.TIMEOUT, "the solver gave up")
            if answer:
                return Outcome(planner.plan(steps))
            steps += 1
    finally:
        stop.set()
        watcher.join()


def _watch(planner: Planner, limits: Limits, stop: threading.Event) -> None:
    """Interrupt the solver (again and again, so a call that starts late stops too) once the
    time is up or the solve is cancelled."""
    while not stop.wait(WATCH_EVERY):
        late = limits.deadline is not None and time.monotonic() >= limits.deadline
        cancelled = limits.cancelled is not None and limits.cancelled()
        if late or cancelled:
            planner.interrupt()
