"""The level subcommands: verify, show, convert, list, and their exit codes.

Bad input must give exit 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game.cli import main
from game.cli.common import (
    MAX_SECONDS,
    CliError,
    positive_seconds,
    replay_moves,
    whole_number,
)
from tests.cli.command import run
from tests.conftest import SMALL_LEVEL, SMALL_SOLUTION

COLLECTION = (
    f"; Tiny\n#####\n#@$.#\n#####\n\n; Micro One\n{SMALL_LEVEL}\n"
    "; Broken\n#####\n#@$ #\n#####\n"
)


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    path = tmp_path / "set.xsb"
    path.write_text(COLLECTION, encoding="utf-8")
    return path


def test_verify_accepts_a_solution(level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", str(level_file), "--level", "2", "--solution",
                       SMALL_SOLUTION)
    assert code == 0
    assert out.strip() == "solved moves=33 pushes=8"


def test_verify_by_title(level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "verify", str(level_file), "--level", "micro one",
                       "--solution", SMALL_SOLUTION)
    assert code == 0


def test_verify_rejects_wrong_solution(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "verify", str(level_file), "--level", "2", "--solution", "uuu")
    assert code == 1
    assert "move 3 'u'" in out
    code, out, _ = run(capsys, "verify", str(level_file), "--level", "1", "--solution", "l")
    assert code == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["verify", "missing.xsb", "--solution", "r"], "cannot read"),
        (["verify", "{file}", "--level", "9", "--solution", "r"], "does not exist"),
        (["verify", "{file}", "--level", "Nope", "--solution", "r"], "no level is titled"),
        (["verify", "{file}", "--solution", "rx"], "is not a move"),
        (["verify", "{file}"], "--solution"),
        (["show", "{file}", "--dialect", "klingon"], "invalid choice"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    argv: list[str], message: str, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, *[a.replace("{file}", str(level_file)) for a in argv])
    assert code == 2
    lines = [line for line in err.splitlines() if not line.startswith("note:")]
    assert len(lines) == 1
    assert message in lines[0]
    assert "Traceback" not in err


def test_show_prints_standard_xsb(level_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", str(level_file), "--level", "2")
    assert code == 0
    assert out == "; Micro One\n" + SMALL_LEVEL


def test_convert_dialect_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "seed.txt"
    source.write_text("Seed level\n######\n#@O.X#\n#..G.#\n######\n", encoding="utf-8")
    target = tmp_path / "out.xsb"
    code, _, _ = run(capsys, "convert", str(source), "--out", str(target))
    assert code == 0
    text = target.read_text(encoding="utf-8")
    assert "#@$ .#" in text and "; Seed level" in text


def test_list_shows_every_level_and_skipped_ones(
    level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "list", str(level_file))
    assert code == 0
    rows = out.splitlines()
    assert len(rows) == 4
    assert "5x3" in rows[1] and "Tiny" in rows[1]
    assert "Micro One" in rows[2]
    assert "cannot be played" in rows[3]  # in its place, with its number
    assert "Broken" in err


def test_help_for_each_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("verify", "show", "convert", "list"):
        with pytest.raises(SystemExit) as done:
            main([name, "--help"])
        assert done.value.code == 0
        assert "usage" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("#####\n# $.#\n#####", "no player"),
        ("#####\n#@$.#\n#@$.#\n#####", "2 players"),
        ("####\n#@.#\n####", "no boxes"),
        ("#####\n#@$ #\n#####", "1 box but 0 goals"),
        ("#####\n#@$. \n#####", "not closed"),
        ("#####\n#@$%#\n#####", "unknown character"),
        ("#####\n#@*##\n#####", "already solved"),
        ("#" * 101 + "\n#@$." + " " * 96 + "#\n" + "#" * 101, "at most 100x100"),
    ],
)
def test_every_invalid_level_exits_2(
    board: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.xsb"
    path.write_text(board + "\n", encoding="utf-8")
    code, _, err = run(capsys, "show", str(path))
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert message in err


def test_non_text_and_huge_files_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "bin.xsb"
    binary.write_bytes(b"\x00\x01\x02")
    assert run(capsys, "list", str(binary))[0] == 2
    huge = tmp_path / "huge.xsb"
    huge.write_bytes(b" " * (5 * 1024 * 1024 + 10))
    code, _, err = run(capsys, "list", str(huge))
    assert code == 2 and "5 MB" in err


def test_the_word_campaign_names_the_shipped_campaign(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "list", "campaign")
    rows = [line for line in out.splitlines()[1:] if not line.startswith("Chapter ")]
    assert code == 0 and len(rows) >= 60
    assert sum(line.startswith("Chapter ") for line in out.splitlines()) == 6
    title = rows[11].split(None, 4)[4]
    code, out, _ = run(capsys, "show", "campaign", "--level", "12")
    assert code == 0 and out.startswith(f"; {title}\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "{file}", "--level", "²"],
        ["show", "{file}", "--level", "٣"],
        ["show", "{file}", "--level", "9" * 5000],
        ["verify", "{file}", "--level", "2", "--solution", "9" * 5000 + "r"],
        ["verify", "{file}", "--level", "2", "--solution", "²r"],
        ["show", "{runs}"],
        ["show", "{folder}"],
        ["list", "{fifo}"],
        ["convert", "{fifo}", "--out", "{folder}/out.xsb"],
        ["show", "{folder}/two\nlines.xsb"],
        ["list", "/dev/zero"],
    ],
)
def test_hostile_arguments_get_one_line(
    argv: list[str], level_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs.xsb"
    runs.write_text("#####\n#@$." + "9" * 5000 + "#\n#####\n", encoding="utf-8")
    fifo = tmp_path / "fifo.xsb"
    if "{fifo}" in argv and not hasattr(os, "mkfifo"):
        pytest.skip("FIFOs are a POSIX feature")
    if "{fifo}" in argv:
        os.mkfifo(fifo)  # with no writer, opening it would wait forever
    if "/dev/zero" in argv and not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    names = {"{file}": level_file, "{runs}": runs, "{folder}": tmp_path, "{fifo}": fifo}
    for key, path in names.items():
        argv = [part.replace(key, str(path)) for part in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2
    lines = [line for line in err.splitlines() if not line.startswith("note:")]
    assert len(lines) == 1 and len(lines[0]) < 200, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "value", ["nan", "inf", "-inf", "1e308", "-1", "0", "ten", "9" * 5000, "１", "٣", "1_0"]
)
def test_time_limits_that_mean_no_limit_are_refused(
    value: str, level_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "solve", str(level_file), "--level", "2", "--time-limit", value)
    assert code == 2
    assert len(err.splitlines()) == 1 and "--time-limit" in err and len(err) < 200


def test_positive_seconds_takes_ordinary_limits() -> None:
    assert positive_seconds("2.5") == 2.5
    assert positive_seconds(str(MAX_SECONDS)) == MAX_SECONDS
    with pytest.raises(argparse.ArgumentTypeError, match="between 0 and 86400"):
        positive_seconds("1e308")


@given(st.text(max_size=30) | st.from_regex(r"\A[0-9 ]{1,8}\Z"))
@example("1\x85")  # a Unicode blank after the digits (str.strip took it)
def test_counts_and_seconds_are_ascii_numbers_in_bounds_or_one_line_refusals(text: str) -> None:
    for parse, low, high in ((whole_number(500), 1, 500), (positive_seconds, 0, MAX_SECONDS)):
        try:
            value = parse(text)
        except argparse.ArgumentTypeError as error:
            assert len(str(error).splitlines()) == 1 and len(str(error)) < 500
            continue
        assert text.isascii() and low <= value <= high


def test_replays_past_the_cap_are_refused_and_say_the_cap() -> None:
    assert replay_moves("3r") == "rrr"
    with pytest.raises(CliError, match=r"--replay: .*longer than 20,000 moves"):
        replay_moves("990000r")
    with pytest.raises(CliError, match=r"--solution: .*longer than"):
        replay_moves("9" * 5000 + "R", "--solution")
    with pytest.raises(CliError, match="'²'"):
        replay_moves("²r")


def test_list_shows_a_level_that_cannot_be_played_in_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gap.xsb"
    path.write_text(
        "; one\n#####\n#@$.#\n#####\n\n; two\n#####\n#@*.#\n#####\n\n"
        "; three\n######\n#@$ .#\n######\n"
    )
    _, listed, _ = run(capsys, "list", str(path))
    lines = listed.splitlines()
    assert lines[2].split()[:3] == ["2", "cannot", "be"] and lines[3].split()[0] == "3"
    _, shown, _ = run(capsys, "show", str(path), "--level", "3")
    assert "#@$ .#" in shown
    code, _, err = run(capsys, "show", str(path), "--level", "2")
    assert code != 0 and "level 2 cannot be played" in err
