"""Statistics counters and the scoring rule.

The rule lives in one function, level_score; these pin it down.
"""

from __future__ import annotations

from itertools import pairwise

from game.core import Statistics, level_score


def test_without_a_par_the_score_is_a_thousand_less_the_moves() -> None:
    assert level_score(33) == 967
    assert level_score(5000) == 100


def test_at_par_a_level_scores_the_most_and_less_the_further_from_it() -> None:
    at_par = level_score(40, pushes=10, par_moves=40, par_pushes=10)
    assert at_par == 1000
    assert level_score(30, pushes=8, par_moves=40, par_pushes=10) == 1000  # better than par
    more_moves = level_score(80, pushes=10, par_moves=40, par_pushes=10)
    more_pushes = level_score(80, pushes=20, par_moves=40, par_pushes=10)
    assert at_par > more_moves > more_pushes > 100
    assert more_moves == 100 + 450 + 225
    assert level_score(10_000, pushes=5_000, par_moves=40, par_pushes=10) >= 100


def test_every_hint_costs_and_the_solver_scores_nothing() -> None:
    scores = [level_score(100, hints_used=hints) for hints in range(8)]
    assert scores[0] == 900 and scores[1] == 720
    assert all(later < earlier for earlier, later in pairwise(scores))
    assert scores[-1] > 0
    assert level_score(10, solver_used=True) == 0
    assert level_score(40, pushes=10, par_moves=40, par_pushes=10, solver_used=True) == 0


def test_a_level_the_solver_finished_scores_nothing() -> None:
    stats = Statistics()
    stats.start_level()
    stats.solver_used = True
    stats.update_counts(12, 3)
    assert stats.score_now() == 0


def test_the_score_counts_the_hints_and_a_new_level_starts_afresh() -> None:
    stats = Statistics()
    stats.start_level()
    stats.update_counts(40, 10)
    stats.tick(1.5)
    stats.record_hint()
    assert stats.score_now() == level_score(40, hints_used=1, pushes=10)
    stats.start_level()
    assert stats.steps == stats.hints_used == 0
