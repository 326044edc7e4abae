"""The line being typed: a selected suggestion replaced by typing, the caret, words, paste,
limits and the caret's blink, as commands in and a view out."""

from __future__ import annotations

from game.app.dialogs.text_line import (
    BLINK_TICKS,
    CaretTo,
    LineKey,
    MoveCaret,
    TextLine,
    TextLineView,
    Typed,
)
from tests.app.fake_shell import MemoryClipboard


def test_typing_replaces_a_selected_suggestion() -> None:
    line = TextLine("Campaign, level 3", 60, selected=True)
    assert line.view().selection == (0, 17)
    line.handle(Typed("Évening save"))
    assert line.view() == TextLineView("Évening save", 12, (12, 12), "12/60")


def test_typing_after_an_unselected_text_appends_and_drops_control_characters() -> None:
    line = TextLine("ab")
    line.handle(Typed("c\x07d"))
    assert line.text == "abcd"


def test_the_caret_moves_and_typing_goes_where_it_is() -> None:
    line = TextLine("held")
    for command in (
        MoveCaret(CaretTo.START),
        Typed("x"),
        MoveCaret(CaretTo.RIGHT),
        MoveCaret(CaretTo.END),
        MoveCaret(CaretTo.LEFT),
        Typed("-"),
    ):
        line.handle(command)
    assert line.text == "xhel-d"
    line.handle(MoveCaret(CaretTo.START))
    line.handle(LineKey.DELETE)
    assert line.text == "hel-d" and line.caret == 0


def test_shift_arrows_select_and_select_all_selects_all() -> None:
    line = TextLine("abcdef")
    line.handle(MoveCaret(CaretTo.LEFT, extend=True))
    line.handle(MoveCaret(CaretTo.LEFT, extend=True))
    assert line.selection() == (4, 6)
    line.handle(LineKey.BACKSPACE)
    assert line.text == "abcd"
    line.handle(LineKey.SELECT_ALL)
    line.handle(Typed("z"))
    assert line.text == "z"


def test_an_arrow_without_shift_goes_to_that_end_of_the_selection() -> None:
    line = TextLine("abcdef", selected=True)
    line.handle(MoveCaret(CaretTo.LEFT))
    assert (line.caret, line.selection()) == (0, (0, 0))


def test_back_word_deletes_one_word() -> None:
    line = TextLine("my first save")
    line.handle(LineKey.BACK_WORD)
    assert line.text == "my first "
    line.handle(LineKey.BACK_WORD)
    assert line.text == "my "


def test_paste_and_typing_stop_at_the_limit() -> None:
    clipboard = MemoryClipboard()
    clipboard.put("a long\nname from the clipboard")
    line = TextLine("", 10, clipboard=clipboard)
    line.handle(LineKey.PASTE)
    assert line.text == "a long nam"
    line.handle(Typed("more"))
    assert line.text == "a long nam"


def test_a_long_limit_is_not_shown() -> None:
    assert TextLine("/home", 1000).view().limit == ""


def test_the_caret_blinks_on_ticks_and_shows_at_once_after_an_edit() -> None:
    line = TextLine("x")
    seen = []
    for _ in range(BLINK_TICKS * 2):
        seen.append(line.caret_on)
        line.tick()
    assert seen == [True] * BLINK_TICKS + [False] * BLINK_TICKS
    assert line.caret_on  # a whole blink later
    for _ in range(BLINK_TICKS):
        line.tick()
    assert not line.caret_on
    line.handle(MoveCaret(CaretTo.START))
    assert line.caret_on
