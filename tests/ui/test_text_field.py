"""The text field: a selected suggestion replaced by typing, the caret, words, paste, limits.

Events are built by hand; the field needs no window.
"""

from __future__ import annotations

import pygame

from game.ui.text_field import TextField

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def key(field: TextField, code: int, mod: int = 0, paste: str = "") -> bool:
    event = pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod)
    return field.handle_event(event, lambda: paste)


def typed(field: TextField, text: str) -> None:
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_typing_replaces_a_selected_suggestion() -> None:
    field = TextField("Campaign, level 3", 60, selected=True)
    typed(field, "Évening save")
    assert field.text == "Évening save"


def test_typing_after_an_unselected_text_appends_and_drops_control_characters() -> None:
    field = TextField("ab")
    typed(field, "c\x07d")
    assert field.text == "abcd"


def test_the_caret_moves_and_typing_goes_where_it_is() -> None:
    field = TextField("held")
    key(field, pygame.K_HOME)
    typed(field, "x")
    key(field, pygame.K_RIGHT)
    key(field, pygame.K_END)
    key(field, pygame.K_LEFT)
    typed(field, "-")
    assert field.text == "xhel-d"
    key(field, pygame.K_HOME)
    key(field, pygame.K_DELETE)
    assert field.text == "hel-d"


def test_shift_arrows_select_and_ctrl_a_selects_all() -> None:
    field = TextField("abcdef")
    key(field, pygame.K_LEFT, SHIFT)
    key(field, pygame.K_LEFT, SHIFT)
    assert field.selection() == (4, 6)
    key(field, pygame.K_BACKSPACE)
    assert field.text == "abcd"
    key(field, pygame.K_a, CTRL)
    typed(field, "z")
    assert field.text == "z"


def test_ctrl_backspace_deletes_one_word() -> None:
    field = TextField("my first save")
    key(field, pygame.K_BACKSPACE, CTRL)
    assert field.text == "my first "
    key(field, pygame.K_BACKSPACE, CTRL)
    assert field.text == "my "


def test_paste_and_typing_stop_at_the_limit() -> None:
    field = TextField("", 10)
    assert key(field, pygame.K_v, CTRL, paste="a long\nname from the clipboard")
    assert field.text == "a long nam"
    typed(field, "more")
    assert field.text == "a long nam"


def test_keys_that_are_not_the_fields_are_left_to_the_screen() -> None:
    field = TextField("x")
    assert not key(field, pygame.K_RETURN)
    assert not key(field, pygame.K_ESCAPE)
