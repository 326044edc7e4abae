"""Unattended runs that cannot keep what they did say so (issue 27, classes 3, 6 and 9): on
stderr, in one line, with a non-zero exit; never a traceback, never an empty store reported."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from pathlib import Path
from typing import IO

import pytest

from game.app.session import campaign_levels
from game.cli import bench, main
from game.storage.paths import STORE_FILE_NAME
from game.storage.schema import SCHEMA_VERSION
from game.storage.store import ProgressStore
from game.storage.transfer import export_progress, import_progress
from tests.cli.command import run

SAVE_SCRIPT = "text #####\nkey return\ntext #@$.#\nkey return\ntext #####\nkey ctrl+s\n" \
              "text mine\nkey return\n"
LEVEL = "#####\n#@$.#\n#####\n"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("SOKOBAN_HOME", str(folder))
    return folder


def _script(tmp_path: Path, text: str) -> str:
    path = tmp_path / "s.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_headless_editor_whose_save_fails_says_so_and_exits_1(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home.mkdir()
    (home / "levels").write_text("a file where the player's levels folder belongs")
    code, _, err = run(capsys, "edit", "--new", "5x3", "--headless", "--input",
                       _script(tmp_path, SAVE_SCRIPT))
    assert code == 1
    assert "Not saved" in err and "Traceback" not in err


@pytest.mark.parametrize("damage", ["store is a folder", "home is a file", "store is newer"])
def test_a_headless_game_without_a_usable_store_says_so_and_exits_1(
    damage: str, home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if damage == "store is a folder":
        (home / STORE_FILE_NAME).mkdir(parents=True)
    elif damage == "home is a file":
        home.write_text("not a folder")
    else:
        ProgressStore.open()[0].close()
        with sqlite3.connect(home / STORE_FILE_NAME) as connection:
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    code, _, err = run(capsys, "--headless", "--input", _script(tmp_path, "key return\nwait 5\n"))
    assert code == 1
    assert ("will not be saved" in err or "not changed" in err) and "Traceback" not in err


def test_progress_under_another_programs_lock_fails_in_one_line(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = ProgressStore.open()
    store.set_setting("volume", 0.5)
    store.close()
    holder = sqlite3.connect(home / STORE_FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        for argv in (["progress", "show"], ["progress", "export", str(tmp_path / "p.json")]):
            code, out, err = run(capsys, *argv)
            assert code == 2 and out == "" and err.count("\n") == 1, (argv, err)
            assert "0 of 0" not in err
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert not (tmp_path / "p.json").exists()


def test_a_crafted_import_over_a_store_edited_by_hand_is_merged(home: Path, tmp_path: Path) -> None:
    store, _ = ProgressStore.open()
    # SQLite keeps any type: a campaign row edited by hand to hold text.
    store.write(lambda c: c.execute(
        "INSERT OR REPLACE INTO campaign (id, position, total_score) VALUES (1, 'x', '12')"))
    export = tmp_path / "p.json"
    export_progress(store, export)
    data = json.loads(export.read_text())
    data["campaign"] = {"position": 3, "total_score": 40}
    export.write_text(json.dumps(data))
    import_progress(store, export, campaign_levels())
    assert store.campaign().position == 3
    store.close()


def test_a_full_disk_while_bench_writes_its_csv_stops_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    levels = tmp_path / "levels.xsb"
    levels.write_text(LEVEL + "\n" + LEVEL)
    opened = bench.open_csv

    class Full:
        def __init__(self, out: IO[str]) -> None:
            self.out = out

        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self) -> None:
            self.out.flush()

        def close(self) -> None:
            # A real file flushes what the failed write left in its buffer, and fails again.
            self.out.close()
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(bench, "open_csv", lambda path: Full(opened(path)))
    code, _, err = run(capsys, "bench", str(levels), "--time-limit", "5", "--csv",
                       str(tmp_path / "rows.csv"))
    assert code == 2 and err.count("\n") == 1
    assert "No space left on device" in err and "stopped at level 1" in err


@pytest.mark.parametrize("size", [(100, 3), (65, 10), (5, 100)])
def test_edit_of_a_level_larger_than_the_editor_is_one_line(
    size: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    width, height = size
    rows = ["#" * width, "#@$." + " " * (width - 5) + "#"]
    rows += ["#" + " " * (width - 2) + "#"] * (height - 3) + ["#" * width]
    path = tmp_path / "big.xsb"
    path.write_text("\n".join(rows) + "\n")
    code, _, err = run(capsys, "edit", str(path), "--headless")
    assert code == 2 and err.count("\n") == 1
    assert f"{width}x{height}" in err and "64x64" in err
    assert main(["show", str(path)]) == 0


def test_a_level_file_whose_name_is_not_utf8_is_played_and_recorded(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = Path(os.fsdecode(bytes(tmp_path) + b"/caf\xe9.xsb"))
    path.write_text(LEVEL)
    code, out, err = run(capsys, "play", str(path), "--replay", "R", "--frames", "60")
    assert code == 0 and out.startswith("solved=true"), err
    code, out, _ = run(capsys, "progress", "show")
    assert code == 0 and "caf\ufffd" in out and "solved 1 of 1" in out
