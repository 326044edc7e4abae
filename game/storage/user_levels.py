"""The player's own level collections: XSB files in the data folder, "My levels" by default.

Names are checked before they become file names, and files are replaced atomically under a lock,
so a game killed while saving leaves the old collection or the new one, never half of one, and
two copies of the game saving at once both keep their levels.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from game.core.collection import (
    MAX_FILE_BYTES,
    Collection,
    collection_to_text,
    read_collection,
)
from game.core.errors import LevelError, printable
from game.core.files import file_lock, replace_file
from game.core.level import Level
from game.core.names import normal_name, portable_problem, same_name
from game.core.problems import Problem, ProblemKind, refusal
from game.storage.paths import LEVELS_FOLDER, data_dir

FOLDER_NAME = LEVELS_FOLDER
DEFAULT_COLLECTION = "My levels"
MAX_NAME_LENGTH = 60
SUFFIX = ".xsb"


def title_problem(title: str, what: str = "title") -> Problem | None:
    """Why ``title`` cannot name a level (REFUSED, in one line); None if it can. A level's
    title is a line of its collection's file, never a file name: "1/2" or "Wait..." is one."""
    if not title.strip():
        return refusal(f"type a {what}")
    if len(title) > MAX_NAME_LENGTH:
        return refusal(f"the {what} is {len(title)} characters long; at most {MAX_NAME_LENGTH}")
    if any(unicodedata.category(char).startswith("C") for char in title):
        return refusal(f"a {what} cannot hold control characters")
    return None


def name_problem(name: str, what: str = "name") -> Problem | None:
    """Why ``name`` cannot name a collection's file (REFUSED, in one line); None if it can."""
    if "/" in name or "\\" in name:
        return refusal(f"a {what} cannot hold / or \\")
    if ".." in name:
        return refusal(f"a {what} cannot hold ..")
    return title_problem(name, what)


def collection_name_problem(name: str) -> Problem | None:
    """Why ``name`` cannot name a collection (a file, on any system), in one line; None if it
    can."""
    return name_problem(name, "collection name") or portable_problem(
        normal_name(name), "collection name"
    )


def folder() -> Path:
    return data_dir() / FOLDER_NAME


def collection_path(name: str) -> Path:
    return folder() / f"{name}{SUFFIX}"


def collection_names() -> list[str]:
    """The player's collections by name, the default first (whether saved yet or not)."""
    try:
        found = sorted(
            path.stem
            for path in folder().glob(f"*{SUFFIX}")
            if path.is_file() and name_problem(path.stem) is None
        )
    except OSError:
        found = []
    return [DEFAULT_COLLECTION, *(name for name in found if name != DEFAULT_COLLECTION)]


def load(name: str) -> Collection:
    """A collection of the player's (empty if not saved yet); LevelError if it cannot be read."""
    problem = name_problem(name, "collection name")
    if problem is not None:
        raise LevelError(problem.text)
    path = collection_path(name)
    if not path.exists():
        return Collection(title=name)
    collection = read_collection(path)
    collection.title = name
    return collection


def find_level(collection: Collection, title: str) -> int | None:
    """The index of the level titled ``title`` (case-insensitive), if there is one."""
    wanted = title.strip().casefold()
    return next(
        (i for i, level in enumerate(collection.levels) if level.title.casefold() == wanted),
        None,
    )


def has_level(name: str, title: str) -> bool:
    try:
        return find_level(load(name), title) is not None
    except LevelError:
        return False


def save_level(name: str, level: Level) -> Problem | None:
    """Put ``level`` into the collection ``name`` (replacing the level of the same title);
    None when saved, or the problem (a name REFUSED, or NOT_SAVED, in one line) when it was
    not (nothing is changed then).

    The file is read, merged and written under the collection's lock, so another copy of the
    game saving into it at the same moment has its level kept: its write comes wholly before
    this read or wholly after this write. A collection that would grow past what the game
    reads back is refused before anything is written."""
    problem = collection_name_problem(name) or title_problem(level.title, "level name")
    if problem is not None:
        return problem
    name = _kept_name(name)
    path = collection_path(name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with file_lock(path):
            return _merge_level(name, path, level)
    except OSError as error:
        return _not_saved(f"cannot save to {printable(path)}: {error.strerror or error}")


def _kept_name(name: str) -> str:
    """The name a collection is saved under: the existing collection's own if one is the same
    name on every system ("Café" and "café", composed or not), else ``name`` composed."""
    return next(
        (known for known in collection_names() if same_name(known, name)), normal_name(name)
    )


def _merge_level(name: str, path: Path, level: Level) -> Problem | None:
    """The read, merge and write of :func:`save_level`, done while it holds the lock."""
    try:
        collection = load(name)
    except LevelError as error:
        return _not_saved(f"cannot read {name}: {error.reason}")
    if collection.errors:
        # Writing the collection back would drop the levels that could not be read.
        return _not_saved(f"{name} holds levels that cannot be read; fix its file first")
    index = find_level(collection, level.title)
    if index is None:
        collection.levels.append(level)
    else:
        collection.levels[index] = level
    text = collection_to_text(collection) + "\n"
    size = len(text.encode("utf-8", "surrogateescape"))
    if size > MAX_FILE_BYTES:
        return _not_saved(
            f"{name} would grow to {size / 2**20:.1f} MB, past the {MAX_FILE_BYTES // 2**20} MB "
            "the game reads back; save into another collection"
        )
    replace_file(path, text)
    return None


def _not_saved(reason: str) -> Problem:
    return Problem(ProblemKind.NOT_SAVED, reason)
