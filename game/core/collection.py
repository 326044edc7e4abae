"""Collections: many levels in one .xsb, .sok or .txt file, with titles, authors and comments.

Reading keeps the good levels of a file and reports the bad ones; writing gives standard XSB.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from game.core.digits import count_of, is_count, shortened
from game.core.errors import LevelError, printable
from game.core.level import Level
from game.core.xsb import BOARD_CHARACTERS, Dialect, parse_level

MAX_FILE_BYTES = 5 * 1024 * 1024
_KEYS = ("title", "author", "comment", "comment-end")


@dataclass
class Collection:
    """The levels of one file, its own metadata, and the levels that could not be read."""

    title: str = ""
    author: str = ""
    comment: str = ""
    levels: list[Level] = field(default_factory=list)
    errors: list[LevelError] = field(default_factory=list)

    def find(self, selector: str) -> Level:
        """A level by 1-based number or by title (case-insensitive); LevelError if none."""
        digits = selector.strip()
        if is_count(digits):
            number = count_of(digits, len(self.levels))
            if not 1 <= number <= len(self.levels):
                raise LevelError(
                    f"level {shortened(digits.lstrip('0') or '0')} does not exist: "
                    f"the file has {len(self.levels)}"
                )
            return self.levels[number - 1]
        wanted = selector.strip().casefold()
        for level in self.levels:
            if level.title.strip().casefold() == wanted:
                return level
        raise LevelError(f"no level is titled {shortened(selector)!r}")


def is_board_line(line: str) -> bool:
    """A line that draws part of a board rather than saying something about one."""
    text = line.rstrip()
    if not text or text.lstrip().startswith(";") or "#" not in text:
        return False
    known = sum(1 for ch in text if ch in BOARD_CHARACTERS)
    return known >= 0.8 * len(text)


def _key_of(line: str) -> tuple[str, str] | None:
    """``Key: value`` lines, with the key lowercased; None for free text."""
    head, sep, value = line.partition(":")
    if not sep or not head.strip() or " " in head.strip() or head.strip().startswith(";"):
        return None
    return head.strip().lower(), value.strip()


@dataclass
class _Draft:
    first_line: int
    rows: list[str]
    before: list[str]
    after: list[str] = field(default_factory=list)


def read_collection_text(text: str, dialect: Dialect = Dialect.AUTO) -> Collection:
    """Parse a whole collection; bad levels land in ``errors`` and the rest load."""
    lines = text.splitlines()
    drafts: list[_Draft] = []
    pending: list[str] = []
    index = 0
    while index < len(lines):
        if not is_board_line(lines[index]):
            pending.append(lines[index])
            index += 1
            continue
        start = index
        while index < len(lines) and is_board_line(lines[index]):
            index += 1
        draft = _Draft(start + 1, lines[start:index], pending)
        # Key lines right after a board (SOK style) belong to it, up to the first blank line.
        while index < len(lines) and lines[index].strip() and not is_board_line(lines[index]):
            draft.after.append(lines[index])
            index += 1
        drafts.append(draft)
        pending = []

    collection = Collection()
    if drafts:
        paragraphs = _paragraphs(drafts[0].before)
        header = [line for paragraph in paragraphs[:-1] for line in paragraph]
        drafts[0].before = paragraphs[-1] if paragraphs else []
        _apply_header(collection, header)
    else:
        _apply_header(collection, pending)
    for number, draft in enumerate(drafts, start=1):
        title, author, comment, extra = _metadata(draft.before + draft.after)
        try:
            collection.levels.append(
                parse_level(draft.rows, dialect, draft.first_line, title, author, comment, extra)
            )
        except LevelError as error:
            if error.title is None:
                named = title or f"#{number}"
                error = LevelError(error.reason, error.line, error.column, named)
            collection.errors.append(error)
    return collection


def _paragraphs(lines: list[str]) -> list[list[str]]:
    result: list[list[str]] = []
    current: list[str] = []
    for line in lines:
        if line.strip():
            current.append(line)
        elif current:
            result.append(current)
            current = []
    if current:
        result.append(current)
    return result


def _apply_header(collection: Collection, lines: list[str]) -> None:
    title, author, comment, _ = _metadata(lines)
    collection.title, collection.author, collection.comment = title, author, comment


def _metadata(lines: list[str]) -> tuple[str, str, str, tuple[tuple[str, str], ...]]:
    """Title, author, comment and other keys from the text around a board."""
    title = author = ""
    comments: list[str] = []
    extra: list[tuple[str, str]] = []
    free: list[str] = []
    in_comment = False
    for line in lines:
        key = _key_of(line)
        if in_comment:
            if key and key[0] == "comment-end":
                in_comment = False
            else:
                comments.append(line.rstrip())
            continue
        if key is None:
            stripped = line.strip()
            if stripped:
                free.append(stripped.lstrip(";").strip())
            continue
        name, value = key
        if name == "title":
            title = value
        elif name == "author":
            author = value
        elif name == "comment":
            if value:
                comments.append(value)
            else:
                in_comment = True
        elif name != "comment-end":
            extra.append((line.partition(":")[0].strip(), value))
    if not title and free:
        title = free.pop()
    comments = free + comments
    return title, author, "\n".join(comments), tuple(extra)


def read_collection(path: str | Path, dialect: Dialect = Dialect.AUTO) -> Collection:
    """Read a collection file; LevelError if it is missing, too big or not text."""
    file = Path(path)
    data = read_level_bytes(file)
    if b"\x00" in data:
        raise LevelError(f"{printable(file.name)} is not a text file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    collection = read_collection_text(text, dialect)
    if not collection.title:
        collection.title = file.stem
    if not collection.levels and not collection.errors:
        raise LevelError(f"{file.name} holds no level")
    return collection


def read_level_bytes(file: Path) -> bytes:
    """The bytes of a level file: a regular file of at most 5 MB; LevelError otherwise.

    The size a file reports is not trusted: at most one byte past the cap is read. A FIFO or a
    device is refused before it is opened, and checked again on the open handle, so neither a
    pipe with no writer nor ``/dev/zero`` can hang the reader or fill the memory.
    """
    try:
        _check_regular(file, file.stat().st_mode)
        # O_NONBLOCK: should the path turn into a FIFO after the check, opening it cannot wait.
        handle = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            _check_regular(file, os.fstat(stream.fileno()).st_mode)
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise LevelError(f"cannot read {printable(file)}: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise LevelError(f"{printable(file.name)} is larger than 5 MB, the most for a level file")
    return data


def _check_regular(file: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        kind = "a folder"
    elif stat.S_ISFIFO(mode):
        kind = "a pipe"
    else:
        kind = "a device or a socket"
    raise LevelError(f"{printable(file)} is {kind}, not a level file")


def collection_to_text(collection: Collection) -> str:
    """Standard XSB text that reads back to the same levels and metadata."""
    out: list[str] = []
    if collection.title:
        out.append(f"Title: {collection.title}")
    if collection.author:
        out.append(f"Author: {collection.author}")
    _write_comment(out, collection.comment)
    if out:
        out.append("")
    for level in collection.levels:
        out.append(f"; {level.title}" if level.title else ";")
        out.extend(level.rows())
        if level.author:
            out.append(f"Author: {level.author}")
        for key, value in level.extra:
            out.append(f"{key}: {value}")
        _write_comment(out, level.comment)
        out.append("")
    return "\n".join(out)


def _write_comment(out: list[str], comment: str) -> None:
    if not comment:
        return
    if "\n" in comment or _key_of(comment) is not None:
        out.append("Comment:")
        out.extend(comment.splitlines())
        out.append("Comment-End:")
    else:
        out.append(f"Comment: {comment}")


def write_collection(collection: Collection, path: str | Path) -> None:
    """Write atomically, so a crash never leaves half a file behind."""
    file = Path(path)
    temporary = file.with_name(file.name + ".tmp")
    temporary.write_text(collection_to_text(collection) + "\n", encoding="utf-8")
    temporary.replace(file)
