"""``python -m game edit``: a level typed in by an input script and saved, headless.

SOKOBAN_HOME is a fresh empty folder for each test (the shared fixture).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.core.collection import read_collection

TYPED_SCRIPT = """\
text #######
key return
text #@ $ .#
key return
text #     #
key return
text #######
key ctrl+s
text typed
key return
"""


def script(tmp_path: Path, text: str) -> str:
    path = tmp_path / "script.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def saved_levels(home: Path) -> list[tuple[str, list[str]]]:
    return [
        (level.title, level.rows())
        for path in sorted(home.rglob("*.xsb"))
        for level in read_collection(path).levels
    ]


def test_the_typed_script_leaves_a_level_titled_typed(tmp_path: Path, temporary_home: Path) -> None:
    assert (
        main(["edit", "--new", "7x4", "--headless", "--input", script(tmp_path, TYPED_SCRIPT)]) == 0
    )
    assert saved_levels(temporary_home) == [("typed", ["#######", "#@ $ .#", "#     #", "#######"])]


def test_a_copy_of_a_campaign_level_is_saved_to_my_levels(
    tmp_path: Path, temporary_home: Path
) -> None:
    shot = tmp_path / "editor.png"
    lines = f"shot {shot}\nkey ctrl+s\nkey ctrl+a\nkey backspace\ntext copy\nkey return\n"
    assert (
        main(["edit", "campaign", "--level", "1", "--headless", "--input", script(tmp_path, lines)])
        == 0
    )
    assert shot.is_file()
    assert [title for title, _ in saved_levels(temporary_home)] == ["copy"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["edit"], "give a FILE"),
        (["edit", "--new", "2x40"], "3 to 64"),
        (["edit", "--new", "big"], "WIDTHxHEIGHT"),
    ],
)
def test_bad_arguments_are_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--headless"]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1
