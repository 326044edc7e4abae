"""What the clipboard's text is when the player presses Ctrl+V: a level file's path, levels to
open, moves to replay, or nothing usable; one reading for every screen that pastes.

A line of moves can be longer than a file name may be: asking the system whether it names a file
must answer False, never stop the game.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import Enum

from game.core.collection import read_collection_text
from game.core.notation import NotationError, parse_lurd


class PasteKind(Enum):
    EMPTY = "empty"
    FILE = "file"  # one line naming a file that exists: ``text`` is its path
    LEVELS = "levels"  # rows of a level or a collection
    MOVES = "moves"  # LURD moves: ``moves`` holds them expanded
    NOTHING = "nothing"  # none of these


@dataclass(frozen=True)
class Paste:
    kind: PasteKind
    text: str = ""
    moves: str = ""


def names_a_file(text: str) -> bool:
    """Whether one line of text is the path of an existing file (``~`` expanded); False for
    anything the system refuses as a name (too long, a NUL)."""
    if "\n" in text:
        return False
    # os.path, not Path: Path.expanduser raises for an unknown ~user, Path.is_file for a name
    # too long or holding a NUL; os.path answers False for each.
    return os.path.isfile(os.path.expanduser(text))


def read_paste(text: str, moves_allowed: bool) -> Paste:
    """What ``text`` is; moves count only where ``moves_allowed`` (in a level)."""
    text = text.strip()
    if not text:
        return Paste(PasteKind.EMPTY)
    if names_a_file(text):
        return Paste(PasteKind.FILE, os.path.expanduser(text))
    if moves_allowed:
        try:
            return Paste(PasteKind.MOVES, text, parse_lurd(text))
        except NotationError:
            pass
    if read_collection_text(text).levels:
        return Paste(PasteKind.LEVELS, text)
    return Paste(PasteKind.NOTHING, text)
