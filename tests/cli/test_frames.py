"""The frame-pacing benchmark runs the real engine with the solver and prints its table.

Only the shape of the output is checked: timings are for people to read, not for asserts.
"""

from __future__ import annotations

import pytest

from game.cli import main


def test_bench_frames_with_solver_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-frames", "--with-solver", "--seconds", "1"]) == 0
    out = capsys.readouterr().out
    assert "median ms" in out and "missed ticks" in out
    assert "nodes/s alone" in out


def test_bench_frames_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-frames", "--seconds", "0"]) == 2
    assert main(["bench-frames", "--method", "guess"]) == 2
    assert "--method" in capsys.readouterr().err
