"""Issue 36 items 5 and 6 at the command line: a data folder that cannot be, signals, long
histories, names other systems refuse, exports that import back, headless refusals, and
screenshot names that are not UTF-8."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game
from game.cli import main
from game.core.notation import replay
from game.core.play import PlayState
from game.core.xsb import parse_level
from game.storage import user_levels
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore
from tests.processes import alive

REPO = Path(game.__file__).resolve().parent.parent
ROOM = "#######\n#@ $ .#\n#  $ .#\n#######"


@pytest.mark.parametrize(
    "home",
    [
        "~nosuchuser",
        "~nosuchuser/x",
        "/tmp/" + "a" * 300 + "/h",
        # Every name fits, the whole does not: the editor's save met it as a traceback.
        "/tmp/" + "/".join(["d" * 200] * 25),
        "/tmp/" + "/".join(["d" * 200] * 20),  # the store would open, a level file not
    ],
)
def test_a_data_folder_that_cannot_be_is_one_line_before_anything(
    home: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SOKOBAN_HOME", home)
    for argv in (["progress", "show"], ["edit", "--new", "5x5", "--headless"]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and "SOKOBAN_HOME" in captured.err
        assert len(captured.err) < 300


def _run_signalled(tmp_path: Path, sig: int) -> tuple[int, bytes, list[int]]:
    """A headless game with a long script, sent ``sig`` once it runs: its exit code, stderr,
    and the processes of its group still running a moment after it ended."""
    script = tmp_path / "s.txt"
    script.write_text("wait 1\nkey return\n" + "wait 100\n" * 5000)
    env = {**os.environ, "SOKOBAN_HOME": str(tmp_path / "home"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "--headless", "--input", str(script)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
        start_new_session=True,
    )
    try:
        time.sleep(2.5)
        assert process.poll() is None, "the script ended before the signal"
        process.send_signal(sig)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    found = subprocess.run(
        ["pgrep", "-g", str(process.pid)], capture_output=True, text=True, check=False
    ).stdout.split()
    return process.returncode, err, [int(pid) for pid in found]


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="process groups are read from /proc")
@pytest.mark.parametrize(("sig", "code", "said"), [(signal.SIGTERM, 143, b"terminated"),
                                                   (signal.SIGINT, 130, b"interrupted")])
def test_a_signal_ends_a_headless_game_with_its_exit_code(
    tmp_path: Path, sig: int, code: int, said: bytes
) -> None:
    # SDL turned SIGTERM into a quit event that a headless run never read: it played on.
    returncode, err, left = _run_signalled(tmp_path, sig)
    assert returncode == code
    assert not [pid for pid in left if alive(pid)]  # every process of the game ended
    assert err.strip().splitlines()[-1] == said and b"Traceback" not in err
    store, message = ProgressStore.open(tmp_path / "home" / "progress.sqlite3")
    store.close()
    assert message is None  # readable, not set aside


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="lurdLURD", max_size=60))
def test_the_fast_replay_does_what_step_by_step_play_does(lurd: str) -> None:
    level = parse_level(ROOM)
    fast = replay(level, lurd, strict_case=False)
    slow = PlayState(level)
    stopped = None
    for number, letter in enumerate(lurd, start=1):
        from game.core.direction import Direction

        if not slow.step(Direction.from_letter(letter)).moved:
            stopped = number
            break
    assert fast.failed_at == stopped
    assert (fast.moves, fast.pushes) == (slow.move_count, slow.push_count)


def test_a_million_moves_replay_to_the_same_position() -> None:
    level = parse_level(ROOM)
    state = PlayState(level)
    assert state.follow("rl" * 500_000) is None
    assert state.move_count == 1_000_000 and state.player == level.player
    assert state.undo() is not None and state.move_count == 999_999


@pytest.mark.parametrize(
    ("name", "problem"),
    [("CON", "Windows"), ("nul.txt", "Windows"), ("Lpt1", "Windows"), ("levels.", "dot"),
     ("end. ", "dot"), ("what?", "?"), ("a:b", ":")],
)
def test_collection_names_other_systems_refuse_are_refused_before_saving(
    name: str, problem: str, temporary_home: Path
) -> None:
    found = user_levels.save_level(name, parse_level(ROOM, title="one"))
    assert found is not None and problem in found.text and "\n" not in found.text
    assert not (temporary_home / "levels").exists() or not list(
        (temporary_home / "levels").glob("*.xsb")
    )


def test_cafe_typed_two_ways_is_one_collection(temporary_home: Path) -> None:
    composed, decomposed = "café", unicodedata.normalize("NFD", "café")
    assert composed != decomposed
    assert user_levels.save_level(decomposed, parse_level(ROOM, title="one")) is None
    assert user_levels.save_level(composed, parse_level(ROOM, title="two")) is None
    assert user_levels.save_level("CAFÉ", parse_level(ROOM, title="three")) is None
    files = list((temporary_home / "levels").glob("*.xsb"))
    assert len(files) == 1
    assert len(user_levels.load(files[0].stem).levels) == 3


def test_save_names_are_kept_composed(temporary_home: Path) -> None:
    store, _ = ProgressStore.open()
    saves = SaveSlots(store)
    from tests.scenes.test_damaged_saves import _game

    assert saves.save(unicodedata.normalize("NFD", "café"), _game()) is None
    assert saves.save("café", _game()) is None
    assert [slot.name for slot in saves.list()] == ["café"]
    store.close()


def test_an_export_holding_odd_save_names_imports_into_the_same_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = ProgressStore.open()
    from game.storage.codec import encode
    from tests.scenes.test_damaged_saves import _game

    text = json.dumps(encode(_game()))
    def plant(connection: sqlite3.Connection) -> None:
        # Names this game would not take from the keyboard, as an older store may hold them.
        for name in ("bell\x07", "x" * 10_000):
            connection.execute(
                "INSERT INTO slots (name, saved_at, game) VALUES (?, 1.0, ?)", (name, text)
            )

    store.write(plant)
    store.close()
    export = tmp_path / "out.json"
    assert main(["progress", "export", str(export)]) == 0
    capsys.readouterr()
    assert main(["progress", "import", str(export)]) == 0
    captured = capsys.readouterr()
    assert all(len(line) < 300 for line in (captured.out + captured.err).splitlines())
    assert main(["progress", "show"]) == 0
    shown = capsys.readouterr().out
    assert "bell\\x07" in shown and max(len(line) for line in shown.splitlines()) < 300


def test_a_refused_save_fails_a_headless_editor_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "s.txt"
    script.write_text("key ctrl+s\n")
    assert main(["edit", "--new", "5x5", "--headless", "--input", str(script)]) == 1
    err = capsys.readouterr().err
    assert "Cannot save: no player" in err


def test_a_screenshot_is_written_at_a_name_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "l.xsb").write_text("#####\n#@$.#\n#####\n")
    name = os.fsdecode(b"caf\xe9.png")
    assert main(["play", "l.xsb", "--headless", "--screenshot", name]) == 1  # not solved
    assert os.listdir(os.fsencode(tmp_path)).count(b"caf\xe9.png") == 1
    assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_bad_save_under_a_10000_character_name_is_refused_in_a_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "p.json"
    slots: dict[str, object] = {"x" * 10_000 + "\x1b[31m": {}}
    bad.write_text(json.dumps({"format": "sokoban-arcade-progress", "version": 1, "slots": slots}))
    assert main(["progress", "import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400 and "\x1b" not in err


@pytest.mark.parametrize("action", ["export", "import"])
def test_a_path_of_5000_characters_is_shown_shortened_in_its_one_line(
    tmp_path: Path, action: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every name fits, the whole does not: the refusal printed all 5,000 characters.
    target = str(tmp_path) + "/" + "/".join(["e" * 200] * 25) + "/x.json"
    assert main(["progress", action, target]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400 and "x.json" in err
