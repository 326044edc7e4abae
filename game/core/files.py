"""Reading and writing the player's files safely: a capped reader of regular files, one atomic
write that replaces a file whole or leaves it as it was, and the lock that makes a read, merge
and write of one file by two programs of the game one after the other.

Level files, input scripts, progress imports and bench CSVs are read here; collections, the
player's levels and progress exports are written here.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from game.core.errors import LevelError, printable
from game.core.problems import Problem, refusal

# The temporary file's name is ".NAME.XXXXXXXX.tmp"; a long NAME is cut so that this name stays
# within the 255 bytes a file name may have wherever the target's own name fits.
_TEMPORARY_NAME_ROOM = 100
# The longest file name most file systems take, in bytes, where the system cannot say.
NAME_MAX = 255
# The longest path the system opens, in bytes (Linux's PATH_MAX; other systems take less, and
# say so themselves when asked).
PATH_MAX = 4096
# How long a save waits for another copy of the game to finish writing the same file.
LOCK_WAIT = 5.0
_LOCK_POLL = 0.02


# U+FEFF, which some editors and clipboards put before UTF-8 text: no part of the text (read as
# a character, it hid the first solution of a file or a paste).
BYTE_ORDER_MARK = "\ufeff"


def without_byte_order_mark(text: str) -> str:
    """``text`` as it enters the game from a file or the clipboard: the byte-order mark gone."""
    return text.removeprefix(BYTE_ORDER_MARK)


def typed_path(text: str) -> Path:
    """A path as the player typed or pasted it: surrounding blanks and quotes dropped, ``~``
    expanded; LevelError in one line if it holds a NUL or its ``~user`` names nobody.

    >>> str(typed_path(' "levels.xsb" '))
    'levels.xsb'
    """
    cleaned = text.strip().strip('"')
    if "\0" in cleaned:
        raise LevelError("the path holds a NUL character")
    try:
        return Path(cleaned).expanduser()
    except RuntimeError:  # ~user for a user the system does not know
        user = cleaned.split("/", 1)[0].split(os.sep, 1)[0]
        raise LevelError(f"{printable(user)} names no user of this computer") from None


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
    except LevelError:
        raise
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise LevelError(f"cannot read {printable(file)}: {_reason(error)}") from None
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


class ForeignFileError(OSError):
    """What is at a path the game was to write is not a plain file it may replace."""


def replace_problem(path: Path) -> Problem | None:
    """Why the game must not write over what is at ``path`` (REFUSED, in one line), or None
    when nothing is there or a plain file is: a link (what it points to is not the game's to
    replace, and the link itself is the player's), a folder, a pipe, a device or a socket.

    A name the system cannot look up (too long, a NUL in it) is said so too."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        return refusal(f"cannot write there: {_reason(error)}")
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return refusal("it is a link; the game writes only plain files, never through a link")
    if stat.S_ISDIR(mode):
        return refusal("it is a folder; give the name of a file to write")
    return refusal("it is a pipe, a device or a socket, not a plain file")


def _reason(error: OSError | ValueError) -> str:
    if isinstance(error, ValueError):
        return "the name holds a NUL character"
    if error.errno == errno.ENAMETOOLONG:
        return "the path is too long"
    return error.strerror or str(error)


def replace_file(path: str | Path, content: str | bytes) -> None:
    """Replace the file at ``path`` (or make it) with ``content``, atomically.

    The content goes to a temporary file created exclusively beside the target (``mkstemp``:
    O_EXCL and O_NOFOLLOW, so a link planted at its name is never followed), is synced to disk,
    gets the permissions of the file it replaces (a new file gets what the umask allows), and is
    renamed over the target; then the folder is synced where the system can. Text is written as
    UTF-8, and characters that stand for undecodable bytes (from file names) as those bytes.

    A link, a folder, a pipe or a device at ``path`` is never replaced (ForeignFileError).
    OSError if anything fails; the target is then as it was and no temporary file is left.
    """
    target = Path(path)
    problem = replace_problem(target)
    if problem is not None:
        raise ForeignFileError(errno.EEXIST, problem.text)
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


@contextlib.contextmanager
def file_lock(target: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold, while the block runs, the lock every program of the game takes before it reads,
    merges and rewrites ``target``: so a second editor saving into the same collection reads
    the first one's level before it writes, and neither is lost.

    The lock is the system's advisory lock on ``.NAME.lock`` beside the target (made if need
    be, never followed as a link); it ends with the process, so a killed game holds nothing.
    OSError if it is not free within ``wait`` seconds, or cannot be taken."""
    lock_name = target.parent / f".{target.name[:_TEMPORARY_NAME_ROOM]}.lock"
    handle = os.open(lock_name, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        deadline = time.monotonic() + wait
        while not _try_lock(handle):
            if time.monotonic() > deadline:
                raise OSError(errno.EAGAIN, "another copy of the game is writing it; try again")
            time.sleep(_LOCK_POLL)
        yield
    finally:
        os.close(handle)  # closing the handle lets the lock go


def _try_lock(handle: int) -> bool:
    """Take the lock on ``handle`` without waiting; False if another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
