"""Reading and writing the player's files safely: a capped reader of regular files, and one
atomic write that replaces a file whole or leaves it as it was.

Level files, input scripts, progress imports and bench CSVs are read here; collections, the
player's levels and progress exports are written here.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from game.core.errors import LevelError, printable

# The temporary file's name is ".NAME.XXXXXXXX.tmp"; a long NAME is cut so that this name stays
# within the 255 bytes a file name may have wherever the target's own name fits.
_TEMPORARY_NAME_ROOM = 100


def name_text(name: str | Path) -> str:
    """A file name as text that can be drawn, stored and encoded: bytes of a name that are not
    UTF-8 (surrogates, as the system gives them) become U+FFFD.

    >>> name_text("caf\\udce9.xsb")
    'caf\ufffd.xsb'
    """
    return str(name).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def read_regular_file(file: Path, max_bytes: int, kind: str = "level file") -> bytes:
    """The bytes of ``file``, a regular file of at most ``max_bytes``; LevelError otherwise.

    The size a file reports is not trusted: at most one byte past the cap is read. A FIFO or a
    device is refused before it is opened, and checked again on the open handle, so neither a
    pipe with no writer nor ``/dev/zero`` can hang the reader or fill the memory.
    """
    try:
        _check_regular(file, file.stat().st_mode, kind)
        # O_NONBLOCK: should the path turn into a FIFO after the check, opening it cannot wait.
        handle = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            _check_regular(file, os.fstat(stream.fileno()).st_mode, kind)
            data = stream.read(max_bytes + 1)
    except OSError as error:
        raise LevelError(f"cannot read {printable(file)}: {error.strerror or error}") from None
    if len(data) > max_bytes:
        size = f"{max_bytes / 2**20:g} MB" if max_bytes >= 2**20 else f"{max_bytes} bytes"
        raise LevelError(f"{printable(file.name)} is larger than {size}, the most for a {kind}")
    return data


def _check_regular(file: Path, mode: int, kind: str) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        what = "a folder"
    elif stat.S_ISFIFO(mode):
        what = "a pipe"
    else:
        what = "a device or a socket"
    raise LevelError(f"{printable(file)} is {what}, not a {kind}")


def replace_file(path: str | Path, content: str | bytes) -> None:
    """Replace the file at ``path`` (or make it) with ``content``, atomically.

    The content goes to a temporary file created exclusively beside the target (``mkstemp``:
    O_EXCL and O_NOFOLLOW, so a link planted at its name is never followed), is synced to disk,
    gets the permissions of the file it replaces (a new file gets what the umask allows), and is
    renamed over the target; then the folder is synced where the system can. Text is written as
    UTF-8, and characters that stand for undecodable bytes (from file names) as those bytes.

    OSError if anything fails; the target is then as it was and no temporary file is left.
    """
    target = Path(path)
    data = content.encode("utf-8", "surrogateescape") if isinstance(content, str) else content
    mode = _mode_for(target)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name[:_TEMPORARY_NAME_ROOM]}.", suffix=".tmp", dir=target.parent
    )
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            if hasattr(os, "fchmod"):
                os.fchmod(stream.fileno(), mode)
        if not hasattr(os, "fchmod"):
            os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _mode_for(file: Path) -> int:
    """The permissions the written file gets: those of the file it replaces, or what a plain
    new file would get (mkstemp makes its file private)."""
    try:
        return stat.S_IMODE(file.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Put the rename itself on disk; systems that cannot open a folder (Windows) skip it."""
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename is done all the same
    finally:
        os.close(handle)
