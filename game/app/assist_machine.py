"""The solver's help as a pure reducer: ``reduce(help, event) -> (help, effects)``, all of its
policy (settling, the think-ahead's budget, rescues, which search serves which request, which
event each phase takes) in one table; the assist (game.app.assist) only runs the effects.

An event the table does not take in a phase is ignored (a debug log names it), never raised.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from game.app.assist_events import (
    CancelSearch,
    ChargeHint,
    Effect,
    Event,
    FocusChanged,
    Found,
    HintAsked,
    Moved,
    NoAnswer,
    Position,
    Refuse,
    Rescued,
    Search,
    ShowHint,
    ShowSolution,
    SolutionAsked,
    StartSearch,
    Stopped,
    Taken,
    Unsolvable,
)
from game.app.jobs.jobs import Progress, Purpose
from game.app.notice import Tone
from game.app.solution_steps import SolutionSteps
from game.core.wording import counted
from game.solver.plan import Hint, Push
from game.solver.result import SolveStatus

log = logging.getLogger(__name__)


# Wait this many ticks after a change before asking the solver, so a burst of moves costs one solve.
SETTLE_TICKS = 12
# As long as the solver's own benchmark gives a level: any XSokoban level it solves in a
# minute gives its hint (the search runs off the loop; Esc or a move cancels it).
HINT_TIME_LIMIT = 60.0
# The think-ahead has the hint's budget, so a hint asked for while it runs waits for it
# instead of starting over with a longer one.
BACKGROUND_TIME_LIMIT = HINT_TIME_LIMIT
# Each think-ahead that runs out of time halves the next one's budget, down to this; a level
# too hard for the solver should not keep a core busy for a minute after every push.
MIN_BACKGROUND_TIME_LIMIT = 2.0
SOLVE_TIME_LIMIT = 120.0
RESCUE_TIME_LIMIT = 20.0


class Phase(Enum):
    """What the solver is doing for the player right now."""

    IDLE = "idle"  # nothing known and nothing asked (or thinking ahead is off, or waits)
    THINKING = "thinking"  # a search is asked (it starts once the moves settle) or runs
    READY = "ready"  # a plan for the current position is known
    UNSOLVABLE = "unsolvable"  # the position is lost (maybe counting the undos that save it)
    GAVE_UP = "gave up"  # a search the player asked for hit its limit without an answer


class Want(Enum):
    """What the player waits for."""

    NOTHING = "nothing"
    HINT = "a hint"
    SOLUTION = "a solution"


@dataclass(frozen=True)
class Help:
    """Everything the reducer decides: the phase, what the player waits for, the line to show,
    the moves a lost game's rescue keeps and the moves made when the help last heard of them
    (the undos that save it are their difference), the hints already charged
    (position and push), the boxes the help last spoke of, the search asked (and the boxes it
    was asked for, which a walk keeps), the think-ahead's budget and whether the window has
    the focus."""

    phase: Phase = Phase.IDLE
    want: Want = Want.NOTHING
    message: str = ""
    kept: int | None = None
    steps: int = 0
    charged: frozenset[tuple[frozenset[int], Push]] = frozenset()
    seen: frozenset[int] | None = None
    search: Search | None = None
    asked: frozenset[int] | None = None
    budget: float = BACKGROUND_TIME_LIMIT
    focused: bool = True

    @property
    def undos(self) -> int | None:
        """The undos that bring a lost game back to a solvable position, once counted."""
        return None if self.kept is None else self.steps - self.kept

    @property
    def waiting(self) -> bool:
        return self.want is not Want.NOTHING


Result = tuple[Help, tuple[Effect, ...]]
P = Phase
LOST_MESSAGE = "This position cannot be solved any more"


def reduce(help: Help, event: Event) -> Result:
    """The help after ``event``, and what the assist must do because of it (``help`` itself,
    the very object, when the phase does not take the event)."""
    handler = TRANSITIONS[help.phase].get(type(event))
    if handler is None:
        log.debug("the solver's help ignores %s while %s", event, help.phase.value)
        return help, ()
    return handler(help, event)


# -- what the player does ------------------------------------------------------------------------
def _moved(help: Help, event: Event) -> Result:
    assert isinstance(event, Moved)
    where = event.position
    if where.steps != help.steps:
        help = replace(help, steps=where.steps)
    if where.boxes != help.seen:
        # What was said of the last position (lost, no solution found) is not said of this
        # one: a restart, an undo or a paste starts from what is known of it.
        help = replace(help, seen=where.boxes, phase=P.IDLE, message="", kept=None)
    elif help.kept is not None:
        # A walk after the fatal push, or an undo of one, changes the undos that save it.
        help = replace(help, message=lost_message(help.undos))
    if where.deadlock is not None:
        help = replace(help, phase=P.UNSOLVABLE, message=where.deadlock)
    elif where.planned:
        return replace(help, phase=P.READY), ()
    if where.boxes == help.asked:
        return help, ()  # a walk keeps the boxes: the search asked for them stands
    return _think_again(help, where, event.method)


def _think_again(help: Help, where: Position, method: str) -> Result:
    """Think ahead about ``where`` once the moves settle; on a lost position count the undos
    that save it instead. Not while the position is solved, thinking ahead is off or nobody
    looks."""
    cancel: tuple[Effect, ...] = (CancelSearch(),) if help.search is not None else ()
    quiet = replace(help, asked=None, search=None)
    if where.solved or not where.think_ahead or not help.focused:
        return quiet, cancel
    if help.phase is P.UNSOLVABLE:
        if not where.moved:
            return quiet, cancel
        search = Search(Purpose.RESCUE, where.boxes, RESCUE_TIME_LIMIT, method)
    else:
        search = Search(Purpose.THINK_AHEAD, where.boxes, help.budget, method)
        help = replace(help, phase=P.THINKING)
    return replace(help, asked=where.boxes, search=search), (StartSearch(search, SETTLE_TICKS),)


def _focus(help: Help, event: Event) -> Result:
    assert isinstance(event, FocusChanged)
    if event.focused == help.focused:
        return help, ()
    help = replace(help, focused=event.focused)
    if not event.focused:
        if help.waiting or help.search is None:
            return help, ()
        paused = replace(
            help, phase=P.IDLE, message="", kept=None, search=None, asked=None
        )
        return paused, (CancelSearch(),)
    if event.position.planned or help.search is not None:
        return help, ()
    return _think_again(help, event.position, event.method)


def _hint_asked(help: Help, event: Event) -> Result:
    assert isinstance(event, HintAsked)
    if event.push is not None:
        return _hint_shown(help, event.boxes, event.push)
    help = replace(help, want=Want.HINT)
    search = help.search
    # The think-ahead runs at the lowest priority, which a process cannot raise again: a
    # hint asked while it runs starts over at the player's priority, or a busy machine
    # starves it (XSokoban 14 after a 2 s look, a busy loop beside: no hint in 65 s).
    if search is not None and search.time_limit >= HINT_TIME_LIMIT and search.purpose.shown:
        return help, ()
    return _ask(help, Search(Purpose.HINT, event.boxes, HINT_TIME_LIMIT, event.method))


def _hint_shown(help: Help, boxes: frozenset[int], push: Push) -> Result:
    shown = replace(help, want=Want.NOTHING if help.want is Want.HINT else help.want)
    if (boxes, push) in help.charged:
        return shown, (ShowHint(),)
    return replace(shown, charged=help.charged | {(boxes, push)}), (ShowHint(), ChargeHint())


def _solution_asked(help: Help, event: Event) -> Result:
    assert isinstance(event, SolutionAsked)
    if event.moves is not None:
        return _solution_shown(help, event.moves)
    help = replace(help, want=Want.SOLUTION)
    search = help.search
    if (
        search is not None
        and search.time_limit >= SOLVE_TIME_LIMIT
        and search.method == event.method
    ):
        return help, ()
    return _ask(help, Search(Purpose.SOLUTION, event.boxes, SOLVE_TIME_LIMIT, event.method))


def _solution_shown(help: Help, moves: int) -> Result:
    message = f"Solution: {counted(moves, 'move')}. N steps, B steps back, Space autoplays"
    return replace(help, want=Want.NOTHING, message=message), (ShowSolution(),)


def _ask(help: Help, search: Search) -> Result:
    """A search the player waits for, at once."""
    asked = replace(
        help, phase=P.THINKING, search=search, asked=search.boxes, seen=search.boxes
    )
    return asked, (StartSearch(search),)


def _refuse(help: Help, event: Event) -> Result:
    """Help asked on a lost position answers at once, costs nothing and leaves nothing
    waiting to pop up later."""
    return help, (Refuse(),)


def _stopped(help: Help, event: Event) -> Result:
    stopped = replace(
        help, phase=P.IDLE, want=Want.NOTHING, message="Stopped thinking", search=None, asked=None
    )
    return stopped, (CancelSearch(),)


# -- what the search says ------------------------------------------------------------------------
def _found(help: Help, event: Event) -> Result:
    assert isinstance(event, Found)
    help = replace(help, phase=P.READY, message="", search=None, budget=BACKGROUND_TIME_LIMIT)
    effects: tuple[Effect, ...] = ()
    if help.want is Want.HINT and event.push is not None and help.seen is not None:
        help, effects = _hint_shown(help, help.seen, event.push)
    if help.want is Want.SOLUTION and event.moves is not None:
        help, shown = _solution_shown(help, event.moves)
        effects += shown
    return help, effects


def _unsolvable(help: Help, event: Event) -> Result:
    assert isinstance(event, Unsolvable)
    proved_by = help.search
    help = replace(help, phase=P.UNSOLVABLE, message=lost_message(None), search=None)
    if not event.moved or proved_by is None:
        return help, ()
    search = Search(Purpose.RESCUE, proved_by.boxes, RESCUE_TIME_LIMIT, proved_by.method)
    return replace(help, search=search, asked=search.boxes), (StartSearch(search),)


def _rescued(help: Help, event: Event) -> Result:
    assert isinstance(event, Rescued)
    help = replace(help, kept=event.kept, search=None)
    return replace(help, message=lost_message(help.undos)), ()


def _no_answer(help: Help, event: Event) -> Result:
    assert isinstance(event, NoAnswer)
    help = replace(help, search=None)
    if event.out_of_time and not help.waiting:
        help = replace(help, budget=max(MIN_BACKGROUND_TIME_LIMIT, help.budget / 2))
    if help.waiting:  # only a search the player waits for may say that it failed
        return replace(help, phase=P.GAVE_UP, want=Want.NOTHING, message=event.message), ()
    if help.phase is P.UNSOLVABLE:
        return help, ()  # a lost position keeps saying it is lost
    return replace(help, phase=P.IDLE, message=""), ()  # thinking ahead is silent


def _taken(help: Help, event: Event) -> Result:
    """Another screen's search took the solver: think again at the next change."""
    return replace(help, phase=P.IDLE, want=Want.NOTHING, message="", search=None, asked=None), ()


