"""The open-file dialog's model: names listed as the path is typed, Tab and clicks complete,
a folder is stepped into, a level file opens its collection, a bad one leaves its reason."""

from __future__ import annotations

from pathlib import Path

from game.app.dialogs.open_file import OpenFile, OpenKey, TakeCandidate, list_candidates
from game.app.dialogs.text_line import LineKey, Typed
from game.app.screens import LevelSelectScreen, MainMenuScreen
from game.core.level_ref import LevelFile
from tests.app.fake_shell import FakeShell

CORRIDOR = "#######\n#@ $ .#\n#######\n"


def level_files(folder: Path) -> None:
    (folder / "sets").mkdir()
    (folder / "sets" / "mine.xsb").write_text(f"{CORRIDOR}\n{CORRIDOR}")
    (folder / "sets" / "notes.md").write_text("not levels")
    (folder / "solo.sok").write_text(CORRIDOR)
    (folder / ".hidden.xsb").write_text(CORRIDOR)


def opened(folder: Path) -> tuple[FakeShell, OpenFile]:
    shell = FakeShell()
    return shell, OpenFile(shell, str(folder))


def test_the_folder_s_names_are_listed_folders_first_and_hidden_ones_left_out(
    tmp_path: Path,
) -> None:
    level_files(tmp_path)
    _, dialog = opened(tmp_path)
    view = dialog.view()
    assert view.field.text == f"{tmp_path}/" and view.candidates == ("sets/", "solo.sok")
    assert list_candidates(f"{tmp_path}/.") == [".hidden.xsb"]
    assert list_candidates(f"{tmp_path}/nothing-here/x") == []


def test_typing_lists_again_on_the_next_tick_and_tab_completes_the_chosen_name(
    tmp_path: Path,
) -> None:
    level_files(tmp_path)
    _, dialog = opened(tmp_path)
    dialog.handle(Typed("so"))
    assert dialog.view().candidates == ("sets/", "solo.sok")  # until the tick
    dialog.tick()
    assert dialog.view().candidates == ("solo.sok",)
    dialog.handle(OpenKey.COMPLETE)
    assert dialog.view().field.text == f"{tmp_path}/solo.sok"


def test_enter_in_a_folder_steps_into_the_chosen_name_then_opens_the_file(
    tmp_path: Path,
) -> None:
    level_files(tmp_path)
    shell, dialog = opened(tmp_path)
    dialog.handle(OpenKey.DOWN)
    dialog.handle(OpenKey.UP)
    assert dialog.view().chosen == 0
    dialog.handle(OpenKey.OPEN)
    view = dialog.view()
    assert view.field.text == f"{tmp_path}/sets/" and view.candidates == ("mine.xsb",)
    dialog.handle(TakeCandidate(0))
    assert shell.screens == [MainMenuScreen(), LevelSelectScreen()]
    session = shell.context.session
    assert session.source == LevelFile(str(tmp_path / "sets" / "mine.xsb"))
    assert session.level_count == 2


def test_a_whole_path_typed_onto_the_folder_given_is_the_one_opened(tmp_path: Path) -> None:
    level_files(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    shell, dialog = opened(tmp_path / "elsewhere")
    dialog.handle(Typed(f"{tmp_path}/se"))  # onto ".../elsewhere/": "//" starts again
    dialog.tick()
    assert dialog.view().candidates == ("sets/",)
    dialog.handle(OpenKey.COMPLETE)
    assert dialog.view().field.text == f"{tmp_path}/sets/"
    dialog.handle(Typed("mine.xsb"))
    dialog.handle(OpenKey.OPEN)
    assert shell.screens == [MainMenuScreen(), LevelSelectScreen()]
    assert shell.context.session.source == LevelFile(str(tmp_path / "sets" / "mine.xsb"))


def test_a_file_that_cannot_be_opened_says_why_until_the_path_is_edited(
    tmp_path: Path,
) -> None:
    shell, dialog = opened(tmp_path)
    dialog.line.text = str(tmp_path / "missing.xsb")
    dialog.handle(OpenKey.OPEN)
    assert "cannot read" in dialog.view().error
    assert not shell.closed and shell.screens == []
    dialog.handle(LineKey.BACKSPACE)
    assert dialog.view().error == ""
    dialog.handle(OpenKey.BACK)
    assert shell.closed
