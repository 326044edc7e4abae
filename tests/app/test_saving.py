"""What playing writes to the progress store: a write after the solution's record that fails is
told with the result (and logged), never dropped.
"""

from __future__ import annotations

import logging

import pytest

from game.app.context import PlayContext
from game.app.saving import Visit, record_solution, record_visit
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.core.play import PlayState
from game.core.problems import Problem, ProblemKind
from game.storage.store import ProgressStore

TWO_ROOMS = "#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n"
BUSY = Problem(ProblemKind.NOT_WRITTEN, "the store is busy; kept to be written at the next save")


def solved_first(context: PlayContext) -> PlayState:
    context.session.open(read_collection_text(TWO_ROOMS), LevelFile("rooms.xsb"))
    collection = context.session.collection
    assert collection is not None
    state = PlayState(collection.levels[0])
    assert len(list(state.play_letters("R"))) == 1
    assert state.is_solved
    return state


def test_a_failed_save_of_the_game_to_continue_comes_with_the_result(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    context = PlayContext.in_memory()
    state = solved_first(context)
    monkeypatch.setattr(ProgressStore, "save_session", lambda store, game: BUSY)
    with caplog.at_level(logging.WARNING):
        outcome = record_solution(context, 0, state, 900)
    assert outcome.first_solve and outcome.error == BUSY.text
    assert any(BUSY.text in record.message for record in caplog.records)


def test_the_records_own_problem_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    context = PlayContext.in_memory()
    state = solved_first(context)
    monkeypatch.setattr(ProgressStore, "save_session", lambda store, game: BUSY)
    context.progress.read_only_reason = "the store is read-only"
    outcome = record_solution(context, 0, state, 900)
    assert outcome.error is not None and outcome.error.startswith("the store is read-only")


def test_a_visit_that_cannot_be_written_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    context = PlayContext.in_memory()
    state = solved_first(context)
    state.undo()
    context.progress.read_only_reason = "the store is read-only"
    with caplog.at_level(logging.WARNING):
        record_visit(context, 0, state)
    logged = [record.message for record in caplog.records]
    assert any(message.startswith("The visit to the level not written") for message in logged)


def second_room(context: PlayContext) -> PlayState:
    context.session.open(read_collection_text(TWO_ROOMS), LevelFile("rooms.xsb"))
    collection = context.session.collection
    assert collection is not None
    return PlayState(collection.levels[1])


def test_a_resumed_game_counts_only_what_each_visit_added() -> None:
    # Resumed and left again, a game's moves, seconds and hints were counted twice: the
    # statistics showed two moves for one.
    context = PlayContext.in_memory()
    state = second_room(context)
    statistics = context.statistics
    first = Visit.begin(state, statistics)
    list(state.play_letters("R"))
    statistics.elapsed, statistics.hints_used = 30.0, 1
    record_visit(context, 1, state, first)
    again = Visit.begin(state, statistics)  # Continue: the same moves and counters come back
    record_visit(context, 1, state, again)  # left at once: no attempt
    statistics.elapsed = 35.0
    list(state.play_letters("R"))
    assert state.is_solved
    outcome = record_solution(context, 1, state, 900, visit=again)
    assert outcome.first_solve
    record = context.progress.level_record(context.session.collection_id, state.level)
    assert record is not None
    assert (record.attempts, record.moves_played, record.pushes_played) == (2, 2, 2)
    assert (record.seconds, record.hints) == (35.0, 1)


def test_a_visit_counts_the_moves_past_the_line_it_began_with() -> None:
    context = PlayContext.in_memory()
    context.session.open(read_collection_text("#####\n#@  #\n# $.#\n#####\n"), LevelFile("r.xsb"))
    collection = context.session.collection
    assert collection is not None
    state = PlayState(collection.levels[0])
    list(state.play_letters("r"))
    visit = Visit.begin(state, context.statistics)
    state.undo()
    assert visit.played(state, context.statistics).moves == 0  # undone: nothing added
    list(state.play_letters("r"))
    assert visit.played(state, context.statistics).moves == 0  # the same line again
    assert state.restart()
    list(state.play_letters("dR"))
    played = visit.played(state, context.statistics)
    assert (played.moves, played.pushes) == (2, 1)  # after the restart, a line of its own
