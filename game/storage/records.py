"""The values the progress store keeps: level records, totals, solved events and saved games.

The rules for "the better result wins" live here, shared by recording play and importing files.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, TypeVar

from game.core.level import Level
from game.core.notation import NotationError, parse_lurd, push_count, replay
from game.storage.codec import (
    MAX_COUNT,
    Identifier,
    Limit,
    Moment,
    PathText,
    Text,
    Title,
    json_key,
)
from game.storage.identity import CAMPAIGN_ID, collection_id_for, records_id
from game.storage.saved import SavedGame, SlotInfo

MAX_SOLUTION = 1_000_000  # moves in one solution: far beyond any level a person solves

Lurd = Annotated[str, Text(MAX_SOLUTION)]
Moves = Annotated[int, Limit(MAX_SOLUTION)]

_Number = TypeVar("_Number", int, float)

__all__ = [  # SavedGame and SlotInfo live in game.storage.saved; they are found here too
    "CAMPAIGN_ID",
    "CampaignProgress",
    "CollectionInfo",
    "LevelRecord",
    "SavedGame",
    "SlotInfo",
    "Solution",
    "SolutionOutcome",
    "SolvedEvent",
    "Totals",
    "collection_id_for",
    "fewer_moves",
    "fewer_pushes",
    "format_duration",
    "records_id",
    "with_running_totals",
]


@dataclass(frozen=True)
class Solution:
    """A solution in LURD with its move and push counts (which the LURD itself determines)."""

    lurd: Lurd
    moves: Moves
    pushes: Moves

    @classmethod
    def from_lurd(cls, lurd: str) -> Solution:
        """Normalise the LURD and count it; NotationError if it has a letter that is not a move."""
        letters = parse_lurd(lurd)
        return cls(letters, len(letters), push_count(letters))

    def checked(self) -> Solution:
        """This solution normalised, read from a file: ValueError unless the counts match."""
        try:
            solution = Solution.from_lurd(self.lurd)
        except NotationError as error:
            raise ValueError(f"lurd: {error}") from None
        if (self.moves, self.pushes) != (solution.moves, solution.pushes):
            raise ValueError("the move and push counts do not match the LURD")
        return solution


def verified_solution(level: Level, lurd: str) -> Solution:
    """The solution ``lurd`` of ``level``, replayed; ValueError if it does not solve it."""
    solution = Solution.from_lurd(lurd)
    result = replay(level, solution.lurd)
    if not result.solved:
        raise ValueError(f"not a solution of the level: {result.reason or 'boxes are left over'}")
    return solution


def fewer_moves(current: Solution | None, candidate: Solution | None) -> Solution | None:
    """The better solution by moves, then pushes; a tie keeps the current one."""
    if current is None or candidate is None:
        return current or candidate
    better = (candidate.moves, candidate.pushes) < (current.moves, current.pushes)
    return candidate if better else current


def fewer_pushes(current: Solution | None, candidate: Solution | None) -> Solution | None:
    """The better solution by pushes, then moves; a tie keeps the current one."""
    if current is None or candidate is None:
        return current or candidate
    better = (candidate.pushes, candidate.moves) < (current.pushes, current.moves)
    return candidate if better else current


def _lower(current: _Number | None, candidate: _Number | None) -> _Number | None:
    """The smaller of two optional values; a missing one does not count."""
    if current is None or candidate is None:
        return current if candidate is None else candidate
    return min(current, candidate)


def _higher(current: _Number | None, candidate: _Number | None) -> _Number | None:
    """The larger of two optional values; a missing one does not count."""
    if current is None or candidate is None:
        return current if candidate is None else candidate
    return max(current, candidate)


@dataclass(frozen=True)
class SolutionOutcome:
    """What recording a solution changed (for a "new record" message), or why nothing was saved."""

    first_solve: bool = False
    new_best_moves: bool = False
    new_best_pushes: bool = False
    new_best_score: bool = False
    error: str | None = None
    kept: bool = False  # not written yet, but kept in memory to be written later


@dataclass(frozen=True)
class LevelRecord:
    """Everything kept about one level of one collection.

    ``moves_played``, ``pushes_played``, ``seconds`` and ``hints`` add up over every visit, solved
    or not; ``attempts`` counts visits; par is the best solver solution's counts where known.
    """

    collection_id: Identifier
    fingerprint: Identifier
    title: Title = ""
    solved: bool = False
    best_moves: Solution | None = None
    best_pushes: Solution | None = None
    best_score: int = 0
    attempts: int = 0
    seconds: float = 0.0
    moves_played: int = 0
    pushes_played: int = 0
    hints: int = 0
    solver_used: bool = False
    par_moves: Moves | None = None
    par_pushes: Moves | None = None
    first_solved_at: Moment | None = None
    last_played_at: Moment | None = None

    def with_visit(
        self,
        moves: int,
        pushes: int,
        seconds: float,
        hints: int,
        solver_used: bool,
        when: float,
        title: str,
    ) -> LevelRecord:
        """One more visit to the level (solved or not) added to the counters, each held at the
        most the store reads back (past it the record could not be read, and the next visit
        wrote a fresh one over it)."""
        return replace(
            self,
            title=title or self.title,
            attempts=min(self.attempts + 1, MAX_COUNT),
            seconds=min(self.seconds + seconds, MAX_COUNT),
            moves_played=min(self.moves_played + moves, MAX_COUNT),
            pushes_played=min(self.pushes_played + pushes, MAX_COUNT),
            hints=min(self.hints + hints, MAX_COUNT),
            solver_used=self.solver_used or solver_used,
            last_played_at=when,
        )

    def with_solution(
        self, solution: Solution, score: int, solver_used: bool, when: float
    ) -> tuple[LevelRecord, SolutionOutcome]:
        """The record after solving with ``solution``, and what improved.

        A level the solver's solution finished is "shown by the solver": it lowers the par but
        is not solved, keeps no best solution and scores nothing.
        """
        if solver_used:
            shown = replace(self, solver_used=True).with_par(solution.moves, solution.pushes)
            return shown, SolutionOutcome()
        best_moves = fewer_moves(self.best_moves, solution)
        best_pushes = fewer_pushes(self.best_pushes, solution)
        outcome = SolutionOutcome(
            first_solve=not self.solved,
            new_best_moves=best_moves is solution,
            new_best_pushes=best_pushes is solution,
            new_best_score=score > self.best_score,
        )
        record = replace(
            self,
            solved=True,
            best_moves=best_moves,
            best_pushes=best_pushes,
            best_score=max(self.best_score, score),
            first_solved_at=_lower(self.first_solved_at, when),
        )
        return record, outcome

    def with_par(self, moves: int, pushes: int) -> LevelRecord:
        """Par lowered to these counts where they are lower."""
        return replace(
            self,
            par_moves=_lower(self.par_moves, moves),
            par_pushes=_lower(self.par_pushes, pushes),
        )

    def merged(self, other: LevelRecord) -> LevelRecord:
        """This record and an imported one for the same level: the best of each field.

        Solved is either; best solutions and par are the better ones; the best score is the
        higher. Counters (attempts, time, moves, pushes, hints) take the larger value, not the
        sum: importing the same file twice, or a file that grew from this store's own export,
        must not count the same play twice.
        """
        return LevelRecord(
            collection_id=self.collection_id,
            fingerprint=self.fingerprint,
            title=self.title or other.title,
            solved=self.solved or other.solved,
            best_moves=fewer_moves(self.best_moves, other.best_moves),
            best_pushes=fewer_pushes(self.best_pushes, other.best_pushes),
            best_score=max(self.best_score, other.best_score),
            attempts=max(self.attempts, other.attempts),
            seconds=max(self.seconds, other.seconds),
            moves_played=max(self.moves_played, other.moves_played),
            pushes_played=max(self.pushes_played, other.pushes_played),
            hints=max(self.hints, other.hints),
            solver_used=self.solver_used or other.solver_used,
            par_moves=_lower(self.par_moves, other.par_moves),
            par_pushes=_lower(self.par_pushes, other.par_pushes),
            first_solved_at=_lower(self.first_solved_at, other.first_solved_at),
            last_played_at=_higher(self.last_played_at, other.last_played_at),
        )


@dataclass(frozen=True)
class SolvedEvent:
    """One solve, when it happened, and the total of best scores over all levels after it."""

    solved_at: Moment
    collection_id: Identifier
    fingerprint: Identifier
    title: Title
    moves: Moves
    pushes: Moves
    score: int
    total_score: int = field(default=0, metadata=json_key(None))

    def key(self) -> tuple[float, str, str, int, int, int]:
        """What makes two events the same one (for merging imported history)."""
        return (
            self.solved_at,
            self.collection_id,
            self.fingerprint,
            self.moves,
            self.pushes,
            self.score,
        )


def with_running_totals(events: list[SolvedEvent]) -> list[SolvedEvent]:
    """Events in time order, each with the sum of every level's best score after it."""
    best: dict[tuple[str, str], int] = {}
    total = 0
    out = []
    for event in sorted(events, key=lambda e: e.solved_at):
        level = (event.collection_id, event.fingerprint)
        previous = best.get(level, 0)
        if event.score > previous:
            best[level] = event.score
            total += event.score - previous
        out.append(replace(event, total_score=total))
    return out


