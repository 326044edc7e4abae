"""The player's own collections: names checked, levels saved and replaced, writes atomic.

A folder that cannot be written and a full disk (simulated) give one line and change nothing.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game.core.collection import read_collection
from game.core.xsb import parse_level
from game.storage import user_levels
from game.storage.user_levels import DEFAULT_COLLECTION

ROOM = "#######\n#@ $ .#\n#######"


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("", "type a name"),
        ("a" * 61, "at most 60"),
        ("../../etc/passwd", "cannot hold /"),
        ("..", "cannot hold .."),
        ("up\\there", "cannot hold /"),
        ("bell\x07", "control characters"),
        ("two\nlines", "control characters"),
    ],
)
def test_bad_names_are_refused_in_one_line(name: str, problem: str) -> None:
    found = user_levels.name_problem(name)
    assert found is not None and problem in found.text and "\n" not in found.text


def test_good_names_pass() -> None:
    assert user_levels.name_problem("My first level: the corridor!") is None
    assert user_levels.name_problem("a" * 60) is None


def test_a_level_title_is_no_file_name() -> None:
    # Titles are lines of a collection's file: separators and dots are text there.
    assert user_levels.title_problem("Wait... 1/2 \\o/") is None
    for title, problem in (("", "type a title"), ("a" * 61, "at most 60"), ("a\tb", "control")):
        found = user_levels.title_problem(title)
        assert found is not None and problem in found.text


def test_save_adds_then_replaces_by_title(home: Path) -> None:
    assert user_levels.save_level(DEFAULT_COLLECTION, parse_level(ROOM, title="one")) is None
    assert user_levels.save_level(DEFAULT_COLLECTION, parse_level(ROOM, title="two")) is None
    assert user_levels.has_level(DEFAULT_COLLECTION, "ONE")
    moved = "#######\n#@  $.#\n#######"
    assert user_levels.save_level(DEFAULT_COLLECTION, parse_level(moved, title="one")) is None
    saved = read_collection(home / "levels" / "My levels.xsb")
    assert [lv.title for lv in saved.levels] == ["one", "two"]
    assert saved.levels[0].rows() == moved.splitlines()
    assert user_levels.collection_names() == [DEFAULT_COLLECTION]
    # The collection and the lock its saves take; no temporary file is left.
    assert sorted(p.name for p in (home / "levels").iterdir()) == [
        ".My levels.xsb.lock",
        "My levels.xsb",
    ]


def test_a_path_traversal_name_writes_nothing(home: Path) -> None:
    problem = user_levels.save_level("../outside", parse_level(ROOM, title="x"))
    assert problem is not None and "cannot hold" in problem.text
    assert not home.exists() or not any(home.rglob("*.xsb"))
    # A level's title is no path: "a/b" is kept inside the default collection.
    assert user_levels.save_level(DEFAULT_COLLECTION, parse_level(ROOM, title="a/b")) is None
    assert [path.name for path in home.rglob("*.xsb")] == ["My levels.xsb"]


def test_an_unwritable_folder_is_one_line(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "levels").write_text("a file where the folder should be")
    problem = user_levels.save_level(DEFAULT_COLLECTION, parse_level(ROOM, title="x"))
    assert problem is not None and problem.text.startswith("cannot save to")
    assert "\n" not in problem.text


def test_a_full_disk_keeps_the_old_collection(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert user_levels.save_level(DEFAULT_COLLECTION, parse_level(ROOM, title="old")) is None
    path = home / "levels" / "My levels.xsb"
    before = path.read_text()

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    problem = user_levels.save_level(DEFAULT_COLLECTION, parse_level(ROOM, title="new"))
    assert problem is not None and "No space left" in problem.text
    assert path.read_text() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [".My levels.xsb.lock", "My levels.xsb"]


def test_a_collection_with_unreadable_levels_is_not_overwritten(home: Path) -> None:
    path = home / "levels" / "My levels.xsb"
    path.parent.mkdir(parents=True)
    path.write_text("; good\n" + ROOM + "\n\n; bad\n#####\n#@ $#\n#####\n")
    problem = user_levels.save_level(DEFAULT_COLLECTION, parse_level(ROOM, title="x"))
    assert problem is not None and "cannot be read" in problem.text
