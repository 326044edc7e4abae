"""Crashes a player could reach by himself (issue 36): a long pasted line, clipboard bytes that
are not UTF-8, a NUL in drawn text, E on a level larger than the editor takes.

Each runs through the real engine headless; before the fixes each stopped the game.
"""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.app.editor import editing
from game.app.screens import MainMenuScreen, MessageScreen, PlayScreen
from game.core.xsb import parse_level
from game.engine.engine import GameEngine
from game.scenes.message import MessageScene
from game.scenes.play import PlayScene
from game.ui.text import draw_text, fit_text, text_width
from tests.engine.harness import press, settle

CTRL = pygame.KMOD_CTRL


def start(engine: GameEngine) -> PlayScene:
    engine.open(MainMenuScreen())
    engine.open(PlayScreen(0))
    engine.run_frames(1)
    assert isinstance(engine.top, PlayScene)
    return engine.top


@pytest.mark.parametrize("line", ["x" * 300, "/" + "a" * 300, "~" + "b" * 4000, "a\0b" * 100])
def test_a_long_or_odd_pasted_line_is_answered_in_a_notice(engine: GameEngine, line: str) -> None:
    play = start(engine)
    engine.clipboard.put(line)
    press(engine, pygame.K_v, CTRL)
    assert engine.top is play
    notice = play.model.view().notice
    assert notice is not None and "no level" in notice[0]


def test_a_pasted_line_of_300_own_moves_is_replayed(engine: GameEngine) -> None:
    play = start(engine)
    engine.clipboard.put("rl" * 150)  # a line too long for a file name: once "File name too long"
    press(engine, pygame.K_v, CTRL)
    settle(engine)
    assert engine.top is play and len(play.model.state.lurd()) > 0


def test_clipboard_bytes_that_are_not_utf8_come_back_as_replacement_characters(
    engine: GameEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def foreign() -> str:
        raise UnicodeDecodeError("utf-8", b"caf\xe9 \xff", 3, 4, "invalid continuation byte")

    monkeypatch.setattr(pygame.scrap, "get_text", foreign, raising=False)
    assert engine.clipboard.get() == "caf\ufffd \ufffd"
    play = start(engine)
    press(engine, pygame.K_v, CTRL)
    assert engine.top is play and play.model.controller.notice is not None


def test_text_with_a_lone_surrogate_is_copied_within_the_game(engine: GameEngine) -> None:
    assert engine.clipboard.put("caf\udce9") in (True, False)
    assert engine.clipboard.get() in ("caf\udce9", "caf\ufffd")


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(st.characters(exclude_categories=()), max_size=40))  # NULs, surrogates too
@example("\ud800")  # a lone surrogate that fit_text once measured unreplaced
@example("a\0b")
@example("\xad")  # a soft hyphen alone has no width: the font would not render it
def test_any_text_is_drawn_and_measured(engine: GameEngine, text: str) -> None:
    surface = pygame.Surface((200, 40))
    draw_text(surface, text, 18, (255, 255, 255), (0, 0))
    assert text_width(text, 18) >= 0
    assert len(fit_text(text, 18, 100)) <= len(text) + 1


def test_a_title_of_a_megabyte_with_nuls_is_drawn(engine: GameEngine) -> None:
    surface = pygame.Surface((640, 40))
    title = "\0" * 1_000_000
    draw_text(surface, fit_text(title, 18, 600), 18, (255, 255, 255), (0, 0))
    draw_text(surface, title, 18, (255, 255, 255), (0, 0))


def test_e_on_a_level_larger_than_the_editor_takes_says_so(engine: GameEngine) -> None:
    rows = ["#" * 100, "#@$" + " " * 95 + ".#", *["#" + " " * 98 + "#"] * 97, "#" * 100]
    level = parse_level("\n".join(rows), title="Huge")
    engine.open(MainMenuScreen())
    editing.edit_level(engine, level)
    engine.run_frames(1)
    assert isinstance(engine.top, MessageScene)
    assert isinstance(engine.top.screen, MessageScreen)
    assert "100x100" in engine.top.screen.text and "64x64" in engine.top.screen.text
