"""The ``progress`` subcommand: where, show, export and import, with a temporary SOKOBAN_HOME."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.xsb import parse_level
from game.storage.records import CAMPAIGN_ID
from game.storage.store import ProgressStore
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("SOKOBAN_HOME", str(folder))
    return folder


def test_where_show_export_import(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["progress", "where"]) == 0
    assert capsys.readouterr().out.strip() == str(home / "progress.sqlite3")

    store, _ = ProgressStore.open()
    level = parse_level(SMALL_LEVEL)
    store.remember_collection(CAMPAIGN_ID, "Campaign", "campaign", [level])
    store.record_solution(CAMPAIGN_ID, level, SMALL_SOLUTION, 33, 8, 967)
    store.close()
    assert main(["progress", "show"]) == 0
    shown = capsys.readouterr().out
    assert "levels solved 1 of 1 played" in shown and "1 / 1    Campaign" in shown

    exported = tmp_path / "out.json"
    assert main(["progress", "export", str(exported)]) == 0
    assert json.loads(exported.read_text(encoding="utf-8"))["levels"][0]["solved"] is True
    assert main(["progress", "import", str(exported)]) == 0
    assert "0 new level records" in capsys.readouterr().out


def test_a_bad_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["progress", "import", str(bad)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "bad.json is not a valid progress file" in error