Handler = Callable[[Help, Event], Result]
# What the player does, taken in every phase (a lost position refuses help).
_PLAY: dict[type, Handler] = {
    Moved: _moved,
    FocusChanged: _focus,
    HintAsked: _hint_asked,
    SolutionAsked: _solution_asked,
    Stopped: _stopped,
}
# Every phase, the events it takes and what each does; any other is ignored.
TRANSITIONS: dict[Phase, dict[type, Handler]] = {
    P.IDLE: {**_PLAY},
    P.THINKING: {
        **_PLAY,
        Found: _found,
        Unsolvable: _unsolvable,
        NoAnswer: _no_answer,
        Taken: _taken,
    },
    # A plan is known; a search for a solution by another method may run beside it.
    P.READY: {**_PLAY, Found: _found, NoAnswer: _no_answer, Taken: _taken},
    # While lost, a search counts the undos that save the game; its failure keeps the phase.
    P.UNSOLVABLE: {
        **_PLAY,
        HintAsked: _refuse,
        SolutionAsked: _refuse,
        Rescued: _rescued,
        NoAnswer: _no_answer,
        Taken: _taken,
    },
    P.GAVE_UP: {**_PLAY},
}


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
        return hint_status(hint)
    if help.message:
        return Status(help.message, Tone.WARNING if help.phase is not Phase.IDLE else Tone.QUIET)
    return None


def hint_status(hint: Hint, pulls: bool = False) -> Status:
    """The line of a hint on the board: the push (or, in reverse play, the pull) it marks."""
    if pulls:
        left = counted(hint.pushes_left, "pull")
        return Status(f"Hint: pull the marked box ({left} to go)", Tone.GUIDE)
    left = counted(hint.pushes_left, "push", "pushes")
    return Status(f"Hint: push the marked box ({left} to go)", Tone.GUIDE)
