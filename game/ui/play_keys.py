"""The keys of a level being played: the one table the play screen, its footer and F1 help use.

Moves, undo, redo and restart go to the play controller; the rest are the screen's own commands.
"""

from __future__ import annotations

import pygame

from game.app.play_commands import PlayAction, PlayCommand, PlayKey, Pull, ReverseOrder
from game.core.direction import Direction
from game.engine.keymap import Binding, Chord, KeyGroup, KeyMap, Mod


def _keys(*keys: int, mods: Mod = Mod.NONE, any_shift: bool = False) -> tuple[Chord, ...]:
    return tuple(Chord(key, mods, any_shift) for key in keys)


def _bind(command: PlayKey, *chords: tuple[Chord, ...]) -> Binding[PlayKey]:
    return Binding(command, tuple(chord for group in chords for chord in group))


_ARROWS = (
    (Direction.LEFT, pygame.K_LEFT),
    (Direction.UP, pygame.K_UP),
    (Direction.RIGHT, pygame.K_RIGHT),
    (Direction.DOWN, pygame.K_DOWN),
)
_MOVES = tuple(_bind(direction, _keys(key)) for direction, key in _ARROWS)
# With Shift an arrow pulls in reverse play; forwards it is the same step as without.
_PULLS = tuple(_bind(Pull(direction), _keys(key, mods=Mod.SHIFT)) for direction, key in _ARROWS)
# WASD and vi's hjkl, in the order the collapsed names read: "Arrows, WASD, hjkl".
_LETTER_MOVES = (
    _bind(Direction.UP, _keys(pygame.K_w)),
    _bind(Direction.LEFT, _keys(pygame.K_a)),
    _bind(Direction.DOWN, _keys(pygame.K_s)),
    _bind(Direction.RIGHT, _keys(pygame.K_d)),
    _bind(Direction.LEFT, _keys(pygame.K_h)),
    _bind(Direction.DOWN, _keys(pygame.K_j)),
    _bind(Direction.UP, _keys(pygame.K_k)),
    _bind(Direction.RIGHT, _keys(pygame.K_l)),
)

# The key bar while the solver's solution is being played through (its keys do nothing else).
SOLUTION_FOOTER: tuple[tuple[str, str], ...] = (
    ("N", "step"),
    ("B", "step back"),
    ("Space", "autoplay"),
    ("[ ]", "slower/faster"),
    ("Arrows", "play on yourself"),
    ("Esc", "menu"),
)

_UNDO_GROUP = KeyGroup(
    "undo",
    (
        _bind(
            PlayAction.UNDO,
            _keys(pygame.K_u, pygame.K_z, pygame.K_BACKSPACE),
            _keys(pygame.K_z, mods=Mod.CTRL),
        ),
    ),
    mouse="Wheel up",
    footer=2,
)
_REDO_GROUP = KeyGroup(
    "redo",
    (
        _bind(
            PlayAction.REDO,
            _keys(pygame.K_y, mods=Mod.CTRL),
            _keys(pygame.K_u, pygame.K_z, mods=Mod.SHIFT),
            _keys(pygame.K_z, mods=Mod.CTRL | Mod.SHIFT),
        ),
    ),
    mouse="Wheel down",
    footer=1,
)
_RESTART_GROUP = KeyGroup(
    "restart (undo brings the moves back)",
    (_bind(PlayAction.RESTART, _keys(pygame.K_r)),),
    footer=1,
    short="restart",
)
_HELP_GROUP = KeyGroup("all keys", (_bind(PlayCommand.HELP, _keys(pygame.K_F1)),), footer=1)
_MENU_GROUP = KeyGroup(
    "the menu, or cancel the solver while you wait for it",
    (_bind(PlayCommand.BACK, _keys(pygame.K_ESCAPE)),),
    footer=1,
    short="menu",
)
_MOVE_GROUP = KeyGroup("move (held keys repeat)", _MOVES + _LETTER_MOVES, footer=3, short="move")
_SWITCH_GROUP = KeyGroup(
    "reverse play and back: pull the boxes from the goals to their starts (each way keeps its"
    " own moves)",
    (_bind(ReverseOrder.SWITCH, _keys(pygame.K_F8), _keys(pygame.K_r, mods=Mod.CTRL)),),
    footer=1,
    short="reverse",
)
_HINT_GROUP = KeyGroup(
    "hint: the next push, or pull in reverse play (hints lower the score)",
    (_bind(PlayCommand.HINT, _keys(pygame.K_h, mods=Mod.SHIFT)),),
    footer=1,
    short="hint",
)
_REVERSE_GROUPS: tuple[KeyGroup[PlayKey], ...] = (
    KeyGroup(
        "pull: step away from the box behind you, pulling it (reverse play)",
        _PULLS,
        footer=1,
        short="pull",
    ),
    KeyGroup(
        "every step away from a box pulls it, or only with Shift (reverse play)",
        (_bind(ReverseOrder.PULL_ALWAYS, _keys(pygame.K_g)),),
        footer=1,
        short="always pull",
    ),
    KeyGroup(
        "put the player down in the next area, before the first pull (reverse play)",
        (_bind(ReverseOrder.NEXT_AREA, _keys(pygame.K_TAB)),),
        mouse="Click before the first pull",
        footer=1,
        short="place",
    ),
    KeyGroup(
        "join the forward and reverse games into one solution, when they meet",
        (_bind(ReverseOrder.JOIN, _keys(pygame.K_j, mods=Mod.CTRL)),),
        footer=1,
        short="join",
    ),
)

