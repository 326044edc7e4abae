"""The values the progress store keeps: level records, totals, solved events and saved games.

The rules for "the better result wins" live here, shared by recording play and importing files.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TypeVar

from game.core.level import Level
from game.core.notation import NotationError, parse_lurd, replay_on
from game.core.play import PlayState
from game.core.statistics import Statistics
from game.storage.jsondata import DataError, Fields, JsonValue

CAMPAIGN_ID = "campaign"

_Number = TypeVar("_Number", int, float)


def collection_id_for(title: str, path: str | Path | None = None) -> str:
    """The stable id of a collection file: its title, or its file name when it has no title.

    Records are keyed by this id and the level's layout fingerprint, so moving a file keeps its
    records, and so does renaming a file that has a title. The campaign uses :data:`CAMPAIGN_ID`.
    """
    cleaned = " ".join(title.split())
    if cleaned:
        return f"title:{cleaned}"
    if path is not None:
        return f"file:{Path(path).name}"
    return "untitled"


@dataclass(frozen=True)
class Solution:
    """A solution in LURD with its move and push counts (which the LURD itself determines)."""

    lurd: str
    moves: int
    pushes: int

    @classmethod
    def from_lurd(cls, lurd: str) -> Solution:
        """Normalise the LURD and count it; NotationError if it has a letter that is not a move."""
        letters = parse_lurd(lurd)
        return cls(letters, len(letters), sum(letter.isupper() for letter in letters))

    @classmethod
    def read(cls, data: Fields) -> Solution:
        """A solution from JSON, checked: the counts must match the LURD."""
        lurd = data.text("lurd")
        try:
            solution = cls.from_lurd(lurd)
        except NotationError as error:
            raise DataError(f"{data.where}.lurd: {error}") from None
        if (data.count("moves"), data.count("pushes")) != (solution.moves, solution.pushes):
            raise DataError(f"{data.where}: the move and push counts do not match the LURD")
        return solution

    def to_json(self) -> dict[str, JsonValue]:
        return {"lurd": self.lurd, "moves": self.moves, "pushes": self.pushes}


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


@dataclass(frozen=True)
class LevelRecord:
    """Everything kept about one level of one collection.

    ``moves_played``, ``pushes_played``, ``seconds`` and ``hints`` add up over every visit, solved
    or not; ``attempts`` counts visits; par is the best solver solution's counts where known.
    """

    collection_id: str
    fingerprint: str
    title: str = ""
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
    par_moves: int | None = None
    par_pushes: int | None = None
    first_solved_at: float | None = None
    last_played_at: float | None = None

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
        """One more visit to the level (solved or not) added to the counters."""
        return replace(
            self,
            title=title or self.title,
            attempts=self.attempts + 1,
            seconds=self.seconds + seconds,
            moves_played=self.moves_played + moves,
            pushes_played=self.pushes_played + pushes,
            hints=self.hints + hints,
            solver_used=self.solver_used or solver_used,
            last_played_at=when,
        )

    def with_solution(
        self, solution: Solution, score: int, solver_used: bool, when: float
    ) -> tuple[LevelRecord, SolutionOutcome]:
        """The record after solving with ``solution``, and what improved."""
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
        if solver_used:
            record = record.with_par(solution.moves, solution.pushes)
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

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "collection_id": self.collection_id,
            "fingerprint": self.fingerprint,
            "title": self.title,
            "solved": self.solved,
            "best_moves": self.best_moves.to_json() if self.best_moves else None,
            "best_pushes": self.best_pushes.to_json() if self.best_pushes else None,
            "best_score": self.best_score,
            "attempts": self.attempts,
            "seconds": self.seconds,
            "moves_played": self.moves_played,
            "pushes_played": self.pushes_played,
            "hints": self.hints,
            "solver_used": self.solver_used,
            "par_moves": self.par_moves,
            "par_pushes": self.par_pushes,
            "first_solved_at": self.first_solved_at,
            "last_played_at": self.last_played_at,
        }

    @classmethod
    def read(cls, data: Fields) -> LevelRecord:
        best_moves = data.optional_object("best_moves")
        best_pushes = data.optional_object("best_pushes")
        return cls(
            collection_id=_identifier(data, "collection_id"),
            fingerprint=_identifier(data, "fingerprint"),
            title=data.text("title", default="", max_length=500),
            solved=data.flag("solved"),
            best_moves=Solution.read(best_moves) if best_moves else None,
            best_pushes=Solution.read(best_pushes) if best_pushes else None,
            best_score=data.count("best_score", default=0),
            attempts=data.count("attempts", default=0),
            seconds=data.number("seconds", default=0.0),
            moves_played=data.count("moves_played", default=0),
            pushes_played=data.count("pushes_played", default=0),
            hints=data.count("hints", default=0),
            solver_used=data.flag("solver_used", default=False),
            par_moves=data.optional_count("par_moves"),
            par_pushes=data.optional_count("par_pushes"),
            first_solved_at=data.optional_number("first_solved_at"),
            last_played_at=data.optional_number("last_played_at"),
        )


def _identifier(data: Fields, key: str) -> str:
    value = data.text(key, max_length=500)
    if not value.strip():
        raise DataError(f"{data.where}.{key}: must not be empty")
    return value


@dataclass(frozen=True)
class SolvedEvent:
    """One solve, when it happened, and the total of best scores over all levels after it."""

    solved_at: float
    collection_id: str
    fingerprint: str
    title: str
    moves: int
    pushes: int
    score: int
    total_score: int = 0

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

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "solved_at": self.solved_at,
            "collection_id": self.collection_id,
            "fingerprint": self.fingerprint,
            "title": self.title,
            "moves": self.moves,
            "pushes": self.pushes,
            "score": self.score,
        }

    @classmethod
    def read(cls, data: Fields) -> SolvedEvent:
        return cls(
            solved_at=data.number("solved_at"),
            collection_id=_identifier(data, "collection_id"),
            fingerprint=_identifier(data, "fingerprint"),
            title=data.text("title", default="", max_length=500),
            moves=data.count("moves"),
            pushes=data.count("pushes"),
            score=data.count("score"),
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
    solver_levels: int = 0


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

    collection_id: str
    title: str
    path: str = ""
    fingerprints: tuple[str, ...] = ()
    opened_at: float = 0.0
    solved: int = 0
    played: int = 0

    @property
    def level_count(self) -> int:
        return len(self.fingerprints)

    def to_json(self) -> dict[str, JsonValue]:
        """What an export keeps (the counts are worked out again from the records)."""
        return {
            "collection_id": self.collection_id,
            "title": self.title,
            "path": self.path,
            "levels": list(self.fingerprints),
            "opened_at": self.opened_at,
        }

    @classmethod
    def read(cls, data: Fields) -> CollectionInfo:
        return cls(
            collection_id=_identifier(data, "collection_id"),
            title=data.text("title", default="", max_length=500),
            path=data.text("path", default="", max_length=4096),
            fingerprints=tuple(data.text_list("levels", default_empty=True)),
            opened_at=data.number("opened_at", default=0.0),
        )


def statistics_to_json(statistics: Statistics) -> dict[str, JsonValue]:
    """A plain-JSON snapshot of the core statistics service."""
    snapshot: dict[str, JsonValue] = {}
    for field in fields(statistics):
        value = getattr(statistics, field.name)
        snapshot[field.name] = list(value) if isinstance(value, list) else value
    return snapshot


def statistics_from_json(data: Fields) -> Statistics:
    """Statistics from a snapshot, each field checked against the type of its default.

    Fields the snapshot lacks keep their defaults and unknown fields are ignored, so snapshots
    from older and newer versions still load.
    """
    statistics = Statistics()
    for field in fields(statistics):
        name = field.name
        if name not in data.data:
            continue
        default = getattr(statistics, name)
        value: object
        if isinstance(default, bool):
            value = data.flag(name)
        elif isinstance(default, int):
            value = data.count(name)
        elif isinstance(default, float):
            value = data.number(name)
        elif isinstance(default, list):
            value = data.text_list(name)
        else:
            continue
        setattr(statistics, name, value)
    return statistics


@dataclass(frozen=True)
class SavedGame:
    """Where a player is: collection, level, the moves made so far, and the statistics.

    ``history`` is the current move list in LURD (``PlayState.lurd()``): moves that a restart
    threw away before saving are not kept, so after loading, undo goes back to the start of
    the current attempt but cannot undo that restart. That keeps the format plain LURD, which
    any Sokoban program reads, at the cost of one rarely wanted undo step.
    """

    collection_id: str
    collection_path: str
    collection_title: str
    level_index: int
    level_fingerprint: str
    history: str
    statistics: Statistics
    saved_at: float = 0.0

    @classmethod
    def capture(
        cls,
        collection_id: str,
        collection_path: str | Path,
        collection_title: str,
        level_index: int,
        state: PlayState,
        statistics: Statistics,
    ) -> SavedGame:
        """A snapshot of a game in progress (statistics are copied, not shared)."""
        copied = replace(statistics, solved_titles=list(statistics.solved_titles))
        return cls(
            collection_id=collection_id,
            collection_path=str(collection_path),
            collection_title=collection_title,
            level_index=level_index,
            level_fingerprint=state.level.fingerprint(),
            history=state.lurd(),
            statistics=copied,
            saved_at=time.time(),
        )

    def level_index_in(self, levels: Sequence[Level]) -> int | None:
        """Where the saved level is in ``levels``: the saved index while the layout there still
        matches, else the first level with that layout (the file was reordered), else None."""
        candidates = list(range(len(levels)))
        if self.level_index < len(levels):
            candidates.insert(0, self.level_index)
        for index in candidates:
            if levels[index].fingerprint() == self.level_fingerprint:
                return index
        return None

    def restore(self, level: Level) -> tuple[PlayState, str | None]:
        """A play state for ``level`` with the saved moves replayed, so undo works through them.

        The message says what could not be restored: a level whose layout changed since the
        save starts afresh, and a history that stops fitting is replayed up to that move.
        """
        state = PlayState(level)
        if level.fingerprint() != self.level_fingerprint:
            return state, "The level has changed since this game was saved; it starts afresh."
        try:
            result = replay_on(state, self.history)
        except NotationError as error:
            return state, f"The saved moves could not be read ({error}); the level starts afresh."
        if result.failed_at is not None:
            return state, f"The saved moves were restored up to move {result.failed_at - 1}."
        return state, None

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "collection_id": self.collection_id,
            "collection_path": self.collection_path,
            "collection_title": self.collection_title,
            "level_index": self.level_index,
            "level_fingerprint": self.level_fingerprint,
            "history": self.history,
            "statistics": statistics_to_json(self.statistics),
            "saved_at": self.saved_at,
        }

    @classmethod
    def read(cls, data: Fields) -> SavedGame:
        history = data.text("history", max_length=10_000_000)
        try:
            history = parse_lurd(history)
        except NotationError as error:
            raise DataError(f"{data.where}.history: {error}") from None
        return cls(
            collection_id=_identifier(data, "collection_id"),
            collection_path=data.text("collection_path", default="", max_length=4096),
            collection_title=data.text("collection_title", default="", max_length=500),
            level_index=data.count("level_index"),
            level_fingerprint=_identifier(data, "level_fingerprint"),
            history=history,
            statistics=statistics_from_json(data.object("statistics")),
            saved_at=data.number("saved_at", default=0.0),
        )


@dataclass(frozen=True)
class SlotInfo:
    """A named save slot as the slots menu lists it."""

    name: str
    saved_at: float
    collection_title: str
    level_index: int
    moves: int
