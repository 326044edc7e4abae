"""LURD notation: parsing, run lengths, compression, and replay with reasons for failure.

Replay is what `verify` uses, so every way a solution can be wrong is checked.
"""

from __future__ import annotations

import pytest

from game.core import NotationError, parse_level, parse_lurd, replay
from game.core.notation import compress_lurd, published_par
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION


def test_parse_lurd_expands_runs_and_drops_spaces() -> None:
    assert parse_lurd("3r u\nL") == "rrruL"
    with pytest.raises(NotationError, match="'x'"):
        parse_lurd("rux")


def test_compress_round_trips() -> None:
    assert compress_lurd("rrrruLLd") == "4ruLLd"
    assert parse_lurd(compress_lurd(SMALL_SOLUTION)) == SMALL_SOLUTION


def test_replay_solves() -> None:
    result = replay(parse_level(SMALL_LEVEL), SMALL_SOLUTION)
    assert result.solved
    assert (result.moves, result.pushes) == (33, 8)
    assert result.failed_at is None


def test_replay_reports_blocked_move() -> None:
    result = replay(parse_level(SMALL_LEVEL), "uuu")
    assert not result.solved
    assert result.failed_at == 3
    assert "wall" in result.reason


def test_replay_reports_wrong_case() -> None:
    level = parse_level(SMALL_LEVEL)
    lower = SMALL_SOLUTION.replace("U", "u", 1)
    result = replay(level, lower)
    assert result.failed_at == 3
    assert "should be uppercase" in result.reason
    assert replay(level, lower, strict_case=False).solved
    upper = replay(level, "D")
    assert "no box to push" in upper.reason


def test_replay_incomplete_solution() -> None:
    result = replay(parse_level(SMALL_LEVEL), SMALL_SOLUTION[:-1])
    assert not result.solved
    assert result.failed_at is None


def test_huge_run_lengths_are_refused_before_expanding() -> None:
    with pytest.raises(NotationError, match="longer than 1,000,000 moves"):
        parse_lurd("999999999r")


def test_published_par_comes_from_a_solution_that_replays() -> None:
    solved = parse_level(SMALL_LEVEL, extra=(("Solution", SMALL_SOLUTION),))
    par = published_par(solved)
    assert par is not None and (par.moves, par.pushes) == (33, 8)
    assert published_par(parse_level(SMALL_LEVEL)) is None
    assert published_par(parse_level(SMALL_LEVEL, extra=(("Solution", "lurd"),))) is None
    assert published_par(parse_level(SMALL_LEVEL, extra=(("Solution", "x?"),))) is None


@pytest.mark.parametrize("text", ["9" * 5000 + "r", "1" + "0" * 4400 + "L", "r" * 11])
def test_long_solutions_are_refused_without_converting_huge_numbers(text: str) -> None:
    with pytest.raises(NotationError, match="longer than 10 moves") as caught:
        parse_lurd(text, max_moves=10)
    assert len(str(caught.value)) < 100


def test_only_ascii_digits_are_run_lengths() -> None:
    assert parse_lurd("010r") == "r" * 10
    with pytest.raises(NotationError, match="'²'"):
        parse_lurd("²r")
    with pytest.raises(NotationError, match="'٣'"):
        parse_lurd("٣r")
