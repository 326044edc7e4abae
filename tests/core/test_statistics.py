"""Statistics counters and the scoring rule.

The rule lives in one function, level_score; these pin it down.
"""

from __future__ import annotations

from game.core import Statistics, level_score


def test_level_score_rule() -> None:
    assert level_score(33) == 967
    assert level_score(5000) == 100
    assert level_score(100, hints_used=1) == 720
    assert level_score(100, hints_used=9) == 0
    assert level_score(10, solver_used=True) == 0


def test_finish_level_adds_to_totals_and_reset() -> None:
    stats = Statistics()
    stats.start_level()
    stats.update_counts(40, 10)
    stats.tick(1.5)
    stats.record_hint()
    assert stats.finish_level("one") == level_score(40, hints_used=1)
    assert stats.levels_solved == 1
    assert stats.total_score == stats.current_score
    assert (stats.total_steps, stats.total_pushes, stats.total_hints) == (40, 10, 1)
    assert stats.total_time == 1.5
    stats.start_level()
    assert stats.steps == stats.hints_used == 0
    assert stats.total_score > 0
    stats.reset()
    assert stats == Statistics()
