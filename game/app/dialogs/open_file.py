"""The open-file dialog as a model: a path typed with the folders and level files that match
it listed, Tab to complete, Enter to open (or to hand the file to whoever asked for one, such
as an import); a file that cannot be opened leaves its reason shown.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from game.app import navigation
from game.app.dialogs.text_line import LineCommand, TextLine, TextLineView
from game.app.session import load_collection_file
from game.app.shell import Shell
from game.core.errors import LevelError, printable
from game.core.files import typed_path
from game.core.level_ref import LevelFile

LEVEL_SUFFIXES = (".xsb", ".sok", ".txt")
# A folder with a huge number of entries is only read this far, so typing never stalls.
MAX_SCANNED_ENTRIES = 3000


class OpenKey(Enum):
    """The dialog's own keys, beyond editing the path."""

    OPEN = "open"  # Enter: the typed file, or the chosen name in the typed folder
    COMPLETE = "complete"  # Tab: the chosen name completes the path
    UP = "up"
    DOWN = "down"
    BACK = "back"


@dataclass(frozen=True)
class TakeCandidate:
    """A click on the listed name ``index``: a folder is stepped into, a file opened."""

    index: int


OpenFileCommand = OpenKey | TakeCandidate | LineCommand


@dataclass(frozen=True)
class OpenFileView:
    """The path, the names that match it (folders end with a separator), the chosen one, and
    why the last file could not be opened."""

    field: TextLineView
    candidates: tuple[str, ...]
    chosen: int
    error: str


class OpenFile:
    """A path to type, starting in ``folder``; Enter opens the file it names."""

    def __init__(
        self, shell: Shell, folder: str, take: Callable[[str], None] | None = None
    ) -> None:
        self.shell = shell
        # Who takes the file chosen (None: it is opened as a collection).
        self.take = take
        self.line = TextLine(folder.rstrip(os.sep) + os.sep, clipboard=shell.clipboard)
        self.error = ""
        self.candidates: list[str] = []
        self.chosen = 0
        self._listed_for: str | None = None
        self._list()

    def handle(self, command: OpenFileCommand) -> None:
        match command:
            case OpenKey.BACK:
                self.shell.pop()
            case OpenKey.OPEN:
                typed = os.path.expanduser(self._typed().strip().strip('"'))
                if os.path.isdir(typed) and self.candidates:
                    self._take_candidate()
                else:
                    self._open(self._typed())
            case OpenKey.COMPLETE:
                self._complete()
            case OpenKey.UP | OpenKey.DOWN:
                step = 1 if command is OpenKey.DOWN else -1
                self.chosen = max(0, min(len(self.candidates) - 1, self.chosen + step))
            case TakeCandidate(index):
                if 0 <= index < len(self.candidates):
                    self.chosen = index
                    self._take_candidate()
            case _:
                self.line.handle(command)
                self.error = ""

    def tick(self) -> None:
        """The caret blinks; the names are listed again when the path changed (once a tick
        at most, however fast the typing)."""
        self.line.tick()
        self._list()

    def view(self) -> OpenFileView:
        return OpenFileView(self.line.view(), tuple(self.candidates), self.chosen, self.error)

    def _typed(self) -> str:
        """The path the line names: typed after the folder it starts with, a path from the
        root (``//``) or from home (``/~``) starts again there, as in Emacs: so a whole path
        typed or pasted onto the folder given is the one opened."""
        return restarted(self.line.text)

    def _list(self) -> None:
        if self._listed_for != self.line.text:
            self._listed_for = self.line.text
            self.candidates = list_candidates(self._typed())
            self.chosen = 0

    def _complete(self) -> None:
        if self.candidates:
            folder = os.path.dirname(self._typed())
            self.line.text = os.path.join(folder, self.candidates[self.chosen])

    def _take_candidate(self) -> None:
        """Step into the chosen folder (its names are listed at once), or open the chosen
        file."""
        self._complete()
        if self.line.text.endswith(os.sep):
            self._list()
        else:
            self._open(self._typed())

    def _open(self, path: str) -> None:
        if self.take is not None:
            self._hand_over(self.take, path)
            return
        try:
            collection = load_collection_file(path)
            source = LevelFile(str(typed_path(path)))
        except LevelError as error:
            self.error = str(error)
            return
        navigation.open_collection(self.shell, collection, source)


    def _hand_over(self, take: Callable[[str], None], path: str) -> None:
        """The dialog closes and the file is handed to ``take`` (who reads it, and says what
        it holds); a path that names no file keeps the dialog open, saying so."""
        try:
            file = typed_path(path)
        except LevelError as error:
            self.error = str(error)
            return
        if not file.is_file():
            self.error = f"{printable(str(file))} is not a file"
            return
        self.shell.pop()
        take(str(file))


def restarted(text: str) -> str:
    """``text`` from its last fresh start: a separator doubled, or ``~`` alone after a
    separator, past its first character (a path that begins with ``//`` is left whole).

    >>> restarted("/home/me/levels//tmp/set.xsb"), restarted("/home/me/~/set.xsb")
    ('/tmp/set.xsb', '~/set.xsb')
    """
    separators = {"/", os.sep}
    start = max(text.rfind(first + second, 1) for first in separators for second in separators)
    for separator in separators:
        # Home is ``~`` alone between separators (a folder may be named ``~old``).
        home = max(text.rfind(f"{separator}~{after}", 1) for after in separators)
        if text.endswith(f"{separator}~") and len(text) > 2:
            home = max(home, len(text) - 2)
        start = max(start, home)
    return text if start < 1 else text[start + 1 :]


def list_candidates(typed: str) -> list[str]:
    """Folders (ending with a separator) and level files in the typed folder that match."""
    folder, prefix = os.path.split(os.path.expanduser(typed.strip().strip('"')))
    folders: list[str] = []
    files: list[str] = []
    try:
        with os.scandir(folder or os.curdir) as entries:
            for entry in itertools.islice(entries, MAX_SCANNED_ENTRIES):
                name = entry.name
                if not name.lower().startswith(prefix.lower()):
                    continue
                if name.startswith(".") and not prefix.startswith("."):
                    continue
                if entry.is_dir():
                    folders.append(name + os.sep)
                elif name.lower().endswith(LEVEL_SUFFIXES):
                    files.append(name)
    except (OSError, ValueError):  # ValueError: a NUL typed into the path
        return []
    return sorted(folders, key=str.lower) + sorted(files, key=str.lower)
