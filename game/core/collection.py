"""Collections: many levels in one .xsb, .sok or .txt file, with titles, authors and comments.

Reading keeps the good levels of a file and reports the bad ones; writing gives standard XSB.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.core.digits import count_of, is_count, shortened
from game.core.errors import LevelError, printable
from game.core.files import name_text, read_regular_file, replace_file
from game.core.level import Level
from game.core.solution_sections import solution_sections
from game.core.wording import counted
from game.core.xsb import BOARD_CHARACTERS, Dialect, parse_level

MAX_FILE_BYTES = 5 * 1024 * 1024
# What is left of a line without its board characters: a row may have a few typing mistakes.
_DROP_BOARD_CHARACTERS = str.maketrans("", "", "".join(BOARD_CHARACTERS))
_KEYS = ("title", "author", "comment", "comment-end")


@dataclass
class Collection:
    """The levels of one file, its own metadata, and the levels that could not be read."""

    title: str = ""
    author: str = ""
    comment: str = ""
    levels: list[Level] = field(default_factory=list)
    errors: list[LevelError] = field(default_factory=list)
    # Other keys of the file's header, such as ("Date", "2024"), in their order.
    extra: tuple[tuple[str, str], ...] = ()
    # The place in the file of each level of ``levels`` (1-based): a level that cannot be
    # played keeps its number, so the levels after it keep theirs, as other programs number
    # them. Empty for levels not read from a file (numbered 1, 2, ... as they are).
    numbers: list[int] = field(default_factory=list)

    @property
    def file_count(self) -> int:
        """How many levels the file has, those that cannot be played included."""
        return len(self.levels) + len(self.errors)

    def number_of(self, index: int) -> int:
        """The number of ``levels[index]`` in its file."""
        if len(self.numbers) == len(self.levels):
            return self.numbers[index]
        return index + 1

    def index_of(self, number: int) -> int | None:
        """Where the file's level ``number`` is in ``levels``; None if it is not there."""
        return next((i for i in range(len(self.levels)) if self.number_of(i) == number), None)

    def find_index(self, selector: str) -> int:
        """The index in ``levels`` of a level chosen by its number in the file or its title
        (case-insensitive); LevelError if none, saying why a level that cannot be played
        cannot."""
        digits = selector.strip()
        if is_count(digits):
            number = count_of(digits, self.file_count)
            index = self.index_of(number)
            if index is not None:
                return index
            unplayable = next((e for e in self.errors if e.number == number), None)
            if unplayable is not None:
                raise LevelError(f"level {number} cannot be played: {unplayable.reason}")
            raise LevelError(
                f"level {shortened(digits.lstrip('0') or '0')} does not exist: "
                f"the file has {counted(self.file_count, 'level')}"
            )
        wanted = selector.strip().casefold()
        for index, level in enumerate(self.levels):
            if level.title.strip().casefold() == wanted:
                return index
        raise LevelError(f"no level is titled {shortened(selector)!r}")

    def find(self, selector: str) -> Level:
        """A level by its number in the file or by its title; LevelError if none."""
        return self.levels[self.find_index(selector)]


def is_board_line(line: str) -> bool:
    """A line that draws part of a board rather than saying something about one.

    >>> is_board_line("#@$.#"), is_board_line(";#####"), is_board_line("Title: #####")
    (True, False, False)
    """
    text = line.rstrip()
    if not text or "#" not in text or text.lstrip().startswith(";"):
        return False
    others = len(text.translate(_DROP_BOARD_CHARACTERS))
    if others and ":" in text and _key_of(text) is not None:
        return False  # no board holds a colon: this is a key line
    return others <= 0.2 * len(text)


def _key_of(line: str) -> tuple[str, str] | None:
    """``Key: value`` lines, with the key lowercased; None for free text."""
    head, sep, value = line.partition(":")
    if not sep or not head.strip() or " " in head.strip() or head.strip().startswith(";"):
        return None
    return head.strip().lower(), value.strip()


def _is_block_mark(line: str) -> bool:
    """``Comment:`` with nothing after it, or ``Comment-End:``: the lines that bound a block."""
    key = _key_of(line)
    return key is not None and (key == ("comment", "") or key[0] == "comment-end")


