"""The message dialog's model: scrolled within the room the screen gives it, a line, a page,
a wheel's notch or to either end at a time, and closed by its key."""

from __future__ import annotations

from game.app.dialogs.message import WHEEL_LINES, MessageDialog, MessageKey, MessageView
from game.app.dialogs.scroll import ScrollRoom, Wheel
from tests.app.fake_shell import FakeShell


def dialog(room: ScrollRoom) -> tuple[FakeShell, MessageDialog]:
    shell = FakeShell()
    model = MessageDialog(shell, "Keys", "many lines")
    model.room = room
    return shell, model


def test_a_text_that_fits_does_not_scroll() -> None:
    _, model = dialog(ScrollRoom(total=5, shown=5))
    for key in MessageKey:
        if key is not MessageKey.CLOSE:
            model.handle(key)
    model.handle(Wheel(-2))
    assert model.view() == MessageView("Keys", "many lines", 0)


def test_a_long_text_scrolls_by_lines_pages_notches_and_to_its_ends() -> None:
    _, model = dialog(ScrollRoom(total=40, shown=10))
    model.handle(MessageKey.LINE_DOWN)
    model.handle(MessageKey.LINE_DOWN)
    assert model.view().first_line == 2
    model.handle(MessageKey.PAGE_DOWN)
    assert model.view().first_line == 11  # a page keeps one line of the one before
    model.handle(MessageKey.LINE_UP)
    model.handle(MessageKey.PAGE_UP)
    assert model.view().first_line == 1
    model.handle(Wheel(-1))
    assert model.view().first_line == 1 + WHEEL_LINES
    model.handle(MessageKey.END)
    assert model.view().first_line == 30  # the last line at the bottom, never past it
    model.handle(Wheel(-1))
    assert model.view().first_line == 30
    model.handle(MessageKey.START)
    assert model.view().first_line == 0


def test_close_leaves_the_screen_below() -> None:
    shell, model = dialog(ScrollRoom(total=1, shown=1))
    model.handle(MessageKey.CLOSE)
    assert shell.closed


def test_the_room_keeps_a_row_in_view() -> None:
    room = ScrollRoom(total=20, shown=5)
    assert room.keep_in_view(0, 7) == 3
    assert room.keep_in_view(6, 2) == 2
    assert room.keep_in_view(6, 8) == 6
    assert room.keep_in_view(0, 19) == 15 and room.clamp(99) == 15 and room.clamp(-3) == 0
