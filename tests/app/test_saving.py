"""What playing writes to the progress store: a write after the solution's record that fails is
told with the result (and logged), never dropped.
"""

from __future__ import annotations

import logging

import pytest

from game.app.context import PlayContext
from game.app.saving import record_solution, record_visit
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
