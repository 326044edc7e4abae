"""``convert FILE --out FILE``: nothing lost, nothing overwritten unasked, one line per refusal.

Each refusal leaves the folder as it was: no stray temporary file and no file named after
the bad argument.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core.collection import read_collection
from tests.cli.command import run

SOURCE = ";#####\n; by me\n; First\n#####\n#@$.#\n#####\n\n; Second\n######\n#@$ .#\n######\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.xsb").write_text(SOURCE, encoding="utf-8")
    return tmp_path


def test_convert_keeps_every_level_and_comment(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "convert", "in.xsb", "--out", "out.xsb")
    assert code == 0 and "wrote 2 levels" in out
    written = read_collection(folder / "out.xsb")
    assert read_collection(folder / "in.xsb").levels == written.levels
    assert [level.comment for level in written.levels] == ["#####\nby me", ""]


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("", "needs a file name"),
        (".", "names a folder"),
        ("..", "names a folder"),
        ("/", "names a folder"),
        ("missing/", "names a folder"),
        ("sub", "names a folder"),
        ("missing/out.xsb", "does not exist"),
        ("in.xsb", "a file being read"),
        ("./sub/../in.xsb", "a file being read"),
        ("link.xsb", "a file being read"),
        ("old.xsb", "add --force"),
    ],
)
def test_bad_targets_are_refused_in_one_line_and_leave_nothing(
    out: str, message: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "sub").mkdir()
    (folder / "old.xsb").write_text("old", encoding="utf-8")
    try:
        (folder / "link.xsb").symlink_to(folder / "in.xsb")
    except OSError:
        pytest.skip("no symbolic links here")
    before = sorted(os.listdir(folder))
    # --force replaces an existing file and nothing else: every other refusal still holds.
    force = [] if out == "old.xsb" else ["--force"]
    code, _, err = run(capsys, "convert", "in.xsb", "--out", out, *force)
    assert code == 2
    assert len(err.splitlines()) == 1 and message in err
    assert sorted(os.listdir(folder)) == before
    assert (folder / "in.xsb").read_text(encoding="utf-8") == SOURCE
    assert (folder / "old.xsb").read_text(encoding="utf-8") == "old"


def test_force_replaces_an_existing_file(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "old.xsb").write_text("old", encoding="utf-8")
    code, _, _ = run(capsys, "convert", "in.xsb", "--out", "old.xsb", "--force")
    assert code == 0
    assert len(read_collection(folder / "old.xsb").levels) == 2
    assert sorted(os.listdir(folder)) == ["in.xsb", "old.xsb"]


def test_a_file_with_unreadable_levels_is_not_converted(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "in.xsb").write_text(SOURCE + "\n; Broken\n#####\n#@$ #\n#####\n", encoding="utf-8")
    code, _, err = run(capsys, "convert", "in.xsb", "--out", "out.xsb")
    assert code == 2 and len(err.splitlines()) == 1
    assert "could not be read" in err and "Broken" in err
    assert not (folder / "out.xsb").exists()


def test_the_campaign_converts(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "convert", "campaign", "--out", "campaign.xsb")
    assert code == 0
    _, listed, _ = run(capsys, "list", "campaign")
    rows = [line for line in listed.splitlines()[1:] if not line.startswith("Chapter ")]
    assert len(read_collection(folder / "campaign.xsb").levels) == len(rows)