@dataclass(frozen=True)
class Totals:
    """Sums over all level records (``score`` sums each level's best score)."""

    levels_solved: int = 0
    levels_played: int = 0
    attempts: int = 0
    moves: int = 0
    pushes: int = 0
    seconds: float = 0.0
    hints: int = 0
    score: int = 0


def format_duration(seconds: float) -> str:
    """Play time the way people say it: 42 s, 12 min, 3 h 05 min."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes = whole // 60
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d} min"


@dataclass(frozen=True)
class CampaignProgress:
    """The campaign's next level (0-based) and its running total score."""

    position: int = 0
    total_score: int = 0


@dataclass(frozen=True)
class CollectionInfo:
    """A collection the player opened: its levels in order, and how many are solved.

    ``fingerprints`` is empty for a collection that has records but was never announced with
    :meth:`ProgressStore.remember_collection`: its size is unknown. ``solved`` counts the
    solved levels still in the collection (all solved records when its levels are unknown);
    ``played`` counts every level record kept for it.
    """

    collection_id: Identifier
    title: Title
    path: PathText = ""
    fingerprints: tuple[Identifier, ...] = field(default=(), metadata=json_key("levels"))
    opened_at: Moment = 0.0
    # Worked out again from the records, never stored or exported.
    solved: int = field(default=0, metadata=json_key(None))
    played: int = field(default=0, metadata=json_key(None))

    @property
    def level_count(self) -> int:
        return len(self.fingerprints)
