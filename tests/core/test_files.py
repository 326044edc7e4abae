"""The capped reader and the one atomic write (game.core.files): permissions kept, planted links
never followed, a failure leaving the target as it was and no temporary file behind.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core import LevelError
from game.core.files import read_regular_file, replace_file


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_the_capped_reader_serves_other_kinds_of_file(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b"{}" * 10)
    assert read_regular_file(path, 20, "progress file") == b"{}" * 10
    with pytest.raises(LevelError, match="larger than 19 bytes, the most for a progress file"):
        read_regular_file(path, 19, "progress file")
    with pytest.raises(LevelError, match="is a folder, not a progress file"):
        read_regular_file(tmp_path, 19, "progress file")


def test_replacing_writes_the_content_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "out.xsb"
    replace_file(target, "first\n")
    replace_file(target, b"second\n")
    assert target.read_bytes() == b"second\n"
    assert names(tmp_path) == ["out.xsb"]


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="POSIX permissions")
def test_the_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "shared.xsb"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    replace_file(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_text(encoding="utf-8") == "new"


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="POSIX permissions")
def test_a_new_file_gets_what_the_umask_allows_not_a_private_file(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        replace_file(tmp_path / "new.xsb", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.xsb").stat().st_mode) == 0o644


def test_a_link_planted_at_the_temporary_name_is_never_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    planted = tmp_path / ".out.xsb.planted.tmp"
    try:
        planted.symlink_to(victim)
    except OSError:
        pytest.skip("no symbolic links here")

    def candidates() -> Iterator[str]:
        yield "planted"  # the name an attacker guessed: taken, so another is tried
        yield "fresh"

    monkeypatch.setattr(tempfile, "_get_candidate_names", candidates)
    replace_file(tmp_path / "out.xsb", "levels")
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert (tmp_path / "out.xsb").read_text(encoding="utf-8") == "levels"
    assert names(tmp_path) == [".out.xsb.planted.tmp", "out.xsb", "victim.txt"]


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_a_failure_leaves_the_target_intact_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "out.xsb"
    target.write_text("old", encoding="utf-8")

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    with pytest.raises(OSError, match="No space left"):
        replace_file(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert names(tmp_path) == ["out.xsb"]


def test_text_from_undecodable_file_names_is_written_as_its_bytes(tmp_path: Path) -> None:
    title = b"caf\xe9".decode("utf-8", "surrogateescape")
    replace_file(tmp_path / "out.xsb", f"Title: {title}\n")
    assert (tmp_path / "out.xsb").read_bytes() == b"Title: caf\xe9\n"


def test_a_long_target_name_still_gets_a_temporary_name_that_fits(tmp_path: Path) -> None:
    target = tmp_path / ("n" * 250 + ".xsb")
    replace_file(target, "x")
    assert names(tmp_path) == [target.name]


def test_a_missing_folder_is_an_os_error_and_writes_nothing(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        replace_file(tmp_path / "none" / "out.xsb", "x")
    assert names(tmp_path) == []
