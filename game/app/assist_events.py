"""What the solver's help (game.app.assist_machine's reducer) is told and what it asks for: the
position, the searches, the events of the player and of the search, and the effects to run.

The assist (game.app.assist) makes the events and runs the effects; the reducer decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.app.jobs.jobs import Purpose
from game.solver.plan import Push


@dataclass(frozen=True)
class Search:
    """A search the help asked for: why (its purpose, which says whether the player waits),
    for which boxes, how long and with which method."""

    purpose: Purpose
    boxes: frozenset[int]
    time_limit: float
    method: str


@dataclass(frozen=True)
class Position:
    """What the help needs to know of the position now: its boxes, whether a plan for it is
    known, whether it is solved, whether moves were made (a rescue replays them), whether
    the solver may think before anyone asks, the deadlock the push just made (if any) and the
    moves made (an undo count changes with each)."""

    boxes: frozenset[int]
    planned: bool = False
    solved: bool = False
    moved: bool = False
    think_ahead: bool = True
    deadlock: str | None = None
    steps: int = 0


# -- events ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Moved:
    """A move, undo, redo or restart left the position at ``position``; ``method``: the one
    the think-ahead uses."""

    position: Position
    method: str


@dataclass(frozen=True)
class FocusChanged:
    """The window got (``focused``) or lost the focus: thinking ahead waits while nobody looks."""

    focused: bool
    position: Position
    method: str


@dataclass(frozen=True)
class HintAsked:
    """The player asked for a hint at ``boxes``: ``push`` is the known plan's next one (None:
    none is known), ``method`` the one a search would use."""

    boxes: frozenset[int]
    push: Push | None
    method: str


@dataclass(frozen=True)
class SolutionAsked:
    """The player asked for a whole solution at ``boxes``: ``moves`` the known plan's length
    when it serves (made by ``method``, the one he chose), else None."""

    boxes: frozenset[int]
    moves: int | None
    method: str


@dataclass(frozen=True)
class Stopped:
    """Esc while the player waits: the search is stopped."""


@dataclass(frozen=True)
class Found:
    """The search found a plan: ``push`` its next push, ``moves`` its length from here (None
    when it does not give them from where the player stands)."""

    push: Push | None
    moves: int | None


@dataclass(frozen=True)
class Unsolvable:
    """The search proved the position lost; ``moved``: moves were made, which a rescue undoes."""

    moved: bool


@dataclass(frozen=True)
class Rescued:
    """The rescue found that the game's first ``kept`` moves can still be solved (None: it
    found no such moves)."""

    kept: int | None


@dataclass(frozen=True)
class NoAnswer:
    """The search ended without one: ``message`` says why; ``out_of_time`` when it hit its
    time or memory limit (a think-ahead's budget then shrinks)."""

    message: str
    out_of_time: bool = False


@dataclass(frozen=True)
class Taken:
    """The search was stopped by another's hand (another screen took the solver)."""


Event = (
    Moved | FocusChanged | HintAsked | SolutionAsked | Stopped | Found | Unsolvable | Rescued
    | NoAnswer | Taken
)


# -- effects -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class StartSearch:
    """Run ``search`` (in place of any other) once ``settle`` ticks pass without a newer one."""

    search: Search
    settle: int = 0


@dataclass(frozen=True)
class CancelSearch:
    """Stop the search running or waiting to start; nothing of it is wanted."""


@dataclass(frozen=True)
class ChargeHint:
    """A hint shown for the first time at its position: it costs its share of the score."""


@dataclass(frozen=True)
class ShowHint:
    """Show the known plan's next push (the one the event named)."""


@dataclass(frozen=True)
class ShowSolution:
    """Step through the known plan's moves from where the player stands."""


@dataclass(frozen=True)
class Refuse:
    """The help is asked on a lost position: no way on, undo first (it costs nothing)."""


Effect = StartSearch | CancelSearch | ChargeHint | ShowHint | ShowSolution | Refuse
