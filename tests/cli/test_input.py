"""Input scripts on the command line: the game from its main menu, and ``play``, headless.

The game keeps the player's progress in SOKOBAN_HOME, here a fresh folder for each test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.app.session import read_campaign
from game.cli import main
from game.solver import SolveStatus, solve
from game.storage.records import CAMPAIGN_ID
from game.storage.store import ProgressStore
from tests.engine.harness import FIRST_SOLUTION, LEVELS_TEXT

ARROWS = {"l": "left", "u": "up", "r": "right", "d": "down"}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("SOKOBAN_HOME", str(folder))
    return folder


def script_file(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "input.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_a_script_plays_campaign_level_1_to_solved_from_the_main_menu(tmp_path: Path) -> None:
    level = read_campaign().levels[0]
    result = solve(level, time_limit=20)
    assert result.status is SolveStatus.SOLVED and result.lurd
    shot = tmp_path / "solved.png"
    lines = ["# Play campaign is the first entry a new player can choose", "key return"]
    lines += [f"key {ARROWS[letter.lower()]}" for letter in result.lurd]
    lines += ["wait 20", f"shot {shot}"]
    assert main(["--headless", "--input", script_file(tmp_path, lines)]) == 0
    assert shot.is_file()
    store, _ = ProgressStore.open()
    try:
        record = store.level_record(CAMPAIGN_ID, level)
    finally:
        store.close()
    assert record is not None and record.solved


def test_a_script_saved_with_a_byte_order_mark_reads_its_first_line(tmp_path: Path) -> None:
    # The mark stuck to the first word, and the script was refused for an unknown command.
    shot = tmp_path / "shot.png"
    path = tmp_path / "input.txt"
    path.write_bytes(f"shot {shot}\nwait 2\n".encode("utf-8-sig"))
    assert main(["--headless", "--input", str(path)]) == 0
    assert shot.is_file()


def test_a_bad_script_line_is_exit_2_with_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = script_file(tmp_path, ["key return", "# fine", "press x"])
    assert main(["--headless", "--input", path]) == 2
    error = capsys.readouterr().err
    assert "line 3" in error and error.count("\n") == 1


def test_play_takes_an_input_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text(LEVELS_TEXT, encoding="utf-8")
    lines = [f"key {ARROWS[letter.lower()]}" for letter in FIRST_SOLUTION]
    path = script_file(tmp_path, lines)
    assert main(["play", str(levels), "--headless", "--input", path]) == 0
    assert capsys.readouterr().out.startswith("solved=true moves=33 pushes=8")


def test_a_fifo_or_a_huge_file_is_no_input_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["--headless", "--input", str(fifo)]) == 2
    huge = tmp_path / "huge.txt"
    huge.write_text("wait 1\n" * 200_000, encoding="utf-8")
    assert main(["--headless", "--input", str(huge)]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 2 and "input script" in errors[0]
    assert "larger than" in errors[1]


def test_a_replay_past_the_cap_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text(LEVELS_TEXT, encoding="utf-8")
    assert main(["play", str(levels), "--headless", "--replay", "999999r"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--replay" in error
