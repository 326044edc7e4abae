"""File names given on the command line, checked before any work is done.

An empty name, a folder, a pipe or a device, a name too long, a missing or unwritable folder, or
the file being read given as the one to write: each is refused in one line (exit 2) at once,
not after minutes of solving or playing.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from game.cli.common import CliError
from game.core.errors import printable

_REASONS = {
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ELOOP: "it goes round in a loop of links",
    errno.EACCES: "permission denied",
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
    """The file ``option`` says to write, checked before any work; CliError with the reason if
    the name is empty or too long, names a folder, a pipe or a device, lies in a folder that is
    missing or cannot be written, is one of the files ``reading``, or (``replace`` false)
    exists already, even as a link to nothing."""
    path = named_file(text, option)
    shown = f"{option} {printable(text)}"
    if text.endswith(("/", os.sep)) or path.name in ("", ".", ".."):
        raise CliError(f"{shown} names a folder; give the name of a file to write")
    try:
        os.lstat(path)
    except FileNotFoundError:
        _check_folder(path.parent, shown)
        return path
    except OSError as error:
        raise CliError(f"{shown}: {_reason(error)}") from None
    try:
        mode: int | None = os.stat(path).st_mode
    except OSError:
        mode = None  # a link to nothing: replacing it replaces the link
    if mode is not None and stat.S_ISDIR(mode):
        raise CliError(f"{shown} names a folder; give the name of a file to write")
    if mode is not None and not stat.S_ISREG(mode):
        raise CliError(f"{shown} is a pipe, a device or a socket, not a file to write")
    for source in reading:
        if mode is not None and _same_file(path, Path(source)):
            raise CliError(f"{shown} is a file being read; write to another file")
    if not replace:
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
        raise CliError(f"{shown}: {_reason(error)}") from None
    if not stat.S_ISDIR(mode):
        raise CliError(f"{shown}: {where} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CliError(f"{shown}: the folder {where} cannot be written")


def _same_file(path: Path, source: Path) -> bool:
    try:
        return os.path.samefile(path, source)
    except OSError:
        return False


def _reason(error: OSError) -> str:
    return _REASONS.get(error.errno or 0) or error.strerror or str(error)
