"""The key map: exact modifiers, keys that take Shift or not, and help drawn from the table.

The play screen's own table is checked too: every key it binds is in its F1 help.
"""

from __future__ import annotations

import pygame
import pytest

from game.app.play_commands import PlayCommand
from game.engine.keymap import Binding, Chord, KeyGroup, KeyMap, Mod
from game.ui.play_keys import PLAY_KEY_GROUPS, PLAY_KEYS

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT


def test_a_chord_needs_exactly_its_modifiers() -> None:
    keys = KeyMap(
        [
            KeyGroup("undo", (Binding("undo", (Chord(pygame.K_z), Chord(pygame.K_z, Mod.CTRL))),)),
            KeyGroup("redo", (Binding("redo", (Chord(pygame.K_z, Mod.CTRL | Mod.SHIFT),)),)),
            KeyGroup("left", (Binding("left", (Chord(pygame.K_LEFT, any_shift=True),)),)),
        ]
    )
    assert keys.command(pygame.K_z, 0) == "undo"
    assert keys.command(pygame.K_z, pygame.KMOD_RCTRL) == "undo"
    assert keys.command(pygame.K_z, CTRL | SHIFT) == "redo"
    assert keys.command(pygame.K_z, SHIFT) is None
    assert keys.command(pygame.K_LEFT, 0) == keys.command(pygame.K_LEFT, SHIFT) == "left"
    assert keys.command(pygame.K_LEFT, CTRL) is None


def test_a_key_bound_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="bound twice"):
        a_key = (Chord(pygame.K_a),)
        KeyMap([KeyGroup("a", (Binding(1, a_key), Binding(2, a_key)))])


def test_footer_and_help_come_from_the_table() -> None:
    keys = KeyMap(
        [
            KeyGroup("quit the game", (Binding("quit", (Chord(pygame.K_ESCAPE),)),), footer=1,
                     short="quit"),
            KeyGroup("walk there", mouse="Click", footer=1),
            KeyGroup("paste", (Binding("paste", (Chord(pygame.K_v, Mod.CTRL),)),)),
        ]
    )
    assert keys.footer() == (("Esc", "quit"), ("Click", "walk there"))
    assert keys.help_lines() == ("Quit the game: Esc", "Walk there: Click", "Paste: Ctrl+V")


def test_the_play_help_lists_every_key_the_play_screen_binds() -> None:
    help_text = "\n".join(PLAY_KEYS.help_lines())
    for group in PLAY_KEY_GROUPS:
        for name in group.key_names:
            assert name in help_text
    footer = dict(PLAY_KEYS.footer())
    assert footer["Arrows/WASD/hjkl"] == "move"
    assert footer["Shift+H"] == "hint"
    assert PLAY_KEYS.command(pygame.K_h, SHIFT) is PlayCommand.HINT
    assert PLAY_KEYS.command(pygame.K_h, 0) is not PlayCommand.HINT