def _comment_blocks(lines: list[str]) -> dict[int, int]:
    """Where each ``Comment:`` ... ``Comment-End:`` block starts and ends (both inclusive).

    A block holds anything, boards too. A ``Comment:`` that is never closed is an empty
    comment; so is one followed by another ``Comment:`` before its end.
    """
    blocks: dict[int, int] = {}
    start: int | None = None
    for index, line in enumerate(lines):
        if ":" not in line or not _is_block_mark(line):
            continue
        if _key_of(line) == ("comment", ""):
            start = index
        elif start is not None:
            blocks[start] = index
            start = None
    return blocks


def inside_comment_blocks(lines: list[str]) -> list[bool]:
    """For each line, whether it lies in a ``Comment:`` ... ``Comment-End:`` block."""
    inside = [False] * len(lines)
    for start, end in _comment_blocks(lines).items():
        inside[start : end + 1] = [True] * (end + 1 - start)
    return inside


def board_lines(lines: list[str], inside: list[bool]) -> list[bool]:
    """For each line, whether it draws part of a board (never one inside a comment block)."""
    return [not inside[i] and is_board_line(line) for i, line in enumerate(lines)]


@dataclass(slots=True)
class _Draft:
    first_line: int
    rows: list[str]
    before: list[str]
    after: list[str] = field(default_factory=list)


def read_collection_text(text: str, dialect: Dialect = Dialect.AUTO) -> Collection:
    """Parse a whole collection; bad levels land in ``errors`` and the rest load.

    >>> collection = read_collection_text("; One\\n#####\\n#@$.#\\n#####\\n; by me")
    >>> [(level.title, level.comment) for level in collection.levels]
    [('One', 'by me')]
    """
    lines = text.splitlines()
    inside = inside_comment_blocks(lines)
    # Solution sections are a SOK file's moves, not text about a level (game.core.sok reads
    # them): they are read as blank lines, so no comment or title holds them and every line
    # keeps its number. A ``Solution: ...`` key line stays a key of its level.
    for section in solution_sections(lines, inside):
        for index in section.moves_lines(keep_key=True):
            lines[index] = ""
    board = board_lines(lines, inside)
    drafts: list[_Draft] = []
    pending: list[str] = []
    index = 0
    while index < len(lines):
        if not board[index]:
            pending.append(lines[index])
            index += 1
            continue
        start = index
        while index < len(lines) and board[index]:
            index += 1
        draft = _Draft(start + 1, lines[start:index], pending)
        # Key lines and comment blocks right after a board (SOK style) belong to it; a blank
        # line or free text (the next level's title, say) ends them.
        while index < len(lines) and (inside[index] or _key_of(lines[index]) is not None):
            draft.after.append(lines[index])
            index += 1
        drafts.append(draft)
        pending = []

    collection = Collection()
    if not drafts:
        _apply_header(collection, pending)
        return collection
    paragraphs = _paragraphs(drafts[0].before)
    _apply_header(collection, [line for paragraph in paragraphs[:-1] for line in paragraph])
    drafts[0].before = paragraphs[-1] if paragraphs else []
    # Text after the last level is kept as the end of its comment, not dropped.
    trailing = [line.strip().lstrip(";").strip() for line in pending]
    for number, draft in enumerate(drafts, start=1):
        title, author, comment, extra = _metadata(draft.before + draft.after)
        if number == len(drafts):
            comment = "\n".join(_trimmed_lines([comment, *trailing]))
        try:
            collection.levels.append(
                parse_level(draft.rows, dialect, draft.first_line, title, author, comment, extra)
            )
            collection.numbers.append(number)
        except LevelError as error:
            named = error.title or title or f"#{number}"
            collection.errors.append(
                LevelError(error.reason, error.line, error.column, named, number)
            )
    return collection


def _trimmed_lines(lines: list[str]) -> list[str]:
    """``lines`` without the empty ones at either end."""
    first = next((i for i, line in enumerate(lines) if line), len(lines))
    last = next((i for i in range(len(lines) - 1, -1, -1) if lines[i]), first - 1)
    return lines[first : last + 1]


def _paragraphs(lines: list[str]) -> list[list[str]]:
    """Runs of lines split at blank lines; a blank line inside a comment block splits nothing."""
    inside = inside_comment_blocks(lines)
    result: list[list[str]] = []
    current: list[str] = []
    for line, in_block in zip(lines, inside, strict=True):
        if line.strip() or in_block:
            current.append(line)
        elif current:
            result.append(current)
            current = []
    if current:
        result.append(current)
    return result