PLAY_KEY_GROUPS: tuple[KeyGroup[PlayKey], ...] = (
    _MOVE_GROUP,
    _UNDO_GROUP,
    _REDO_GROUP,
    _RESTART_GROUP,
    _HINT_GROUP,
    KeyGroup(
        "solve: the solver's whole solution",
        (_bind(PlayCommand.SOLVE, _keys(pygame.K_s, mods=Mod.SHIFT)),),
        footer=1,
        short="solve",
    ),
    KeyGroup(
        "through the solver's solution: step, step back, autoplay, slower, faster",
        (
            _bind(PlayAction.SOLUTION_STEP, _keys(pygame.K_n)),
            _bind(PlayAction.SOLUTION_BACK, _keys(pygame.K_b)),
            _bind(PlayCommand.AUTOPLAY, _keys(pygame.K_SPACE)),
            _bind(PlayCommand.SLOWER, _keys(pygame.K_LEFTBRACKET)),
            _bind(PlayCommand.FASTER, _keys(pygame.K_RIGHTBRACKET)),
        ),
    ),
    KeyGroup(
        "walk there; click a box, then a square, to push it there",
        mouse="Click",
        footer=1,
        short="walk; box, then target",
    ),
    KeyGroup(
        "zoom in, out, fit the board",
        (
            # "+" is Shift+= on a US keyboard, and its key may come as "=" or "+" with Shift.
            _bind(PlayCommand.ZOOM_IN, _keys(pygame.K_PLUS, any_shift=True)),
            _bind(PlayCommand.ZOOM_OUT, _keys(pygame.K_MINUS, any_shift=True)),
            _bind(PlayCommand.ZOOM_FIT, _keys(pygame.K_0)),
            _bind(PlayCommand.ZOOM_IN, _keys(pygame.K_EQUALS, pygame.K_KP_PLUS, any_shift=True)),
            _bind(PlayCommand.ZOOM_OUT, _keys(pygame.K_KP_MINUS)),
            _bind(PlayCommand.ZOOM_FIT, _keys(pygame.K_KP_0)),
        ),
        mouse="Ctrl+wheel",
    ),
    KeyGroup("pan the board", mouse="Right-drag"),
    KeyGroup(
        "copy the level, paste a level, moves or a file path, copy the moves (LURD)",
        (
            _bind(PlayCommand.COPY_LEVEL, _keys(pygame.K_c, mods=Mod.CTRL)),
            _bind(PlayCommand.PASTE, _keys(pygame.K_v, mods=Mod.CTRL)),
            _bind(PlayCommand.COPY_MOVES, _keys(pygame.K_c, mods=Mod.CTRL | Mod.SHIFT)),
        ),
        mouse="Drop a level file to open it",
        footer=2,
        short="copy/paste",
    ),
    _SWITCH_GROUP,
    *_REVERSE_GROUPS,
    _HELP_GROUP,
    _MENU_GROUP,
    KeyGroup("the menu", (_bind(PlayCommand.MENU, _keys(pygame.K_p)),)),
)

PLAY_KEYS = KeyMap(PLAY_KEY_GROUPS)
# The key bar of forward play leaves out the keys of reverse play; reverse play's shows them
# and, of the solver's, the hint only (the next pull).
FORWARD_FOOTER = KeyMap(group for group in PLAY_KEY_GROUPS if group not in _REVERSE_GROUPS).footer()
REVERSE_FOOTER = KeyMap(
    (
        _MOVE_GROUP,
        *_REVERSE_GROUPS,
        _HINT_GROUP,
        _UNDO_GROUP,
        _REDO_GROUP,
        _RESTART_GROUP,
        KeyGroup("forward play", _SWITCH_GROUP.bindings, footer=1),
        _HELP_GROUP,
        _MENU_GROUP,
    )
).footer()
