"""What playing writes to the progress store: each visit to a level, each solution, the session.

The play controller calls these through its recorder; the store stays the one place records
are kept. Everything works on a play context, never on the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.app.context import PlayContext
from game.app.filing import keep_solution
from game.app.unwritten import unwritten
from game.core.level import Level
from game.core.notation import published_par, push_count
from game.core.play import PlayState
from game.core.problems import Problem, not_written
from game.core.statistics import Statistics
from game.storage.library_entry import Origin
from game.storage.records import CAMPAIGN_ID, LevelRecord, SavedGame, SolutionOutcome


@dataclass(frozen=True)
class Visit:
    """Where a visit to a level began. A resumed game brings moves, seconds and hints that the
    visit which made them counted when it ended, so each visit counts only what it added."""

    lurd: str = ""  # the moves on the board as the visit began
    seconds: float = 0.0
    hints: int = 0

    @classmethod
    def begin(cls, state: PlayState, statistics: Statistics) -> Visit:
        return cls(state.lurd(), statistics.elapsed, statistics.hints_used)

    def played(self, state: PlayState, statistics: Statistics) -> Played:
        """What this visit added: the moves of the line on the board past the part it shares
        with the line the visit began with (undone moves are not counted, as they never were;
        after a restart, every move made since), its seconds and its hints."""
        lurd = state.lurd()
        shared = 0
        for before, now in zip(self.lurd, lurd, strict=False):
            if before != now:
                break
            shared += 1
        added = lurd[shared:]
        return Played(
            len(added),
            push_count(added),
            max(0.0, statistics.elapsed - self.seconds),
            max(0, statistics.hints_used - self.hints),
        )


@dataclass(frozen=True)
class Played:
    """The counts one visit adds to a level's record."""

    moves: int
    pushes: int
    seconds: float
    hints: int


def saved_game(
    context: PlayContext, level_index: int, state: PlayState, statistics: Statistics | None = None
) -> SavedGame:
    """The game in progress: the open collection, the level, its moves and the statistics."""
    session = context.session
    return SavedGame.capture(
        session.level_ref(level_index),
        session.title,
        state,
        context.statistics if statistics is None else statistics,
    )


def record_visit(
    context: PlayContext, level_index: int, state: PlayState, visit: Visit = Visit()
) -> None:
    """The player leaves a level unsolved (back to a menu, another level, or quitting).

    The session is saved so that Continue comes back to this very position; a visit in which
    no move was made and no hint used is not counted as an attempt (a hint used is counted on
    the level's record, solved or not). ``visit``: where it began (see :class:`Visit`).
    """
    statistics = context.statistics
    played = visit.played(state, statistics)
    if state.lurd() != visit.lurd or state.can_redo or played.hints:
        note_par(context, state.level)
        attempt = context.progress.record_attempt(
            context.session.collection_id,
            state.level,
            moves=played.moves,
            pushes=played.pushes,
            seconds=played.seconds,
            hints=played.hints,
            solver_used=statistics.solver_used,
        )
        unwritten("The visit to the level", attempt)
    if not context.session.is_random:  # Continue stays with the collection played before
        save_session(context, saved_game(context, level_index, state))


def save_session(context: PlayContext, game: SavedGame) -> Problem | None:
    """Save the game Continue comes back to; why not, if it could not be written."""
    context.autosaver.save_now(game)
    return unwritten("The game to continue", context.autosaver.last_problem)


def note_par(context: PlayContext, level: Level) -> Problem | None:
    """Keep the par the level file publishes, for the statistics' bars against par; why not,
    if it could not be written."""
    par = published_par(level)
    if par is None:
        return None
    written = context.progress.set_par(context.session.collection_id, level, par.moves, par.pushes)
    return unwritten("The level's par", written)


