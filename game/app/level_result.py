"""What finishing a level produces (the result the complete screen shows) and what playing
writes (autosaves and solutions), as the play controller sees them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.core.level import Level
from game.core.play import PlayState
from game.storage.library_entry import Origin
from game.storage.records import SolutionOutcome


@dataclass(frozen=True)
class LevelResult:
    """How a level was solved, for the level complete screen."""

    level_index: int
    title: str
    moves: int
    pushes: int
    seconds: float
    score: int
    total_score: int
    new_record: bool
    # Finished by the solver's moves or by pasted ones: shown, not solved, and no score.
    shown: bool = False
    # The level's best score kept after this one (a worse replay keeps the old best).
    best_score: int = 0
    # Why the result could not be written yet (it is kept and written at the next save).
    save_problem: str | None = None
    # The par the score was reckoned against (0, 0: none, the score counts moves).
    par_moves: int = 0
    par_pushes: int = 0


class PlayRecorder(Protocol):
    """What playing writes: autosaves while playing, and the solution when the level is done."""

    def autosave(self, seconds: float, level_index: int, state: PlayState) -> None: ...

    def record_solution(
        self, level_index: int, state: PlayState, score: int, origin: Origin = ...
    ) -> SolutionOutcome:
        """Keep the solution; ``origin`` says whose it is (pasted moves are imported ones)."""

    def total_score(self) -> int: ...

    def best_score(self, level: Level) -> int: ...