def _apply_header(collection: Collection, lines: list[str]) -> None:
    title, author, comment, extra = _metadata(lines)
    collection.title, collection.author, collection.comment = title, author, comment
    collection.extra = extra


def _metadata(lines: list[str]) -> tuple[str, str, str, tuple[tuple[str, str], ...]]:
    """Title, author, comment and other keys from the text around a board.

    Free text (``; by me``) is comment, except that its last line is the title when no
    ``Title:`` key gives one.
    """
    title: str | None = None
    author = ""
    comments: list[str] = []
    extra: list[tuple[str, str]] = []
    free: list[str] = []
    blocks = _comment_blocks(lines)
    index = 0
    while index < len(lines):
        if index in blocks:
            comments.extend(line.rstrip() for line in lines[index + 1 : blocks[index]])
            index = blocks[index] + 1
            continue
        line = lines[index]
        index += 1
        key = _key_of(line)
        if key is None:
            text = line.strip().lstrip(";").strip()
            if text:
                free.append(text)
            continue
        name, value = key
        if name == "title":
            title = value
        elif name == "author":
            author = value
        elif name == "comment":
            if value:
                comments.append(value)
        elif name != "comment-end":
            extra.append((line.partition(":")[0].strip(), value))
    if title is None:
        title = free.pop() if free else ""
    return title, author, "\n".join(free + comments), tuple(extra)


def level_file_text(file: Path) -> str:
    """The text of a level file (UTF-8 with or without a BOM, else Latin-1); LevelError if it
    is missing, too big or not text."""
    data = read_regular_file(file, MAX_FILE_BYTES)
    if b"\x00" in data:
        raise LevelError(f"{printable(file.name)} is not a text file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_collection(path: str | Path, dialect: Dialect = Dialect.AUTO) -> Collection:
    """Read a collection file; LevelError if it is missing, too big or not text."""
    file = Path(path)
    collection = read_collection_text(level_file_text(file), dialect)
    if not collection.title:
        # A name that is not UTF-8 would stop the window's caption and the store.
        collection.title = name_text(file.stem)
    if not collection.levels and not collection.errors:
        raise LevelError(f"{printable(file.name)} holds no level")
    return collection


def collection_to_text(
    collection: Collection, after_levels: Sequence[Sequence[str]] = ()
) -> str:
    """Standard XSB text that reads back to the same levels and metadata; ``after_levels[i]``
    are lines written after level ``i`` (its solutions, see game.core.sok).

    >>> level = read_collection_text("#####\\n#@$.#\\n#####").levels[0]
    >>> print(collection_to_text(Collection(title="Mine", levels=[level])))
    Title: Mine
    <BLANKLINE>
    ;
    #####
    #@$.#
    #####
    <BLANKLINE>
    """
    out: list[str] = []
    if collection.title:
        out.append(f"Title: {collection.title}")
    _write_keys(out, collection.author, collection.extra, collection.comment)
    if out:
        out.append("")
    for index, level in enumerate(collection.levels):
        # "; title" is the usual form; a title that starts with ";" needs the key to survive.
        if level.title.startswith(";"):
            out.append(f"Title: {level.title}")
        else:
            out.append(f"; {level.title}" if level.title else ";")
        out.extend(level.rows())
        _write_keys(out, level.author, level.extra, level.comment)
        if index < len(after_levels):
            out.extend(after_levels[index])
        out.append("")
    return "\n".join(out)


def _write_keys(
    out: list[str], author: str, extra: tuple[tuple[str, str], ...], comment: str
) -> None:
    if author:
        out.append(f"Author: {author}")
    out.extend(f"{key}: {value}" for key, value in extra)
    if not comment:
        return
    if "\n" not in comment and comment == comment.strip():
        out.append(f"Comment: {comment}")
        return
    block: list[str] = []
    for line in [*comment.split("\n"), None]:
        if line is not None and not _is_block_mark(line):
            block.append(line)
            continue
        if block:
            out.extend(["Comment:", *block, "Comment-End:"])
            block = []
        if line is not None:
            # A line that would open or close a block goes alone on a Comment: line.
            out.append(f"Comment: {line}")


def write_collection(collection: Collection, path: str | Path) -> None:
    """Write the collection as standard XSB, atomically (see :func:`replace_file`): a crash
    never leaves half a file. OSError if it cannot be written."""
    replace_file(path, collection_to_text(collection) + "\n")
