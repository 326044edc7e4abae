"""Input scripts: each kind of line, comments, and a bad line named by its number.

Running scripts through the engine is tested with the command line (tests/cli/test_input.py).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.input_script import (
    Click,
    KeyPress,
    ScriptError,
    Shot,
    TypeText,
    Wait,
    lurd_actions,
    parse_script,
)


def test_every_kind_of_line() -> None:
    script = parse_script(
        "# a comment\n"
        "key ctrl+s\n"
        "key shift+h\n"
        "key return\n"
        "text #@ $ .#\n"
        "\n"
        "click 10 20\n"
        "rclick 3 4\n"
        "wait 30\n"
        "shot out.png\n"
    )
    assert script == [
        KeyPress(pygame.K_s, pygame.KMOD_LCTRL),
        KeyPress(pygame.K_h, pygame.KMOD_LSHIFT),
        KeyPress(pygame.K_RETURN, 0),
        TypeText("#@ $ .#"),
        Click((10, 20), 1),
        Click((3, 4), 3),
        Wait(30),
        Shot(Path("out.png")),
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("key return\nkey nosuchkey\n", "line 2: unknown key"),
        ("key hyper+a\n", "line 1: unknown modifier"),
        ("click 10\n", "line 1: expected"),
        ("wait ten\n", "line 1: the wait must be a whole number"),
        ("wait ²\n", "line 1: the wait must be a whole number"),
        ("wait 99999999999\n", "line 1: the wait must be a whole number"),
        ("shot picture.bmp\n", "line 1: expected"),
        ("\n\njump\n", "line 3: expected"),
    ],
)
def test_a_bad_line_is_named_by_its_number(text: str, problem: str) -> None:
    with pytest.raises(ScriptError, match=problem):
        parse_script(text)


def test_moves_become_arrow_keys() -> None:
    assert [action.key for action in lurd_actions("lUrD") if isinstance(action, KeyPress)] == [
        pygame.K_LEFT,
        pygame.K_UP,
        pygame.K_RIGHT,
        pygame.K_DOWN,
    ]
