"""The solver's help as a state machine: the table allows what play needs and nothing else."""

from __future__ import annotations

import pytest

from game.app.assist_machine import TRANSITIONS, AssistMachine, Event, Phase


def test_a_search_settles_thinks_and_finds() -> None:
    machine = AssistMachine()
    assert machine.fire(Event.CHANGED) is Phase.SETTLING
    assert machine.fire(Event.SETTLED) is Phase.THINKING
    assert machine.fire(Event.FOUND) is Phase.READY
    assert machine.fire(Event.ASKED) is Phase.THINKING
    assert machine.fire(Event.GAVE_UP) is Phase.GAVE_UP


def test_a_lost_position_stays_lost_while_its_undos_are_counted() -> None:
    machine = AssistMachine()
    machine.fire(Event.LOST)
    assert machine.fire(Event.GAVE_UP_QUIETLY) is Phase.UNSOLVABLE
    assert machine.fire(Event.CHANGED) is Phase.SETTLING


@pytest.mark.parametrize(
    ("phase", "event"),
    [(Phase.IDLE, Event.FOUND), (Phase.READY, Event.SETTLED), (Phase.GAVE_UP, Event.GAVE_UP)],
)
def test_an_event_the_phase_does_not_allow_is_refused(phase: Phase, event: Event) -> None:
    machine = AssistMachine()
    machine.phase = phase
    with pytest.raises(ValueError, match=event.name):
        machine.fire(event)


def test_every_phase_can_be_left_by_a_change_or_a_cancel() -> None:
    assert set(TRANSITIONS) == set(Phase)
    for moves in TRANSITIONS.values():
        assert moves[Event.CHANGED] is Phase.SETTLING and moves[Event.CANCELLED] is Phase.IDLE
