"""What playing writes to the progress store: each visit to a level, each solution, the session.

The play scene and its controller call these; the store stays the one place records are kept.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.level import Level
from game.core.notation import published_par
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.storage.records import CAMPAIGN_ID, LevelRecord, SavedGame, SolutionOutcome

if TYPE_CHECKING:
    from game.engine.engine import GameEngine


def saved_game(
    engine: GameEngine, level_index: int, state: PlayState, statistics: Statistics | None = None
) -> SavedGame:
    """The game in progress: the open collection, the level, its moves and the statistics."""
    session = engine.session
    return SavedGame.capture(
        session.collection_id,
        session.source,
        session.title,
        level_index,
        state,
        engine.statistics if statistics is None else statistics,
    )


def autosave(engine: GameEngine, seconds: float, level_index: int, state: PlayState) -> None:
    """Count ``seconds`` of play; the session is saved whenever the autosave interval is up."""
    engine.autosaver.tick(seconds, lambda: saved_game(engine, level_index, state))


def record_visit(engine: GameEngine, level_index: int, state: PlayState) -> None:
    """The player leaves a level unsolved (back to a menu, another level, or quitting).

    The session is saved so that Continue comes back to this very position; a visit in which
    no move was made is not counted as an attempt.
    """
    statistics = engine.statistics
    if state.can_undo or state.can_redo:
        note_par(engine, state.level)
        engine.progress.record_attempt(
            engine.session.collection_id,
            state.level,
            moves=state.move_count,
            pushes=state.push_count,
            seconds=statistics.elapsed,
            hints=statistics.hints_used,
            solver_used=statistics.solver_used,
        )
    engine.autosaver.save_now(saved_game(engine, level_index, state))


def note_par(engine: GameEngine, level: Level) -> None:
    """Keep the par the level file publishes, for the statistics' bars against par."""
    par = published_par(level)
    if par is not None:
        engine.progress.set_par(engine.session.collection_id, level, par.moves, par.pushes)


def record_solution(
    engine: GameEngine, level_index: int, state: PlayState, score: int
) -> SolutionOutcome:
    """The level was solved with ``score``: keep the solution, move the campaign and the session
    on to the next level; what changed, or why it could not be written (then it is kept in
    memory and written at the next save)."""
    session, statistics, progress = engine.session, engine.statistics, engine.progress
    note_par(engine, state.level)
    outcome = progress.record_solution(
        session.collection_id,
        state.level,
        state.lurd(),
        state.move_count,
        state.push_count,
        score,
        hints=statistics.hints_used,
        solver_used=statistics.solver_used,
        seconds=statistics.elapsed,
    )
    following = level_index + 1
    if session.collection_id == CAMPAIGN_ID:
        reached = max(progress.campaign().position, following)
        progress.set_campaign(reached, progress.total_score())
    collection = session.collection
    if collection is not None and following < len(collection.levels):
        # Continue starts the next level afresh, with no time or hints carried over.
        fresh = replace(statistics, solved_titles=list(statistics.solved_titles))
        fresh.start_level()
        next_state = PlayState(collection.levels[following])
        engine.autosaver.save_now(saved_game(engine, following, next_state, fresh))
    else:
        progress.clear_session()
    return outcome


def level_record(engine: GameEngine, level: Level) -> LevelRecord | None:
    return engine.progress.level_record(engine.session.collection_id, level)


def level_par(engine: GameEngine, level: Level) -> tuple[int, int]:
    """Par moves and pushes: the level file's solution, else the best the solver showed, else
    (0, 0) for no par."""
    published = published_par(level)
    if published is not None:
        return published.moves, published.pushes
    record = level_record(engine, level)
    if record is not None and record.par_moves and record.par_pushes:
        return record.par_moves, record.par_pushes
    return 0, 0


def best_text(record: LevelRecord | None) -> str:
    """The HUD's "best": moves/pushes of the best solutions, or a dash before the first solve."""
    if record is None or record.best_moves is None or record.best_pushes is None:
        return "-"
    return f"{record.best_moves.moves}/{record.best_pushes.pushes}"


def solved_fingerprints(engine: GameEngine) -> set[str]:
    """The layouts of the open collection's levels that the player has solved."""
    records = engine.progress.collection_records(engine.session.collection_id)
    return {fingerprint for fingerprint, record in records.items() if record.solved}


class EngineRecorder:
    """The play controller's recorder: writes through the engine's progress services."""

    def __init__(self, engine: GameEngine) -> None:
        self.engine = engine

    def autosave(self, seconds: float, level_index: int, state: PlayState) -> None:
        autosave(self.engine, seconds, level_index, state)

    def record_solution(self, level_index: int, state: PlayState, score: int) -> SolutionOutcome:
        return record_solution(self.engine, level_index, state, score)

    def total_score(self) -> int:
        return self.engine.progress.total_score()