def record_solution(
    context: PlayContext,
    level_index: int,
    state: PlayState,
    score: int,
    origin: Origin = Origin.PLAYER,
    visit: Visit = Visit(),
) -> SolutionOutcome:
    """The level was solved with ``score``: keep the solution (in the records, and in the
    level's solution library as ``origin``'s), move the campaign and the session on to the
    next level; what changed, or why it could not be written (then it is kept in memory and
    written at the next save): the record's problem, else the first of the writes after it."""
    session, statistics, progress = context.session, context.statistics, context.progress
    problems = [note_par(context, state.level)]
    played = visit.played(state, statistics)
    outcome = progress.record_solution(
        session.collection_id,
        state.level,
        state.lurd(),
        state.move_count,
        state.push_count,
        score,
        hints=played.hints,
        solver_used=statistics.solver_used,
        seconds=played.seconds,
        played=(played.moves, played.pushes),
    )
    filed = keep_solution(context, level_index, state.level, state.lurd(), origin)
    problems.append(unwritten("The solution in the level's library", not_written(filed.error)))
    following = level_index + 1
    if session.collection_id == CAMPAIGN_ID:
        reached = max(progress.campaign().position, following)
        placed = progress.set_campaign(reached, progress.total_score())
        problems.append(unwritten("The campaign's place", placed))
    collection = session.collection
    if session.is_random:
        pass  # a random level leaves Continue with the collection played before
    elif collection is not None and following < len(collection.levels):
        # Continue starts the next level afresh, with no time or hints carried over (its par
        # is the level's own, found again when it opens).
        next_state = PlayState(collection.levels[following])
        problems.append(
            save_session(context, saved_game(context, following, next_state, Statistics()))
        )
    else:
        problems.append(unwritten("The end of the game to continue", progress.clear_session()))
    later = next((problem for problem in problems if problem is not None), None)
    if outcome.error is None and later is not None:
        return replace(outcome, error=later.text)
    return outcome


def level_record(context: PlayContext, level: Level) -> LevelRecord | None:
    return context.progress.level_record(context.session.collection_id, level)


def level_par(context: PlayContext, level: Level) -> tuple[int, int]:
    """Par moves and pushes: the level file's solution, else the best the solver showed, else
    (0, 0) for no par."""
    published = published_par(level)
    if published is not None:
        return published.moves, published.pushes
    record = level_record(context, level)
    if record is not None and record.par_moves and record.par_pushes:
        return record.par_moves, record.par_pushes
    return 0, 0


def best_text(record: LevelRecord | None) -> str:
    """The HUD's "best": moves/pushes of the best solutions, or a dash before the first solve."""
    if record is None or record.best_moves is None or record.best_pushes is None:
        return "-"
    return f"{record.best_moves.moves}/{record.best_pushes.pushes}"


def solved_fingerprints(context: PlayContext) -> set[str]:
    """The layouts of the open collection's levels that the player has solved."""
    records = context.progress.collection_records(context.session.collection_id)
    return {fingerprint for fingerprint, record in records.items() if record.solved}


class ContextRecorder:
    """The play controller's recorder: writes through a play context's progress services."""

    def __init__(self, context: PlayContext) -> None:
        self.context = context
        self.visit = Visit()  # where the visit to the level began (set as the level opens)

    def begin_visit(self, state: PlayState) -> None:
        self.visit = Visit.begin(state, self.context.statistics)

    def record_visit(self, level_index: int, state: PlayState) -> None:
        record_visit(self.context, level_index, state, self.visit)

    def autosave(self, seconds: float, level_index: int, state: PlayState) -> None:
        """Count ``seconds`` of play; the session is saved whenever the interval is up (never
        for a random level: Continue stays with the collection played before)."""
        context = self.context
        if not context.session.is_random:
            context.autosaver.tick(seconds, lambda: saved_game(context, level_index, state))

    def record_solution(
        self, level_index: int, state: PlayState, score: int, origin: Origin = Origin.PLAYER
    ) -> SolutionOutcome:
        return record_solution(self.context, level_index, state, score, origin, self.visit)

    def total_score(self) -> int:
        return self.context.progress.total_score()

    def best_score(self, level: Level) -> int:
        record = level_record(self.context, level)
        return record.best_score if record is not None else 0
