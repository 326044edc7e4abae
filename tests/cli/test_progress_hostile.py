"""Issue 17 classes 1 and 3 at the command line: an import that cannot be kept is exit 2 with the
reason, and every note about a damaged or newer store is one line."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from game.cli import main
from game.storage.paths import STORE_FILE_NAME
from game.storage.schema import SCHEMA_VERSION
from game.storage.store import ProgressStore

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
PROGRESS = {"format": "sokoban-arcade-progress", "version": 1, "settings": {"volume": 0.5}}


@pytest.fixture
def progress_file(tmp_path: Path) -> Path:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(PROGRESS), encoding="utf-8")
    return path


@pytest.fixture
def import_refused(
    progress_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[[Path], str]:
    """Import the progress file with ``home`` as the data folder, expect the one-line refusal,
    and give it back."""

    def refused(home: Path) -> str:
        monkeypatch.setenv("SOKOBAN_HOME", str(home))
        assert main(["progress", "import", str(progress_file)]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1
        assert "Nothing was imported" in captured.err
        return captured.err

    return refused


def test_a_data_folder_that_is_a_file(
    tmp_path: Path, import_refused: Callable[[Path], str]
) -> None:
    (tmp_path / "home").write_text("a file", encoding="utf-8")
    assert "cannot be created" in import_refused(tmp_path / "home")


def test_a_data_folder_below_a_file(tmp_path: Path, import_refused: Callable[[Path], str]) -> None:
    (tmp_path / "home").write_text("a file", encoding="utf-8")
    import_refused(tmp_path / "home" / "below")


def test_a_store_that_is_a_folder(tmp_path: Path, import_refused: Callable[[Path], str]) -> None:
    (tmp_path / "home" / STORE_FILE_NAME).mkdir(parents=True)
    assert "cannot be opened" in import_refused(tmp_path / "home")


@pytest.mark.skipif(AS_ROOT or os.name != "posix", reason="root reads and writes everything")
def test_an_unreadable_store(tmp_path: Path, import_refused: Callable[[Path], str]) -> None:
    home = tmp_path / "home"
    store, _ = ProgressStore.open(home / STORE_FILE_NAME)
    store.close()
    (home / STORE_FILE_NAME).chmod(0)
    try:
        import_refused(home)
    finally:
        (home / STORE_FILE_NAME).chmod(0o600)


@pytest.mark.skipif(AS_ROOT or os.name != "posix", reason="root reads and writes everything")
def test_an_unwritable_data_folder(
    tmp_path: Path,
    progress_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o500)
    try:
        monkeypatch.setenv("SOKOBAN_HOME", str(home))
        assert main(["progress", "import", str(progress_file)]) == 2
        assert capsys.readouterr().err.count("\n") == 1
    finally:
        home.chmod(0o700)


def test_a_newer_store_is_one_line_and_refuses_an_import(
    tmp_path: Path,
    progress_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("SOKOBAN_HOME", str(home))
    store, _ = ProgressStore.open()
    store.close()
    with sqlite3.connect(home / STORE_FILE_NAME) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    assert main(["progress", "show"]) == 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "newer version" in error
    assert main(["progress", "import", str(progress_file)]) == 2
    error = capsys.readouterr().err
    # One line: the refusal says why (it was a note and then the refusal).
    assert error.count("\n") == 1 and "Nothing was imported" in error and "newer version" in error


def test_a_truncated_store_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("SOKOBAN_HOME", str(home))
    store, _ = ProgressStore.open()
    for number in range(300):
        store.set_setting(f"key-{number}", "x" * 300)
    store.close()
    path = home / STORE_FILE_NAME
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert main(["progress", "show"]) == 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "unreadable" in error and "moved to" in error


def test_an_integrity_check_note_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("SOKOBAN_HOME", str(home))
    store, _ = ProgressStore.open()
    store.close()
    path = home / STORE_FILE_NAME
    data = bytearray(path.read_bytes())
    data[36:40] = (5).to_bytes(4, "big")  # the header's free-page count, now wrong
    path.write_bytes(bytes(data))
    # SQLite reports this as "*** in database main ***", a newline, and the problem.
    assert main(["progress", "show"]) == 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "integrity check: *** in database main *** Main" in error
