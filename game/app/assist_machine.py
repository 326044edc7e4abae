"""The solver's help as a named state machine: its phases, the events that move it, and every
transition allowed, in one table; the assist (game.app.assist) acts on the way.

An event the table does not allow in a phase is a bug of the caller, and says so.
"""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    """What the solver is doing for the player right now."""

    IDLE = "idle"  # nothing known and nothing asked (or thinking ahead is off, or waits)
    SETTLING = "settling"  # the position just changed: a search starts when moves stop a while
    THINKING = "thinking"  # a search runs; the player may wait for it
    READY = "ready"  # a plan for the current position is known
    UNSOLVABLE = "unsolvable"  # the position is lost (maybe counting the undos that save it)
    GAVE_UP = "gave up"  # a search the player asked for hit its limit without an answer


class Event(Enum):
    CHANGED = "the boxes moved off the plan"
    PAUSED = "nothing to think about now"  # solved, thinking ahead off, or the window unseen
    SETTLED = "the moves stopped a while"
    ASKED = "the player asked, and a search starts"
    FOUND = "a plan for the position arrived"
    LOST = "the position is proved or seen lost"
    GAVE_UP = "a search the player waited for found nothing"
    GAVE_UP_QUIETLY = "a search nobody waited for found nothing"
    CANCELLED = "the search was stopped"


P, E = Phase, Event
# Events that may come in any phase, and where they lead.
_ANYWHERE = {
    E.CHANGED: P.SETTLING,
    E.PAUSED: P.IDLE,
    E.ASKED: P.THINKING,
    E.LOST: P.UNSOLVABLE,
    E.CANCELLED: P.IDLE,
}
TRANSITIONS: dict[Phase, dict[Event, Phase]] = {
    P.IDLE: {**_ANYWHERE},
    P.SETTLING: {**_ANYWHERE, E.SETTLED: P.THINKING},
    P.THINKING: {
        **_ANYWHERE,
        E.FOUND: P.READY,
        E.GAVE_UP: P.GAVE_UP,
        E.GAVE_UP_QUIETLY: P.IDLE,
    },
    P.READY: {**_ANYWHERE},
    # While lost, a search counts the undos that save the game; its answer keeps the phase.
    P.UNSOLVABLE: {**_ANYWHERE, E.GAVE_UP_QUIETLY: P.UNSOLVABLE},
    P.GAVE_UP: {**_ANYWHERE},
}


class AssistMachine:
    """The phase of the solver's help, moved only by :meth:`fire`."""

    def __init__(self) -> None:
        self.phase = Phase.IDLE

    def fire(self, event: Event) -> Phase:
        """Take ``event``: the new phase. ValueError for an event the phase does not allow."""
        following = TRANSITIONS[self.phase].get(event)
        if following is None:
            raise ValueError(f"the solver's help cannot take {event.name} while {self.phase.value}")
        self.phase = following
        return following
