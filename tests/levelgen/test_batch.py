"""Tests for levels on demand: the batch function and the ``generate`` subcommand.

Small rooms at low difficulty, so each test runs in a second or two.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.core.chapters import STARS_KEY
from game.core.collection import read_collection
from game.core.notation import replay
from game.levelgen.batch import BatchProgress, Cancelled, Request, generate_levels
from game.levelgen.campaign import remake
from game.levelgen.generate import SOLUTION_KEY, SPEC_KEY
from game.levelgen.symmetry import layout_key

SMALL = Request(width=8, height=8, boxes=2, count=3, difficulty=2, seed=4)


def test_a_batch_is_solved_rated_distinct_and_the_same_for_a_seed() -> None:
    seen: list[BatchProgress] = []
    levels = generate_levels(SMALL, progress=seen.append)
    assert len(levels) == 3
    assert generate_levels(SMALL) == levels
    assert len({layout_key(level) for level in levels}) == 3
    for level in levels:
        extra = dict(level.extra)
        assert level.width <= 8 and level.height <= 8 and len(level.boxes) == 2
        assert replay(level, extra[SOLUTION_KEY]).solved
        assert extra[STARS_KEY] == "2"
        assert remake(extra[SPEC_KEY]).to_xsb() == level.to_xsb()
    assert seen[0].made == 0 and seen[-1].made == 3
    assert "3/3 levels made" in seen[-1].line()


def test_a_cancelled_batch_stops() -> None:
    with pytest.raises(Cancelled):
        generate_levels(SMALL, cancel=lambda: True)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"width": 4}, "width must be"),
        ({"height": 99}, "height must be"),
        ({"difficulty": 6}, "difficulty must be 1 to 5"),
        ({"count": 0}, "count must be"),
        ({"boxes": 30}, "boxes must be 1 to"),
        ({"seed": -1}, "seed must be"),
    ],
)
def test_bad_requests_are_refused_in_one_line(change: dict[str, int], message: str) -> None:
    request = Request(**{**SMALL.__dict__, **change})
    problem = request.problem()
    assert problem is not None and message in problem and "\n" not in problem
    with pytest.raises(ValueError, match=message):
        generate_levels(request)


def test_the_generate_command_writes_the_levels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "new.xsb"
    args = ["generate", "--width", "8", "--height", "8", "--boxes", "2", "--count", "3"]
    assert main([*args, "--difficulty", "2", "--seed", "4", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "generate: 3/3 levels made" in captured.err
    written = read_collection(out).levels
    assert [level.to_xsb() for level in written] == [
        level.to_xsb() for level in generate_levels(SMALL)
    ]


def test_the_generate_command_refuses_bad_arguments_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = str(tmp_path / "new.xsb")
    assert main(["generate", "--difficulty", "9", "--out", out]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "difficulty must be 1 to 5" in err
    assert main(["generate", "--width", "x", "--out", out]) == 2
    assert main(["generate", "--out", str(tmp_path / "missing" / "a.xsb")]) == 2
