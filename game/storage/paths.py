"""Where the game keeps the player's data: the user's data folder, or ``SOKOBAN_HOME``.

Tests and portable installs set ``SOKOBAN_HOME`` so that nothing touches the real user folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from game.core.digits import shortened
from game.core.errors import LevelError, printable
from game.core.files import NAME_MAX, PATH_MAX, typed_path
from game.core.problems import Problem, ProblemKind

HOME_VARIABLE = "SOKOBAN_HOME"
APP_NAME = "sokoban-arcade"
STORE_FILE_NAME = "progress.sqlite3"
LEVELS_FOLDER = "levels"  # the player's own collections, in the data folder
MAX_SHOWN_HOME = 80  # characters of the data folder's path in a message: one line


def data_dir() -> Path:
    """The folder for progress and saves: ``$SOKOBAN_HOME`` if set, else the platform's data dir.

    A ``~user`` that names nobody is taken as it is written (``home_problem`` says so first)."""
    override = os.environ.get(HOME_VARIABLE, "").strip()
    if override:
        try:
            return typed_path(override)
        except LevelError:
            return Path(override)
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def home_problem() -> Problem | None:
    """Why ``SOKOBAN_HOME`` cannot be the data folder (HOME_UNUSABLE, in one line); None if it
    can (or is unset).

    Checked once when the program starts, so that no later save meets it as a traceback."""
    override = os.environ.get(HOME_VARIABLE, "").strip()
    if not override:
        return None
    try:
        folder = typed_path(override)
    except LevelError as error:
        return _unusable(f"{HOME_VARIABLE} {printable(override)}: {error.reason}")
    too_long = [part for part in folder.parts if len(os.fsencode(part)) > NAME_MAX]
    if too_long:
        return _unusable(f"{HOME_VARIABLE}: a folder name in it is longer than {NAME_MAX} bytes")
    # The deepest file the game keeps there: a collection of the player's levels, whose name
    # may take a whole file name.
    length = len(os.fsencode(folder.absolute()))
    longest = _path_max(folder)
    if length + len(f"/{LEVELS_FOLDER}/") + NAME_MAX > longest:
        shown = printable(shortened(str(folder), MAX_SHOWN_HOME))
        return _unusable(
            f"{HOME_VARIABLE} {shown}: its path of {length:,} bytes leaves no room for the "
            f"files kept in it (the system opens paths of up to {longest:,} bytes)"
        )
    return None


def _unusable(reason: str) -> Problem:
    return Problem(ProblemKind.HOME_UNUSABLE, reason)


def _path_max(folder: Path) -> int:
    """The longest path the system opens where ``folder`` is (or would be)."""
    for place in (folder, *folder.parents):
        try:
            return min(os.pathconf(place, "PC_PATH_MAX"), PATH_MAX)
        except (OSError, ValueError):
            continue
    return PATH_MAX


def store_path() -> Path:
    """The progress store's file (the folder is created when the store is opened)."""
    return data_dir() / STORE_FILE_NAME


def is_store_file(path: Path, store: Path | None = None) -> bool:
    """True if ``path`` is the progress store ``store`` (the player's by default), a file SQLite
    keeps beside it (journal, WAL) or a damaged store set aside there: a file the game must
    never write anything else over, whatever name reaches it (a link, a hard link, ``..``)."""
    store = store_path() if store is None else store
    try:
        if os.path.samefile(path, store):
            return True
    except (OSError, ValueError):
        pass
    try:
        beside = os.path.samefile(path.parent, store.parent)
    except (OSError, ValueError):
        return False
    return beside and path.name.startswith(store.name)
