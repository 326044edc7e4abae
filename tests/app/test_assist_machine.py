"""The solver's help as a reducer: the table takes what play needs, ignores the rest without
raising, and charges each distinct hint at a position once."""

from __future__ import annotations

import pytest

from game.app.assist_machine import (
    IGNORED,
    TRANSITIONS,
    Asked,
    Cancelled,
    Changed,
    ChargeHint,
    Event,
    Found,
    GaveUp,
    Help,
    HintShown,
    Lost,
    NothingFound,
    Phase,
    Settled,
    Want,
    Wanted,
    reduce,
)
from game.core.direction import Direction
from game.solver.plan import Push


def run(help: Help, *events: Event) -> Help:
    for event in events:
        help, _ = reduce(help, event)
    return help


def test_a_search_settles_thinks_and_finds() -> None:
    help = Help()
    assert run(help, Changed()).phase is Phase.SETTLING
    assert run(help, Changed(), Settled()).phase is Phase.THINKING
    assert run(help, Changed(), Settled(), Found()).phase is Phase.READY
    waited = run(help, Changed(), Settled(), Found(), Wanted(Want.HINT), Asked(), GaveUp("no"))
    assert waited.phase is Phase.GAVE_UP and waited.message == "no" and not waited.waiting


def test_a_search_nobody_waited_for_fails_silently() -> None:
    help = run(Help(), Changed(), Settled(), NothingFound())
    assert help.phase is Phase.IDLE and help.message == ""


def test_a_lost_position_stays_lost_while_its_undos_are_counted() -> None:
    help = run(Help(), Lost("Deadlock"), NothingFound())
    assert help.phase is Phase.UNSOLVABLE and help.message == "Deadlock"
    assert run(help, Changed()).phase is Phase.SETTLING


def test_a_hint_is_charged_once_per_position_and_push() -> None:
    help = run(Help(), Changed(), Settled(), Found())
    position, push = frozenset({9, 12}), Push(9, Direction.RIGHT)
    charges = 0
    for _ in range(3):  # the same hint asked three times
        help, effects = reduce(run(help, Wanted(Want.HINT)), HintShown(position, push))
        charges += effects.count(ChargeHint())
        assert not help.waiting
    assert charges == 1
    _, effects = reduce(help, HintShown(frozenset({9, 13}), push))
    assert effects == (ChargeHint(),)  # another position: another hint


@pytest.mark.parametrize(
    ("phase", "event"),
    [(Phase.IDLE, Found()), (Phase.READY, Settled()), (Phase.GAVE_UP, GaveUp("again"))],
)
def test_an_event_the_phase_does_not_take_is_ignored_and_counted(
    phase: Phase, event: Event
) -> None:
    before = IGNORED[phase, type(event).__name__]
    help = Help(phase=phase, message="kept")
    assert reduce(help, event) == (help, ())
    assert IGNORED[phase, type(event).__name__] == before + 1


def test_every_phase_can_be_left_by_a_change_or_a_cancel() -> None:
    assert set(TRANSITIONS) == set(Phase)
    for moves in TRANSITIONS.values():
        assert moves[Changed] is Phase.SETTLING and moves[Cancelled] is Phase.IDLE
