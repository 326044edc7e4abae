"""Filing a solution made in play (the player's, the solver's, pasted moves) in the level's
library, and what play reads back from it: the known solution for hints, the HUD's best.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from game.app.assist import SolverAssist
from game.app.context import PlayContext
from game.app.jobs.solver_service import SolverPort
from game.app.session import Session
from game.core.direction import Direction
from game.core.level import Level
from game.core.level_ref import LevelTexts
from game.core.metrics import BlockedSolution, SolutionMetrics, measure
from game.core.notation import (
    NotationError,
    in_true_case,
    parse_lurd,
    published_solution,
    push_count,
)
from game.core.play import PlayState
from game.storage.library import Added, SolutionLibrary
from game.storage.library_entry import MAX_LIBRARY_MOVES, LevelKey, LibraryEntry, Origin


class SolutionRefused(ValueError):
    """A solution the library does not take; the message is one line for the player."""


def level_key(session: Session, level_index: int, level: Level) -> LevelKey:
    """The library key of level ``level_index`` of the open collection; a level known only by
    its text has no place to be found again by."""
    place = None if isinstance(session.source, LevelTexts) else session.level_number(level_index)
    return LevelKey(session.collection_id, level.fingerprint(), place)


def checked_solution(level: Level, text: str) -> tuple[str, SolutionMetrics]:
    """``text`` replayed from the start of ``level``: the LURD with each letter's case made true
    (a push is uppercase) and its metrics; SolutionRefused saying why it is not a solution."""
    try:
        letters = parse_lurd(text, MAX_LIBRARY_MOVES)
    except NotationError as error:
        raise SolutionRefused(str(error)) from None
    if not letters:
        raise SolutionRefused("it has no moves")
    lurd, result = in_true_case(level, letters, MAX_LIBRARY_MOVES)
    if result.failed_at is not None:
        blocked = BlockedSolution(result.failed_at, letters[result.failed_at - 1])
        raise SolutionRefused(str(blocked))
    if not result.solved:
        raise SolutionRefused("it does not solve the level")
    return lurd, measure(level, lurd)


def new_entry(
    key: LevelKey,
    lurd: str,
    metrics: SolutionMetrics,
    origin: Origin,
    when: float,
    source: int | None = None,
) -> LibraryEntry:
    """An entry for a solution already checked on its level."""
    entry = LibraryEntry(
        key.collection_id,
        key.fingerprint,
        lurd,
        origin,
        place=key.place,
        source=source,
        added_at=when,
    )
    return entry.measured(metrics)


def keep_solution(
    context: PlayContext, level_index: int, level: Level, text: str, origin: Origin
) -> Added:
    """File a solution of level ``level_index`` of the open collection made in play (the
    player's, the solver's, pasted moves); one that does not solve the level is not filed."""
    try:
        lurd, metrics = checked_solution(level, text)
    except SolutionRefused as error:
        return Added(error=str(error))
    key = level_key(context.session, level_index, level)
    entry = new_entry(key, lurd, metrics, origin, context.progress.clock())
    return SolutionLibrary(context.progress).add(entry)


def keep_solver_solution(
    context: PlayContext, level_index: int, state: PlayState, moves: Sequence[Direction]
) -> Added:
    """The solver's answer from where the player stands, filed as a whole solution: the moves
    made so far and then the solver's."""
    ahead = "".join(direction.value for direction in moves)
    return keep_solution(context, level_index, state.level, state.lurd() + ahead, Origin.SOLVER)


def level_assist(
    solver: SolverPort,
    context: PlayContext,
    level_index: int,
    level: Level,
    solve_method: str,
    known: str | None,
) -> SolverAssist:
    """The solver's help for level ``level_index``: its whole solutions go to the level's
    library, and ``known`` (the best by pushes the library holds) or the level file's own
    solution, whichever has fewer pushes, answers a hint at once, at the start and along that
    solution (after a restart or a new start of the game too): a hint then follows the par
    the HUD shows, not a longer way the solver found."""
    assist = SolverAssist(solver, level, solve_method=solve_method)
    assist.on_solution = partial(keep_solver_solution, context, level_index)
    solutions = [text for text in (known, published_solution(level)) if text is not None]
    if solutions:
        assist.know_solution(min(solutions, key=push_count))
    return assist


@dataclass(frozen=True)
class LibraryBests:
    """The level's fewest-moves and fewest-pushes solutions in its library (the player's, the
    solver's, imported or optimized: the best known), None while it holds none."""

    by_moves: str | None
    by_pushes: str | None

    @property
    def text(self) -> str:
        """The HUD's BEST: the moves of the one and the pushes of the other, or a dash."""
        if self.by_moves is None or self.by_pushes is None:
            return "-"
        return f"{len(self.by_moves)}/{push_count(self.by_pushes)}"


def library_bests(context: PlayContext, level_index: int, level: Level) -> LibraryBests:
    library = SolutionLibrary(context.progress)
    key = level_key(context.session, level_index, level)
    return LibraryBests(library.fewest_moves(key, level), library.fewest_pushes(key, level))
