"""The solver's help as a reducer: ``reduce(help, event) -> (help, effects)``, with every phase
and transition in one table; the assist (game.app.assist) feeds it events and carries out effects.

An event the table does not take in a phase is ignored (and counted in a debug log), never raised.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum

from game.app.jobs import Progress
from game.app.notice import Tone
from game.app.solution_steps import SolutionSteps
from game.core.wording import counted
from game.solver.plan import Hint, Push
from game.solver.result import SolveStatus

log = logging.getLogger(__name__)


class Phase(Enum):
    """What the solver is doing for the player right now."""

    IDLE = "idle"  # nothing known and nothing asked (or thinking ahead is off, or waits)
    SETTLING = "settling"  # the position just changed: a search starts when moves stop a while
    THINKING = "thinking"  # a search runs; the player may wait for it
    READY = "ready"  # a plan for the current position is known
    UNSOLVABLE = "unsolvable"  # the position is lost (maybe counting the undos that save it)
    GAVE_UP = "gave up"  # a search the player asked for hit its limit without an answer


class Want(Enum):
    """What the player waits for."""

    NOTHING = "nothing"
    HINT = "a hint"
    SOLUTION = "a solution"


# -- events ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Changed:
    """The boxes moved off the plan: think again once the moves settle."""


@dataclass(frozen=True)
class Recalled:
    """A plan known already (thought ahead, or the library's) holds for the new position."""


@dataclass(frozen=True)
class Paused:
    """Nothing to think about now: solved, thinking ahead off, or the window unseen."""


@dataclass(frozen=True)
class Settled:
    """The moves stopped a while: the think-ahead starts."""


@dataclass(frozen=True)
class Wanted:
    """The player asked for ``want`` (a search may or may not be needed for it)."""

    want: Want


@dataclass(frozen=True)
class Asked:
    """A search the player waits for starts."""


@dataclass(frozen=True)
class Found:
    """A plan for the position arrived."""


@dataclass(frozen=True)
class HintShown:
    """The next push of the plan is shown for the boxes at ``position``."""

    position: frozenset[int]
    push: Push


@dataclass(frozen=True)
class SolutionShown:
    """The whole solution is ready to step through: ``moves`` long."""

    moves: int


@dataclass(frozen=True)
class Lost:
    """The position is seen (a deadlock) or proved lost; ``undos`` that save it, if counted."""

    message: str
    undos: int | None = None


@dataclass(frozen=True)
class GaveUp:
    """A search the player waited for found nothing (in time, or it failed): ``message``
    says why."""

    message: str


@dataclass(frozen=True)
class NothingFound:
    """A search nobody waited for found nothing: thinking ahead is silent."""


@dataclass(frozen=True)
class Cancelled:
    """The search stopped: Esc (``message`` says so), or another screen took the solver."""

    message: str = ""


Event = (
    Changed | Recalled | Paused | Settled | Wanted | Asked | Found | HintShown | SolutionShown
    | Lost | GaveUp | NothingFound | Cancelled
)


# -- effects -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChargeHint:
    """A hint shown for the first time at its position: it costs its share of the score."""


Effect = ChargeHint


@dataclass(frozen=True)
class Help:
    """Everything the reducer decides: the phase, what the player waits for, the line to show,
    the undos that save a lost game, and the hints already charged (position and push)."""

    phase: Phase = Phase.IDLE
    want: Want = Want.NOTHING
    message: str = ""
    undos: int | None = None
    charged: frozenset[tuple[frozenset[int], Push]] = frozenset()

    @property
    def waiting(self) -> bool:
        return self.want is not Want.NOTHING


P = Phase
_SAME = None  # the event keeps the phase
_ANYWHERE: dict[type, Phase | None] = {
    Changed: P.SETTLING,
    Recalled: P.READY,
    Paused: P.IDLE,
    Wanted: _SAME,
    Asked: P.THINKING,
    Lost: P.UNSOLVABLE,
    Cancelled: P.IDLE,
    # A plan kept from before (another search runs, or one was cancelled) still gives them.
    HintShown: _SAME,
    SolutionShown: _SAME,
}
# Every phase, the events it takes and the phase each leads to (_SAME: stays).
TRANSITIONS: dict[Phase, dict[type, Phase | None]] = {
    P.IDLE: {**_ANYWHERE},
    P.SETTLING: {**_ANYWHERE, Settled: P.THINKING},
    P.THINKING: {**_ANYWHERE, Found: P.READY, GaveUp: P.GAVE_UP, NothingFound: P.IDLE},
    P.READY: {**_ANYWHERE},
    # While lost, a search counts the undos that save the game; its failure keeps the phase.
    P.UNSOLVABLE: {**_ANYWHERE, NothingFound: _SAME},
    P.GAVE_UP: {**_ANYWHERE},
}
# Events ignored since the game started, by phase and event (the debug log names each).
IGNORED: Counter[tuple[Phase, str]] = Counter()

LOST_MESSAGE = "This position cannot be solved any more"


def reduce(help: Help, event: Event) -> tuple[Help, tuple[Effect, ...]]:
    """The help after ``event``, and what the assist must do because of it (``help`` itself,
    the very object, when the event is ignored)."""
    allowed = TRANSITIONS[help.phase]
    if type(event) not in allowed:
        IGNORED[help.phase, type(event).__name__] += 1
        log.debug("the solver's help ignores %s while %s", event, help.phase.value)
        return help, ()
    following = allowed[type(event)]
    moved = replace(help, phase=help.phase if following is None else following)
    return _apply(moved, event, help)


def _apply(help: Help, event: Event, before: Help) -> tuple[Help, tuple[Effect, ...]]:
    match event:
        case Changed() | Paused():
            return replace(help, message="", undos=None), ()
        case Wanted(want):
            return replace(help, want=want), ()
        case Found() | Recalled():
            return replace(help, message=""), ()
        case HintShown(position, push):
            shown = replace(help, want=Want.NOTHING if help.want is Want.HINT else help.want)
            if (position, push) in help.charged:
                return shown, ()
            return replace(shown, charged=help.charged | {(position, push)}), (ChargeHint(),)
        case SolutionShown(moves):
            message = (
                f"Solution: {counted(moves, 'move')}. N steps, B steps back, Space autoplays"
            )
            return replace(help, want=Want.NOTHING, message=message), ()
        case Lost(message, undos):
            return replace(help, message=message, undos=undos), ()
        case GaveUp(message):
            return replace(help, want=Want.NOTHING, message=message), ()
        case NothingFound():
            # A lost position keeps saying it is lost.
            kept = help.message if before.phase is P.UNSOLVABLE else ""
            return replace(help, message=kept), ()
        case Cancelled(message):
            return replace(help, want=Want.NOTHING, message=message), ()
    return help, ()  # Settled, Asked: the phase says it all


def gave_up_message(stopped: SolveStatus) -> str:
    """What the status line says when the search the player waits for stopped without an
    answer: at its time limit, or at the memory cap (which a fast machine reaches first)."""
    if stopped is SolveStatus.MEMORY:
        return "The solver ran out of memory: no solution found"
    return "The solver found no solution in time"


def lost_message(undos: int | None) -> str:
    """What the status line says of a lost position, with the undos that save it if known."""
    if undos is None:
        return LOST_MESSAGE
    return f"This position cannot be solved: undo {counted(undos, 'move')} to recover"


@dataclass(frozen=True)
class Status:
    """The status line of the solver's help: its words and its tone (the view's colour)."""

    text: str
    tone: Tone


def status_line(
    help: Help,
    progress: Progress | None,
    *,
    planning: bool,
    steps: SolutionSteps,
    hint: Hint | None,
    warning: str | None,
) -> Status | None:
    """The one line of the solver's help, worded here; None when there is nothing to say.
    ``planning``: the search is an SMT or SAT planner, whose progress is a plan length."""
    if help.phase is Phase.THINKING and help.waiting:
        done = ""
        if progress and planning:
            # A planner's progress is the plan length it tries, longer until one fits.
            done = f": trying plans of {counted(progress.nodes, 'step')}, {progress.seconds:.1f} s"
        elif progress:
            done = f": {counted(progress.nodes, 'position')}, {progress.seconds:.1f} s"
        return Status(f"Thinking{done}. Esc cancels", Tone.INFO)
    if help.phase is Phase.UNSOLVABLE and help.undos is not None:
        return Status(help.message, Tone.DANGER)  # the rescue count says more than the warning
    if warning is not None:
        return Status(warning, Tone.DANGER)
    if help.phase is Phase.UNSOLVABLE and help.message:
        return Status(help.message, Tone.DANGER)
    if steps.active:
        where = f"{steps.index}/{len(steps.moves)}"
        mode = (
            f"autoplay {steps.steps_per_second:g}/s ([ ] speed)"
            if steps.autoplay
            else "N/B step, Space autoplay"
        )
        return Status(f"{steps.name}, move {where}: {mode}", Tone.GUIDE)
    if hint is not None:
        left = counted(hint.pushes_left, "push", "pushes")
        return Status(f"Hint: push the marked box ({left} to go)", Tone.GUIDE)
    if help.message:
        return Status(help.message, Tone.WARNING if help.phase is not Phase.IDLE else Tone.QUIET)
    return None
