"""What the level editor is told to do: its commands, from keys and from the mouse, without pygame.

The editor's key map (game.ui.editor_keys) and its scene's mouse make these; the model takes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.core.direction import Direction
from game.core.edit_grid import Piece


class EditorCommand(Enum):
    NEW_ROW = "new row"
    ERASE = "erase"
    ERASE_BACK = "erase back"
    UNDO = "undo"
    REDO = "redo"
    RECTANGLE = "rectangle"
    FILL = "fill"
    COPY = "copy"  # the selection, or else the whole level as XSB
    CUT = "cut"
    PASTE_BLOCK = "paste block"
    CLEAR = "clear"
    FILL_WALLS = "fill walls"
    FLIP_LEFT_RIGHT = "flip left-right"
    FLIP_UP_DOWN = "flip up-down"
    ROTATE = "rotate"
    TRIM = "trim"
    MIRROR = "mirror"
    DEAD = "dead squares"
    SAVE = "save"
    SAVE_AS = "save into"
    DETAILS = "details"
    TEST_PLAY = "test play"
    COPY_RLE = "copy rle"
    COPY_WITH_SOLUTION = "copy with solution"
    PASTE_LEVEL = "paste level"
    HELP = "help"
    BACK = "back"  # drop the ghost or the selection, or leave


@dataclass(frozen=True)
class Move:
    """Move the cursor (and the ghost of a block being pasted) one square."""

    direction: Direction


@dataclass(frozen=True)
class Shift:
    """Shift everything one square; what leaves comes back on the other side."""

    direction: Direction


@dataclass(frozen=True)
class Resize:
    """Grow (``amount`` > 0) or shrink the board on one side."""

    side: Direction
    amount: int


@dataclass(frozen=True)
class Choose:
    """Paint with ``piece`` from now on."""

    piece: Piece


@dataclass(frozen=True)
class TurnPalette:
    """Choose the piece ``steps`` entries down the palette (up if negative), round its ends."""

    steps: int


@dataclass(frozen=True)
class TypeText:
    """Typed characters: each XSB character paints the cursor's square and moves it right."""

    text: str


@dataclass(frozen=True)
class Press:
    """A button went down on ``square``: paint (or ``erase``), select, or lay the ghost."""

    square: tuple[int, int]
    erase: bool = False


@dataclass(frozen=True)
class DragTo:
    """The mouse moved to ``square`` (a stroke paints on; a ghost follows it)."""

    square: tuple[int, int]


@dataclass(frozen=True)
class Release:
    """The button went up: the stroke or the selection ends."""


EditorKey = EditorCommand | Move | Shift | Resize | Choose
EditorInput = EditorKey | TurnPalette | TypeText | Press | DragTo | Release

# The palette in the order the number keys and the wheel go through it.
PALETTE = (
    Piece.WALL,
    Piece.FLOOR,
    Piece.GOAL,
    Piece.BOX,
    Piece.PLAYER,
    Piece.BOX_ON_GOAL,
    Piece.PLAYER_ON_GOAL,
    Piece.ERASER,
)
