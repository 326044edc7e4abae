"""Statistics of play: steps, pushes, time, score and levels solved, and the scoring rule.

The scoring rule lives in :func:`level_score`; the total (each solved level's best score, once)
is the progress store's ``total_score``, the one number every screen shows.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

BASE_SCORE = 1000
MIN_SCORE = 100
# Each hint keeps this share of the score, so every hint costs something and none costs all.
HINT_KEEPS = 0.8


def level_score(
    moves: int,
    hints_used: int = 0,
    solver_used: bool = False,
    pushes: int = 0,
    par_moves: int = 0,
    par_pushes: int = 0,
) -> int:
    """The score of one solved level; the one place the rule is written.

    Against a par (``par_moves`` and ``par_pushes``, from the level's stored solution) the
    score runs from 100 to 1000: half of the 900 above the floor for matching par moves, half
    for par pushes, shrinking in proportion as the player needs more (beating par counts as
    matching it). A level with no par scores 1000 less one a move, at least 100. Each hint
    keeps four fifths of the score; a level the solver's or pasted moves finished scores 0.
    """
    if solver_used:
        return 0
    if par_moves > 0 and par_pushes > 0:
        move_share = min(1.0, par_moves / max(1, moves))
        push_share = min(1.0, par_pushes / max(1, pushes))
        base = MIN_SCORE + (BASE_SCORE - MIN_SCORE) * (move_share + push_share) / 2
    else:
        base = max(MIN_SCORE, BASE_SCORE - moves)
    return round(base * HINT_KEEPS ** max(0, hints_used))


@dataclass
class Statistics:
    """Counters for the level being played (the totals are the progress store's)."""

    steps: int = 0
    pushes: int = 0
    elapsed: float = 0.0
    hints_used: int = 0
    solver_used: bool = False
    par_moves: int = 0
    par_pushes: int = 0

    def start_level(self, par_moves: int = 0, par_pushes: int = 0) -> None:
        """Reset the per-level counters; the par comes from the level's stored solution."""
        self.steps = self.pushes = self.hints_used = 0
        self.elapsed = 0.0
        self.solver_used = False
        self.par_moves, self.par_pushes = par_moves, par_pushes

    def carry_on(self, saved: Statistics, par_moves: int, par_pushes: int) -> None:
        """Go on from a saved game's statistics, with the level's par as it is now (a save
        made before the par was known must not score the level without it)."""
        for counter in fields(self):
            setattr(self, counter.name, getattr(saved, counter.name))
        self.par_moves, self.par_pushes = par_moves, par_pushes

    def update_counts(self, steps: int, pushes: int) -> None:
        self.steps, self.pushes = steps, pushes

    def tick(self, seconds: float) -> None:
        self.elapsed += seconds

    def use_solver(self) -> None:
        """The solver's moves, or pasted moves that finish the level, were played: the level
        counts as shown."""
        self.solver_used = True

    def record_hint(self) -> None:
        self.hints_used += 1

    def score_now(self) -> int:
        """What the level would score if it were solved with the counts so far."""
        return level_score(
            self.steps,
            self.hints_used,
            self.solver_used,
            self.pushes,
            self.par_moves,
            self.par_pushes,
        )
