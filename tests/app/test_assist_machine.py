"""The solver's help as a pure reducer: each phase takes the events of its row of the table and
ignores the rest (the very same help back, no effect); the policy is in the effects it returns:
when a search starts and which, the think-ahead's budget, rescues, charges, refusals.
"""

from __future__ import annotations

import pytest

from game.app.assist_events import (
    CancelSearch,
    ChargeHint,
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
from game.app.assist_machine import (
    BACKGROUND_TIME_LIMIT,
    HINT_TIME_LIMIT,
    MIN_BACKGROUND_TIME_LIMIT,
    RESCUE_TIME_LIMIT,
    SETTLE_TICKS,
    SOLVE_TIME_LIMIT,
    TRANSITIONS,
    Help,
    Phase,
    Want,
    reduce,
)
from game.app.jobs.jobs import Purpose
from game.core.direction import Direction
from game.solver.plan import Push

HERE = frozenset({9, 12})
THERE = frozenset({9, 13})
PUSH = Push(9, Direction.RIGHT)


def run(help: Help, *events: Event) -> Help:
    for event in events:
        help, _ = reduce(help, event)
    return help


def moved(
    boxes: frozenset[int] = HERE,
    *,
    planned: bool = False,
    solved: bool = False,
    made: bool = False,
    think_ahead: bool = True,
    deadlock: str | None = None,
    steps: int = 0,
) -> Moved:
    """The position at ``boxes`` after a change (``made``: moves were made since the start,
    ``steps`` of them)."""
    return Moved(Position(boxes, planned, solved, made, think_ahead, deadlock, steps), "fast")


def thinking_ahead(steps: int = 0) -> Help:
    return run(Help(), moved(steps=steps))


def test_a_change_asks_the_think_ahead_once_the_moves_settle_and_a_walk_keeps_it() -> None:
    help, effects = reduce(Help(), moved())
    search = Search(Purpose.THINK_AHEAD, HERE, BACKGROUND_TIME_LIMIT, "fast")
    assert help.phase is Phase.THINKING and effects == (StartSearch(search, SETTLE_TICKS),)
    assert reduce(help, moved()) == (help, ())  # the same boxes: nothing asked again
    found, effects = reduce(help, Found(PUSH, 4))
    assert found.phase is Phase.READY and found.search is None and effects == ()


def test_no_search_while_solved_with_thinking_ahead_off_or_unfocused() -> None:
    help = thinking_ahead()
    for change in (moved(THERE, solved=True), moved(THERE, think_ahead=False)):
        quiet, effects = reduce(help, change)
        assert quiet.phase is Phase.IDLE and effects == (CancelSearch(),)
    unfocused = run(Help(), FocusChanged(False, Position(HERE), "fast"))
    after, effects = reduce(unfocused, moved())
    assert after.phase is Phase.IDLE and after.search is None and effects == ()


def test_focus_lost_stops_the_think_ahead_but_not_a_search_the_player_waits_for() -> None:
    help, effects = reduce(thinking_ahead(), FocusChanged(False, Position(HERE), "fast"))
    assert help.phase is Phase.IDLE and effects == (CancelSearch(),)
    back, effects = reduce(help, FocusChanged(True, Position(HERE), "fast"))
    assert back.phase is Phase.THINKING and isinstance(effects[0], StartSearch)
    waited = run(Help(), HintAsked(HERE, None, "fast"))
    assert reduce(waited, FocusChanged(False, Position(HERE), "fast"))[1] == ()


def test_a_hint_asked_while_thinking_ahead_starts_a_search_of_its_own_at_once() -> None:
    help, effects = reduce(thinking_ahead(), HintAsked(HERE, None, "fast"))
    hint = Search(Purpose.HINT, HERE, HINT_TIME_LIMIT, "fast")
    assert help.want is Want.HINT and effects == (StartSearch(hint),)
    assert reduce(help, HintAsked(HERE, None, "fast")) == (help, ())  # it serves: no other
    found, effects = reduce(help, Found(PUSH, 4))
    assert effects == (ShowHint(), ChargeHint()) and not found.waiting


def test_a_known_hint_is_shown_each_time_and_charged_once_per_position_and_push() -> None:
    help = run(Help(), moved(planned=True))
    charges = 0
    for _ in range(3):
        help, effects = reduce(help, HintAsked(HERE, PUSH, "fast"))
        assert ShowHint() in effects
        charges += effects.count(ChargeHint())
    assert charges == 1
    assert reduce(help, HintAsked(THERE, PUSH, "fast"))[1] == (ShowHint(), ChargeHint())


def test_a_solution_search_serves_only_the_method_asked_for() -> None:
    help, effects = reduce(Help(), SolutionAsked(HERE, None, "smt-push"))
    assert effects == (StartSearch(Search(Purpose.SOLUTION, HERE, SOLVE_TIME_LIMIT, "smt-push")),)
    assert reduce(help, SolutionAsked(HERE, None, "smt-push")) == (help, ())
    assert reduce(help, SolutionAsked(HERE, None, "bfs"))[1] != ()
    shown, effects = reduce(help, Found(PUSH, 12))
    assert effects == (ShowSolution(),) and shown.message.startswith("Solution: 12 moves")
    assert reduce(Help(), SolutionAsked(HERE, 7, "fast"))[1] == (ShowSolution(),)


def test_the_think_ahead_is_silent_and_its_budget_halves_down_to_a_floor() -> None:
    help = thinking_ahead()
    budgets = []
    for _ in range(7):
        help = run(help, NoAnswer("no solution in time", out_of_time=True))
        assert help.phase is Phase.IDLE and help.message == ""
        budgets.append(help.budget)
        help = run(help, moved(THERE if help.seen == HERE else HERE))
    assert budgets[:2] == [BACKGROUND_TIME_LIMIT / 2, BACKGROUND_TIME_LIMIT / 4]
    assert budgets[-1] == MIN_BACKGROUND_TIME_LIMIT
    assert run(help, Found(PUSH, 4)).budget == BACKGROUND_TIME_LIMIT


def test_a_search_the_player_waited_for_says_it_gave_up_and_keeps_the_budget() -> None:
    help = run(Help(), HintAsked(HERE, None, "fast"), NoAnswer("no time", out_of_time=True))
    assert help.phase is Phase.GAVE_UP and help.message == "no time" and not help.waiting
    assert help.budget == BACKGROUND_TIME_LIMIT


def test_a_lost_position_counts_its_undos_and_refuses_help_at_once() -> None:
    help, effects = reduce(thinking_ahead(steps=6), Unsolvable(moved=True))
    rescue = Search(Purpose.RESCUE, HERE, RESCUE_TIME_LIMIT, "fast")
    assert help.phase is Phase.UNSOLVABLE and effects == (StartSearch(rescue),)
    assert reduce(thinking_ahead(), Unsolvable(moved=False))[1] == ()  # nothing to undo
    for asked in (HintAsked(HERE, None, "fast"), SolutionAsked(HERE, None, "fast")):
        assert reduce(help, asked) == (help, (Refuse(),))
    counted = run(help, Rescued(kept=4))
    assert counted.undos == 2 and "undo 2 moves" in counted.message
    failed = run(help, NoAnswer("rescue failed"))
    assert failed.phase is Phase.UNSOLVABLE and failed.message == help.message


def test_walks_after_the_fatal_push_and_their_undos_change_the_count() -> None:
    # Lost after 6 moves, the rescue keeps the first 5: one undo. Two steps walked make it
    # three; one of them undone, two.
    lost, _ = reduce(thinking_ahead(), moved(THERE, deadlock="boxes stuck", made=True, steps=6))
    counted = run(lost, Rescued(kept=5))
    assert counted.undos == 1 and "undo 1 move " in counted.message
    walked = run(counted, moved(THERE, made=True, steps=8))
    assert walked.undos == 3 and "undo 3 moves" in walked.message
    back = run(walked, moved(THERE, made=True, steps=7))
    assert back.undos == 2 and "undo 2 moves" in back.message
    # The fatal push undone: the count is gone with the position it was made for.
    saved = run(back, moved(HERE, made=True, steps=5))
    assert saved.undos is None and saved.kept is None and saved.message == ""


def test_a_deadlocking_push_is_lost_at_once_and_the_rescue_waits_for_the_moves_to_settle() -> None:
    help, effects = reduce(thinking_ahead(), moved(THERE, deadlock="boxes stuck", made=True))
    rescue = Search(Purpose.RESCUE, THERE, RESCUE_TIME_LIMIT, "fast")
    assert help.phase is Phase.UNSOLVABLE and help.message == "boxes stuck"
    assert effects == (StartSearch(rescue, SETTLE_TICKS),)
    # Undone: what was said of the lost position is not said of this one.
    back = run(help, moved(HERE))
    assert back.phase is Phase.THINKING and back.message == ""


def test_esc_and_another_screens_search_stop_the_wait() -> None:
    waiting = run(Help(), HintAsked(HERE, None, "fast"))
    stopped, effects = reduce(waiting, Stopped())
    assert effects == (CancelSearch(),) and stopped.message == "Stopped thinking"
    taken, effects = reduce(waiting, Taken())
    assert taken.phase is Phase.IDLE and not taken.waiting and effects == ()
    assert taken.asked is None  # the next change asks again


SEARCH_NEWS: list[Event] = [Found(PUSH, 3), Unsolvable(True), Rescued(5), NoAnswer("x"), Taken()]
PLAYER: list[Event] = [
    moved(THERE),
    FocusChanged(False, Position(HERE), "fast"),
    HintAsked(HERE, None, "fast"),
    SolutionAsked(HERE, None, "fast"),
    Stopped(),
]


@pytest.mark.parametrize("phase", list(Phase))
def test_every_phase_takes_what_the_player_does(phase: Phase) -> None:
    for event in PLAYER:
        assert type(event) in TRANSITIONS[phase]
        help = Help(phase=phase, seen=HERE, asked=HERE)
        after, effects = reduce(help, event)
        assert after != help or effects


@pytest.mark.parametrize("phase", list(Phase))
@pytest.mark.parametrize("event", SEARCH_NEWS, ids=lambda event: type(event).__name__)
def test_a_searchs_news_is_taken_only_where_a_search_may_run(phase: Phase, event: Event) -> None:
    takes = {
        Phase.IDLE: set(),
        Phase.THINKING: {Found, Unsolvable, NoAnswer, Taken},
        Phase.READY: {Found, NoAnswer, Taken},
        Phase.UNSOLVABLE: {Rescued, NoAnswer, Taken},
        Phase.GAVE_UP: set(),
    }[phase]
    help = Help(phase=phase, message="kept", seen=HERE)
    after, effects = reduce(help, event)
    if type(event) in takes:
        assert after is not help
    else:
        assert after is help and effects == ()
