"""File arguments at the command line (issue 27, classes 4, 5, 7, 8 and 11): every file is
checked before the work, an empty name is refused, a pipe or a device is never read whole,
a refusal is one line however the name is made, and convert without --force replaces nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli.common import CliError
from game.cli.paths import output_file
from tests.cli.command import run

LEVELS = "; One\n#####\n#@$.#\n#####\n\n; Two\n######\n#@$ .#\n######\n"
ONE_LINE = settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "levels.xsb").write_text(LEVELS, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    os.mkfifo(tmp_path / "fifo")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _commands(name: str) -> list[list[str]]:
    """Every command that takes a file name, given ``name`` for it."""
    return [
        ["bench", "levels.xsb", "--levels", "1", "--time-limit", "1", "--csv", name],
        ["bench", "levels.xsb", "--levels", "1", "--time-limit", "1", "--compare", name],
        ["convert", "levels.xsb", "--out", name],
        ["play", "levels.xsb", "--headless", "--replay", "R", "--screenshot", name],
        ["play", "levels.xsb", "--headless", "--input", name],
        ["progress", "export", name],
        ["progress", "import", name],
        ["generate", "--count", "1", "--out", name],
    ]


@pytest.mark.parametrize("empty", ["", " ", "\t"])
def test_an_empty_name_is_refused_by_every_command(
    empty: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in _commands(empty):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "", argv
        assert err.count("\n") == 1 and "needs a file name" in err, (argv, err)


@pytest.mark.parametrize("source", ["/dev/zero", "fifo", "sub"])
def test_devices_pipes_and_folders_are_never_read(
    source: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = _commands(source)
    for argv in (commands[1], commands[4], commands[6]):  # --compare, --input, import
        code, _, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1, (argv, err)


@pytest.mark.parametrize("target", ["/dev/full", "/dev/null", "/proc/self/x.csv", "fifo", "sub",
                                    "levels.xsb/x", "missing/x", "n" * 300])
def test_bad_outputs_are_refused_before_the_work(
    target: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (_commands(target)[0], _commands(target)[2], _commands(target)[3]):
        code, out, err = run(capsys, *argv)
        # bench prints its table header only once the work starts.
        assert code == 2 and out == "" and err.count("\n") == 1, (argv, err)


@ONE_LINE
@given(name=st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=40)
       | st.sampled_from(["a\nb", "x\x85y", "\u2028", "\x1b[2J", "\udcff.csv", "d/" * 2000]))
def test_any_name_is_written_or_refused_in_one_visible_line(
    name: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sorted(path.name for path in folder.iterdir())
    try:
        output_file(name, "--csv", [folder / "levels.xsb"], replace=False)
    except CliError as error:
        message = str(error)
        assert len(message.splitlines()) == 1 and message.isprintable(), message
    # The check itself writes nothing.
    assert sorted(path.name for path in folder.iterdir()) == before


@pytest.mark.parametrize("form", ["old.xsb", "./old.xsb", ".//old.xsb", "sub/../old.xsb",
                                  "{abs}/old.xsb", "link.xsb", "dangling.xsb", "hard.xsb"])
def test_convert_without_force_replaces_nothing_in_any_path_form(
    form: str, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "old.xsb").write_text("; keep me\n#####\n#@$.#\n#####\n")
    os.symlink("old.xsb", folder / "link.xsb")
    os.symlink("gone.xsb", folder / "dangling.xsb")
    os.link(folder / "levels.xsb", folder / "hard.xsb")
    code, _, err = run(capsys, "convert", "levels.xsb", "--out", form.format(abs=folder))
    assert code == 2 and err.count("\n") == 1
    assert (folder / "old.xsb").read_text().startswith("; keep me")
    assert os.readlink(folder / "dangling.xsb") == "gone.xsb"
    assert not (folder / "gone.xsb").exists()
    assert (folder / "levels.xsb").read_text() == LEVELS


def test_a_compare_file_of_a_megabyte_line_is_refused_in_one_line(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (folder / "old.csv").write_text("index\n" + "9" * 5000 + "\n")
    code, _, err = run(capsys, *_commands("old.csv")[1])
    assert code == 2 and err.count("\n") == 1 and "not a bench row" in err
