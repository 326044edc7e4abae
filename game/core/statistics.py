"""Statistics of play: steps, pushes, time, score and levels solved, and the scoring rule.

The scoring rule lives in :func:`level_score` and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BASE_SCORE = 1000
MIN_SCORE = 100
HINT_PENALTY = 0.2


def level_score(moves: int, hints_used: int = 0, solver_used: bool = False) -> int:
    """Score for a solved level: 1000 minus the moves (seeds/004), at least 100.

    Each hint takes a fifth off, down to nothing after five; a solver's solution scores 0.
    """
    if solver_used:
        return 0
    base = max(MIN_SCORE, BASE_SCORE - moves)
    factor = max(0.0, 1.0 - HINT_PENALTY * hints_used)
    return int(base * factor)


@dataclass
class Statistics:
    """Counters for the level being played and totals for the whole game."""

    steps: int = 0
    pushes: int = 0
    elapsed: float = 0.0
    hints_used: int = 0
    solver_used: bool = False
    current_score: int = 0
    total_score: int = 0
    levels_solved: int = 0
    total_steps: int = 0
    total_pushes: int = 0
    total_time: float = 0.0
    total_hints: int = 0
    solved_titles: list[str] = field(default_factory=list)

    def start_level(self) -> None:
        """Reset the per-level counters."""
        self.steps = self.pushes = self.hints_used = 0
        self.elapsed = 0.0
        self.solver_used = False
        self.current_score = 0

    def update_counts(self, steps: int, pushes: int) -> None:
        self.steps, self.pushes = steps, pushes

    def tick(self, seconds: float) -> None:
        self.elapsed += seconds

    def record_hint(self) -> None:
        self.hints_used += 1

    def finish_level(self, title: str = "") -> int:
        """Add the solved level to the totals; return its score."""
        self.current_score = level_score(self.steps, self.hints_used, self.solver_used)
        self.total_score += self.current_score
        self.levels_solved += 1
        self.total_steps += self.steps
        self.total_pushes += self.pushes
        self.total_time += self.elapsed
        self.total_hints += self.hints_used
        if title:
            self.solved_titles.append(title)
        return self.current_score

    def reset(self) -> None:
        """Back to a new game (used by tests and by starting a new campaign)."""
        fresh = Statistics()
        self.__dict__.update(fresh.__dict__)
