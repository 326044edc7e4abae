"""File names given on the command line, checked before any work is done.

An empty name, a folder, a pipe or a device, a system folder, a name too long, a missing folder
or one that takes no file, or the file being read given as the one to write: each is refused
in one line (exit 2) at once, not after minutes of solving, generating or playing; so are the
progress store and a link, which no output of the game ever replaces.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from game.cli.common import CliError
from game.core.errors import printable
from game.core.files import NAME_MAX, replace_problem
from game.storage.paths import is_store_file

# Folders of the system, not of files: writing there is refused whatever the rights.
SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")

_REASONS = {
    errno.ENAMETOOLONG: "the path is too long",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ELOOP: "it goes round in a loop of links",
}


def named_file(text: str, option: str) -> Path:
    """The path a file argument names; CliError if the name is empty or only blanks (an empty
    name is a mistake, never a way to leave the option out)."""
    if not text.strip():
        raise CliError(f"{option} needs a file name")
    return Path(text)


def output_file(
    text: str, option: str, reading: Iterable[str | Path] = (), replace: bool = True
) -> Path:
    """The file ``option`` says to write, once it is sure a file can be written there; CliError
    with the reason if the name is empty, names a folder, a pipe, a device or a place in a
    system folder, has a part too long, lies in a folder that is missing or takes no file, is
    one of the files ``reading``, is the progress store (or a file beside it) or a link, or
    (``replace`` false) exists already."""
    path = named_file(text, option)
    shown = f"{option} {printable(text)}"
    name_max = _name_max(path.parent)
    if any(len(os.fsencode(part)) > name_max for part in path.parts):
        raise CliError(f"{shown}: a name in it is longer than {name_max} bytes")
    if text.endswith(("/", os.sep)) or path.name in ("", ".", ".."):
        raise CliError(f"{shown} names a folder; give the name of a file to write")
    try:
        os.lstat(path)
        exists = True
    except FileNotFoundError:
        exists = False
    except OSError as error:
        raise CliError(f"{shown}: cannot write there: {_reason(error)}") from None
    mode = _mode(path) if exists else None  # None too for a link to nothing
    if mode is not None and stat.S_ISDIR(mode):
        raise CliError(f"{shown} names a folder; give the name of a file to write")
    if _in_system_folder(path):
        raise CliError(f"{shown} is in a system folder; write elsewhere")
    if mode is not None and not stat.S_ISREG(mode):
        raise CliError(f"{shown} exists and is not a regular file")
    for source in reading:
        if mode is not None and _same_file(path, Path(source)):
            raise CliError(f"{shown} is a file being read; write to another file")
    if is_store_file(path):
        raise CliError(f"{shown} is the progress store; write to another file")
    problem = replace_problem(path)
    if problem is not None:
        raise CliError(f"{shown}: {problem.text}")
    if exists and not replace:
        raise CliError(f"{shown} exists; add --force to replace it")
    _check_folder(path.parent, shown)
    return path


def _check_folder(folder: Path, shown: str) -> None:
    where = printable(folder)
    try:
        mode = os.stat(folder).st_mode
    except FileNotFoundError:
        raise CliError(f"{shown}: the folder {where} does not exist") from None
    except OSError as error:
        raise CliError(f"{shown}: cannot write there: {_reason(error)}") from None
    if not stat.S_ISDIR(mode):
        raise CliError(f"{shown}: {where} is not a folder")
    try:
        # Rights say too little (root passes them, a read-only disk does not): try a file.
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise CliError(f"{shown}: cannot write there: {_reason(error)}") from None


def _mode(path: Path) -> int | None:
    try:
        return os.stat(path).st_mode
    except OSError:
        return None


def _in_system_folder(path: Path) -> bool:
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):
        return False  # a loop of links: the folder check says so
    return any(resolved.is_relative_to(folder) for folder in SYSTEM_FOLDERS)


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder if folder.is_dir() else ".", "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no such setting here (Windows)
        return NAME_MAX


def _same_file(path: Path, source: Path) -> bool:
    try:
        return os.path.samefile(path, source)
    except OSError:
        return False


def _reason(error: OSError) -> str:
    return _REASONS.get(error.errno or 0) or error.strerror or str(error)
