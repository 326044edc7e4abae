"""The commands of a level being played, as keys and clicks queue them for the play controller
and for reverse play, which takes its share of them, and the play screen's input they come in.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.core.direction import Direction


class PlayAction(Enum):
    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"
    SOLUTION_STEP = "solution step"  # the next move of the solver's solution
    SOLUTION_BACK = "solution back"  # one move back through it


@dataclass(frozen=True)
class Click:
    """A left click on a board square (-1: off the board), resolved in the next tick."""

    square: int


@dataclass(frozen=True)
class Pull:
    """A step that pulls the box behind the player in reverse play (a plain step forwards)."""

    direction: Direction


class ReverseOrder(Enum):
    """What the keys of reverse play ask beyond steps."""

    SWITCH = "switch"  # to reverse play and back
    NEXT_AREA = "next area"  # put the player down in the next area (before the first pull)
    PULL_ALWAYS = "pull always"  # every step away from a box pulls it, or none without Shift
    JOIN = "join"  # the forward and reverse games into one solution


Command = Direction | PlayAction | Click | Pull | ReverseOrder
Repeatable = Direction | PlayAction | Pull


class PlayCommand(Enum):
    """What a key asks of the play screen itself."""

    BACK = "back"  # Esc: cancel the solver being waited for, or else the pause menu
    MENU = "menu"
    HINT = "hint"
    SOLVE = "solve"
    AUTOPLAY = "autoplay"
    SLOWER = "slower"
    FASTER = "faster"
    COPY_LEVEL = "copy level"
    COPY_MOVES = "copy moves"
    PASTE = "paste"
    ZOOM_IN = "zoom in"
    ZOOM_OUT = "zoom out"
    ZOOM_FIT = "zoom fit"
    HELP = "help"


# Whatever a key of a level asks.
PlayKey = Direction | PlayAction | PlayCommand | Pull | ReverseOrder


# -- the play screen's input, as its scene maps keys and the mouse to it -------------------
@dataclass(frozen=True)
class Press:
    """A key of the level pressed; ``key`` names the key, whose release ends a held move."""

    command: PlayKey
    key: int


@dataclass(frozen=True)
class Release:
    key: int


@dataclass(frozen=True)
class ClickAt:
    """A click on square ``square`` of the board (-1: off it, or the right button)."""

    square: int


@dataclass(frozen=True)
class Wheel:
    """Mouse wheel notches: up (positive) undoes, down redoes."""

    notches: int


@dataclass(frozen=True)
class Focus:
    """The window got or lost the keyboard's focus."""

    focused: bool


PlayInput = Press | Release | ClickAt | Wheel | Focus
