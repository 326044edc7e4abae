"""The ``play`` and ``bench-render`` subcommands, headless through the real engine.

Each run makes a real engine with the dummy drivers and shuts it down again.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.cli.play import generated_level
from tests.engine.harness import FIRST_SOLUTION, LEVELS_TEXT


@pytest.fixture
def levels(tmp_path: Path) -> str:
    path = tmp_path / "levels.xsb"
    path.write_text(LEVELS_TEXT)
    return str(path)


def test_headless_replay_solves_the_level(
    levels: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = tmp_path / "last.png"
    code = main(
        [
            "play",
            levels,
            "--level",
            "1",
            "--replay",
            FIRST_SOLUTION,
            "--headless",
            "--screenshot",
            str(shot),
        ]
    )
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 0
    assert out.startswith("solved=true moves=33 pushes=8 frames=")
    assert int(out.rsplit("=", 1)[1]) > 33
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)


def test_headless_replay_that_does_not_solve_exits_1(
    levels: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["play", levels, "--level", "corridor", "--replay", "rR", "--headless"])
    assert code == 1
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("solved=false moves=2 pushes=1 frames=")


def test_frames_limit_stops_early(levels: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", levels, "--replay", FIRST_SOLUTION, "--headless", "--frames", "20"])
    assert code == 1
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("solved=false") and line.endswith("frames=20")


def test_bad_input_is_one_line_and_exit_2(levels: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", levels, "--replay", "lxr", "--headless"]) == 2
    assert "--replay" in capsys.readouterr().err
    assert main(["play", levels, "--level", "9", "--headless"]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_generated_bench_levels_are_valid() -> None:
    level = generated_level(30, 20)
    assert (level.width, level.height) == (30, 20)
    assert len(level.boxes) == len(level.board.goals)
    assert not level.is_solved


def test_bench_render_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-render", "--frames", "10"]) == 0
    out = capsys.readouterr().out
    for name in ("small", "30x20", "60x40"):
        assert name in out
    assert "median ms" in out and "p99 ms" in out


def test_start_game_opens_the_main_menu_and_closes_cleanly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.cli.start import start_game
    from game.engine.engine import GameEngine
    from game.scenes.main_menu import MainMenuScene

    seen: list[object] = []

    def short_run(self: GameEngine, max_frames: int | None = None) -> None:
        self.run_frames(2)
        seen.append(self.top)

    monkeypatch.setattr(GameEngine, "run", short_run)
    assert start_game() == 0
    assert isinstance(seen[0], MainMenuScene)
    GameEngine((100, 100), sound_enabled=False).shutdown()  # the game's engine was shut down


def test_an_internal_error_closes_the_game_with_one_line_and_a_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.cli.start import CRASH_LOG_NAME, start_game
    from game.engine.engine import GameEngine
    from game.storage.paths import data_dir

    def broken_run(self: GameEngine, max_frames: int | None = None) -> None:
        self.run_frames(2)
        raise RuntimeError("a bug in a scene")

    monkeypatch.setattr(GameEngine, "run", broken_run)
    assert start_game() == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "internal error" in lines[0] and "Traceback" not in lines[0]
    log = (data_dir() / CRASH_LOG_NAME).read_text(encoding="utf-8")
    assert "RuntimeError: a bug in a scene" in log
    GameEngine((100, 100), sound_enabled=False).shutdown()  # it was shut down all the same


def test_windowed_play_runs_the_real_clock_loop(
    levels: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", levels, "--level", "2", "--frames", "3"]) == 0
    # The result line, as headless play prints it: scripts that drive the window read it.
    assert capsys.readouterr().out == "solved=false moves=0 pushes=0 frames=3\n"


def test_windowed_play_keeps_the_players_records(
    levels: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.engine.engine import GameEngine
    from game.scenes.play import PlayScene
    from game.storage.store import ProgressStore

    assert main(["play", levels, "--level", "2", "--replay", "rRR", "--frames", "120"]) == 0
    store, message = ProgressStore.open()
    try:
        assert message is None
        assert store.totals().levels_solved == 1
    finally:
        store.close()
    # The next game in the window shows that record as the level's best from the start.
    bests: list[str] = []

    def first_frame(self: GameEngine, max_frames: int | None = None) -> None:
        self.run_frames(1)
        assert isinstance(self.top, PlayScene)
        bests.append(self.top.model.best)

    monkeypatch.setattr(GameEngine, "run", first_frame)
    assert main(["play", levels, "--level", "2"]) == 0
    assert bests == ["3/2"]


def test_headless_play_and_the_benchmark_leave_the_players_store_alone(
    levels: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("SOKOBAN_HOME", str(home))
    assert main(["play", levels, "--level", "2", "--replay", "rRR", "--headless"]) == 0
    assert main(["play", levels, "--level", "1", "--replay", "dl", "--headless"]) == 1
    assert main(["bench-render", "--frames", "10"]) == 0
    assert not home.exists()
