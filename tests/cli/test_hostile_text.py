"""Text from files shown on the terminal: control bytes in titles and names are shown, never
obeyed (issue 27, class 1), and kept as they are in the files the program rewrites."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.collection import read_collection
from game.core.errors import visible
from tests.cli.command import run

ACTING = "\x1b\x08\x7f\x9b\x85\u2028\u202e\x07\r"
LEVEL = "#####\n#@$.#\n#####\n"

# Titles mixing plain letters with the characters a terminal acts on.
titles = st.text(st.sampled_from(list(ACTING) + list("ab é日")), min_size=1, max_size=12).filter(
    lambda text: text.strip(" ") == text and text.strip()
)


def _acts(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in "\u202a\u202e"


def _raw_controls(text: str) -> list[str]:
    return [char for char in text if _acts(char) and char != "\n"]


@given(st.text())
def test_visible_leaves_nothing_that_acts_and_keeps_printable_text(text: str) -> None:
    shown = visible(text)
    assert not any(_acts(char) for char in shown)
    if text.isprintable():
        assert shown == text


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(title=titles)
def test_show_and_list_print_titles_harmless(
    title: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "set.xsb"
    path.write_text(f"Title: {title}\n{LEVEL}", encoding="utf-8", errors="surrogateescape")
    read_title = read_collection(path).levels[0].title
    for argv in (("show", str(path)), ("list", str(path))):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        assert not _raw_controls(out + err)
        assert visible(read_title) in out


def test_convert_keeps_the_control_bytes_it_shows_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.xsb"
    source.write_text(f"Title: red\x1b[31m\x9bX\n{LEVEL}", encoding="utf-8")
    out = tmp_path / "out.xsb"
    code, _, err = run(capsys, "convert", str(source), "--out", str(out))
    assert code == 0, err
    assert read_collection(out).levels[0].title == "red\x1b[31m\x9bX"
    _, shown, _ = run(capsys, "show", str(out))
    assert "red\\x1b[31m\\x9bX" in shown


@pytest.mark.parametrize("command", ["show", "list", "convert"])
def test_a_file_name_with_control_bytes_is_shown_escaped(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "alpha\x1b[1Ax\r\nZQX"
    path.write_text("; only a comment\n")
    out_file = ["--out", str(tmp_path / "o.xsb")] if command == "convert" else []
    argv = [command, str(path), *out_file]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert not _raw_controls(err.removesuffix("\n")) and "holds no level" in err
