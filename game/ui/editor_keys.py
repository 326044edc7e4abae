"""The keys of the level editor: the one table its scene, key bar and F1 help are made from.

No key that types a level square (# @ + $ * . - space) is bound without Ctrl: those paint.
"""

from __future__ import annotations

from enum import Enum

import pygame

from game.app.editor.editor_commands import (
    PALETTE,
    Choose,
    EditorCommand,
    EditorKey,
    Move,
    Resize,
    Shift,
)
from game.core.direction import Direction
from game.engine.keymap import Binding, Chord, KeyGroup, KeyMap, Mod


class Zoom(Enum):
    """The editor's keys for its camera (the scene's, not the model's)."""

    IN = "zoom in"
    OUT = "zoom out"
    FIT = "zoom fit"


EditorKeyCommand = EditorKey | Zoom

_ARROWS = (
    (pygame.K_LEFT, Direction.LEFT),
    (pygame.K_UP, Direction.UP),
    (pygame.K_RIGHT, Direction.RIGHT),
    (pygame.K_DOWN, Direction.DOWN),
)
_NUMBERS = (
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_6,
    pygame.K_7,
    pygame.K_8,
)


def _one(command: EditorKeyCommand, key: int, mods: Mod = Mod.NONE) -> Binding[EditorKeyCommand]:
    return Binding(command, (Chord(key, mods),))


def _arrows(make: type[Move] | type[Shift], mods: Mod) -> tuple[Binding[EditorKeyCommand], ...]:
    return tuple(_one(make(direction), key, mods) for key, direction in _ARROWS)


def _resizes(amount: int, mods: Mod) -> tuple[Binding[EditorKeyCommand], ...]:
    return tuple(_one(Resize(side, amount), key, mods) for key, side in _ARROWS)


EDITOR_KEY_GROUPS: tuple[KeyGroup[EditorKeyCommand], ...] = (
    KeyGroup(
        "type a level: # wall, @ player, + player on goal, $ box, * box on goal, . goal, "
        "space or - floor; arrows move the cursor, Enter starts the next row",
        (*_arrows(Move, Mod.NONE), _one(EditorCommand.NEW_ROW, pygame.K_RETURN)),
        footer=1,
        short="type # @ $ . * + -",
    ),
    KeyGroup(
        "erase the cursor's square, or the one left of it",
        (
            _one(EditorCommand.ERASE, pygame.K_DELETE),
            _one(EditorCommand.ERASE_BACK, pygame.K_BACKSPACE),
        ),
    ),
    KeyGroup(
        "palette: wall, floor, goal, box, player, box on goal, player on goal, eraser",
        tuple(_one(Choose(piece), key) for key, piece in zip(_NUMBERS, PALETTE, strict=True)),
        mouse="Click a palette square; left-drag paints, right-drag erases",
        footer=1,
        short="palette",
    ),
    KeyGroup(
        "undo, redo (a whole drag is one step)",
        (
            _one(EditorCommand.UNDO, pygame.K_z, Mod.CTRL),
            _one(EditorCommand.REDO, pygame.K_y, Mod.CTRL),
            _one(EditorCommand.REDO, pygame.K_z, Mod.CTRL | Mod.SHIFT),
        ),
        footer=2,
        short="undo/redo",
    ),
    KeyGroup(
        "rectangle tool: drag to select, then fill, copy, cut; "
        "paste shows a ghost, click or Enter lays it",
        (
            _one(EditorCommand.RECTANGLE, pygame.K_r),
            _one(EditorCommand.FILL, pygame.K_f),
            _one(EditorCommand.COPY, pygame.K_c),
            _one(EditorCommand.CUT, pygame.K_x),
            _one(EditorCommand.PASTE_BLOCK, pygame.K_v),
        ),
        footer=1,
        short="rectangle",
    ),
    KeyGroup(
        "shift everything one square (what leaves comes back on the other side)",
        _arrows(Shift, Mod.SHIFT),
    ),
    KeyGroup("grow the board on that side", _resizes(1, Mod.CTRL)),
    KeyGroup("shrink the board on that side", _resizes(-1, Mod.ALT)),
    KeyGroup(
        "trim, flip left-right, flip up-down, rotate, clear all, fill with walls",
        (
            _one(EditorCommand.TRIM, pygame.K_t),
            _one(EditorCommand.FLIP_LEFT_RIGHT, pygame.K_h),
            _one(EditorCommand.FLIP_UP_DOWN, pygame.K_j),
            _one(EditorCommand.ROTATE, pygame.K_o),
            _one(EditorCommand.CLEAR, pygame.K_DELETE, Mod.SHIFT),
            _one(EditorCommand.FILL_WALLS, pygame.K_w, Mod.SHIFT),
        ),
    ),
    KeyGroup(
        "mirror painting (off, left-right, up-down, both), show dead squares",
        (_one(EditorCommand.MIRROR, pygame.K_m), _one(EditorCommand.DEAD, pygame.K_d)),
        footer=1,
        short="mirror",
    ),
    KeyGroup(
        "test play (come back with Esc and Back)",
        (_one(EditorCommand.TEST_PLAY, pygame.K_p),),
        footer=1,
        short="test play",
    ),
    KeyGroup(
        "save under a name, save into another collection, title, author and comment",
        (
            _one(EditorCommand.SAVE, pygame.K_s, Mod.CTRL),
            _one(EditorCommand.SAVE_AS, pygame.K_s, Mod.CTRL | Mod.SHIFT),
            _one(EditorCommand.DETAILS, pygame.K_i),
        ),
        footer=1,
        short="save",
    ),
    KeyGroup(
        "copy the level as XSB (the selection, if any), as one-line RLE, with its solution; "
        "paste a level",
        (
            _one(EditorCommand.COPY, pygame.K_c, Mod.CTRL),
            _one(EditorCommand.COPY_RLE, pygame.K_c, Mod.CTRL | Mod.SHIFT),
            _one(EditorCommand.COPY_WITH_SOLUTION, pygame.K_c, Mod.CTRL | Mod.ALT),
            _one(EditorCommand.PASTE_LEVEL, pygame.K_v, Mod.CTRL),
        ),
    ),
    KeyGroup(
        "zoom in, out, fit the board",
        (
            # Ctrl and "+", which is Shift+= on a US keyboard.
            Binding(
                Zoom.IN,
                (
                    Chord(pygame.K_EQUALS, Mod.CTRL, any_shift=True),
                    Chord(pygame.K_PLUS, Mod.CTRL, any_shift=True),
                ),
            ),
            _one(Zoom.OUT, pygame.K_MINUS, Mod.CTRL),
            _one(Zoom.FIT, pygame.K_0, Mod.CTRL),
        ),
        mouse="Ctrl+wheel; middle-drag pans",
    ),
    KeyGroup("all keys", (_one(EditorCommand.HELP, pygame.K_F1),), footer=1),
    KeyGroup(
        "drop the ghost or selection, or leave (asks about unsaved changes)",
        (_one(EditorCommand.BACK, pygame.K_ESCAPE),),
        footer=1,
        short="back",
    ),
)

EDITOR_KEYS = KeyMap(EDITOR_KEY_GROUPS)
