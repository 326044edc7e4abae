"""Key maps: one table from a key and its modifiers to a command, with the help drawn from it.

The footer and the F1 help of a screen are both made from its table, so they match its keys.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Flag, auto
from typing import Generic, TypeVar

import pygame

CommandT = TypeVar("CommandT")
# (keys, what they do) pairs, as the key bar along the bottom of a screen shows them.
KeyHints = tuple[tuple[str, str], ...]


class Mod(Flag):
    """The modifiers a chord asks for; left and right keys count the same."""

    NONE = 0
    CTRL = auto()
    SHIFT = auto()
    ALT = auto()

    @classmethod
    def of(cls, pygame_mod: int) -> Mod:
        """The modifiers held in a pygame event's ``mod`` field."""
        held = cls.NONE
        if pygame_mod & pygame.KMOD_CTRL:
            held |= cls.CTRL
        if pygame_mod & pygame.KMOD_SHIFT:
            held |= cls.SHIFT
        if pygame_mod & pygame.KMOD_ALT:
            held |= cls.ALT
        return held


# SDL's key names where players know the key by another.
_KEY_NAMES = {
    "escape": "Esc",
    "return": "Enter",
    "page up": "PgUp",
    "page down": "PgDn",
    "[+]": "Keypad +",
    "[-]": "Keypad -",
    "[0]": "Keypad 0",
}


_MOD_WORDS = ((Mod.CTRL, "Ctrl"), (Mod.SHIFT, "Shift"), (Mod.ALT, "Alt"))


@dataclass(frozen=True)
class Chord:
    """A key with exactly these modifiers (``any_shift``: with or without Shift as well)."""

    key: int
    mods: Mod = Mod.NONE
    any_shift: bool = False

    @property
    def label(self) -> str:
        name = pygame.key.name(self.key)
        name = _KEY_NAMES.get(name, name.upper() if len(name) == 1 else name.title())
        held = [word for flag, word in _MOD_WORDS if flag in self.mods]
        return "+".join([*held, name])


@dataclass(frozen=True)
class Binding(Generic[CommandT]):
    """One command and the chords that give it."""

    command: CommandT
    chords: tuple[Chord, ...]


@dataclass(frozen=True)
class KeyGroup(Generic[CommandT]):
    """One line of help: what a set of bindings does, and mouse gestures that do the same.

    ``footer`` is how many of the group's key names the key bar shows (0: F1 help only), with
    ``short`` (or else ``text``) beside them.
    """

    text: str
    bindings: tuple[Binding[CommandT], ...] = ()
    mouse: str = ""
    footer: int = 0
    short: str = ""

    @property
    def key_names(self) -> list[str]:
        return _collapse([chord.label for binding in self.bindings for chord in binding.chords])


# Whole sets of keys that read better under one name.
_KEY_SETS = (
    (("Left", "Up", "Right", "Down"), "Arrows"),
    (("W", "A", "S", "D"), "WASD"),
    (("H", "J", "K", "L"), "hjkl"),
    (("Shift+Left", "Shift+Up", "Shift+Right", "Shift+Down"), "Shift+arrows"),
)


def _collapse(names: list[str]) -> list[str]:
    """Key names with each complete set of arrows or letters written as one word."""
    result = list(names)
    for members, word in _KEY_SETS:
        if all(member in result for member in members):
            first = min(result.index(member) for member in members)
            result = [name for name in result if name not in members]
            result.insert(first, word)
    return result


class KeyMap(Generic[CommandT]):
    """The keys of one screen: what each press means, and the help that lists them."""

    def __init__(self, groups: Iterable[KeyGroup[CommandT]]) -> None:
        self.groups = tuple(groups)
        self._commands: dict[tuple[int, Mod], CommandT] = {}
        for group in self.groups:
            for binding in group.bindings:
                for chord in binding.chords:
                    self._bind(chord.key, chord.mods, binding.command)
                    if chord.any_shift:
                        self._bind(chord.key, chord.mods | Mod.SHIFT, binding.command)

    def _bind(self, key: int, mods: Mod, command: CommandT) -> None:
        if (key, mods) in self._commands:
            raise ValueError(f"{pygame.key.name(key)} with {mods} is bound twice")
        self._commands[(key, mods)] = command

    def command(self, key: int, pygame_mod: int) -> CommandT | None:
        """The command a key press gives, or None if the key means nothing here."""
        return self._commands.get((key, Mod.of(pygame_mod)))

    def footer(self) -> KeyHints:
        """The key bar: the first key names of each group that shows there."""
        hints: list[tuple[str, str]] = []
        for group in self.groups:
            if group.footer <= 0:
                continue
            names = group.key_names[: group.footer] or [group.mouse]
            hints.append(("/".join(names), group.short or group.text))
        return tuple(hints)

    def help_lines(self) -> tuple[str, ...]:
        """Every group with all its keys and mouse gestures, for the F1 help."""
        lines = []
        for group in self.groups:
            ways = [", ".join(group.key_names)] if group.bindings else []
            if group.mouse:
                ways.append(group.mouse)
            lines.append(f"{group.text[0].upper()}{group.text[1:]}: {'; '.join(ways)}")
        return tuple(lines)
