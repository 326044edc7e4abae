"""The text field's keys: each key press and typed text as the command it asks of the line,
and the keys that are not the field's left to the screen. Events are built by hand."""

from __future__ import annotations

import pygame
import pytest

from game.app.dialogs.text_line import CaretTo, LineCommand, LineKey, MoveCaret, TextLine, Typed
from game.ui.text_field import line_command

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod)


@pytest.mark.parametrize(
    ("event", "command"),
    [
        (pygame.event.Event(pygame.TEXTINPUT, text="é"), Typed("é")),
        (key(pygame.K_BACKSPACE), LineKey.BACKSPACE),
        (key(pygame.K_BACKSPACE, CTRL), LineKey.BACK_WORD),
        (key(pygame.K_DELETE), LineKey.DELETE),
        (key(pygame.K_a, CTRL), LineKey.SELECT_ALL),
        (key(pygame.K_v, CTRL), LineKey.PASTE),
        (key(pygame.K_HOME), MoveCaret(CaretTo.START)),
        (key(pygame.K_END, SHIFT), MoveCaret(CaretTo.END, extend=True)),
        (key(pygame.K_LEFT, SHIFT), MoveCaret(CaretTo.LEFT, extend=True)),
        (key(pygame.K_RIGHT), MoveCaret(CaretTo.RIGHT)),
    ],
)
def test_each_key_asks_its_edit(event: pygame.event.Event, command: LineCommand) -> None:
    assert line_command(event) == command


def test_keys_that_are_not_the_fields_are_left_to_the_screen() -> None:
    for code in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_a, pygame.K_v, pygame.K_TAB):
        assert line_command(key(code)) is None
    assert line_command(pygame.event.Event(pygame.KEYUP, key=pygame.K_a, mod=0)) is None


def test_typing_through_the_keys_edits_the_line() -> None:
    line = TextLine("my first save")
    for event in (
        key(pygame.K_BACKSPACE, CTRL),
        key(pygame.K_LEFT, SHIFT),
        pygame.event.Event(pygame.TEXTINPUT, text="-"),
    ):
        command = line_command(event)
        assert command is not None
        line.handle(command)
    assert line.text == "my first-"
