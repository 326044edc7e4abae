"""The pieces the hostile run builds its cases from: the case and its outcome, hostile text and
paths, level files, progress stores (whole, damaged, locked) and the checks cases share.

Used by ``tools/hostile_run.py`` and its case modules; nothing here runs a command itself.
"""

from __future__ import annotations

import hashlib
import os
import random
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

# Text after a line break in a hostile name or title: an output line that starts with it
# means a line break reached the terminal raw.
MARK = "ZQX"
GIB = 2**30
# Pieces that move the cursor, recolour, retitle the window or erase when printed raw.
CONTROLS = (
    "\x1b[31m", "\x1b]0;owned\x07", "\x1b[2J", "\x1bc", "\x08", "\x7f", "\x07", "\x9b31m",
    "\x90", "\x85", "\r", "\x0b", "\x0c", "\x1b[1A", "\x18", "\x1b[6n",
)
ODD = ("\u202e", "\u2028", "\u200b", "é", "日本", "🙂", "\ufeff", " ", "\t", ";", ":", "#")
WORDS = ("alpha", "box", "goal", "Level", "x", "The End", "Title", "Comment", "42", "-1")

WALK = "########\n#@     #\n###### #\n#.  $  #\n########"
MICRO = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####"
TINY = "#####\n#@$.#\n#####"
# (title, rows, a solution); the first is also the campaign's level 1.
GOOD_LEVELS = (
    ("Walk", WALK, "rrrrrddlLLL"),
    ("Micro", MICRO, "dlUrrrdLullddrUluRuulDrddrruLdlUU"),
    ("Tiny", TINY, "R"),
)
CAMPAIGN_ONE_KEYS = ["right"] * 5 + ["down"] * 2 + ["left"] * 4  # rrrrrddllll solves it
STORE = "home/progress.sqlite3"
LEVELS = "in/levels.xsb"
LEVEL3 = [LEVELS, "--level", "3"]


@dataclass
class Outcome:
    """What one run of a case did."""

    box: Path
    returncode: int
    stdout: bytes
    stderr: bytes
    seconds: float
    peak_bytes: int
    timed_out: bool
    left_running: bool
    changed: list[str]  # sandbox paths added, removed or modified
    before: dict[str, tuple[object, ...]]

    @property
    def out(self) -> str:
        return self.stdout.decode("utf-8", "surrogateescape")

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8", "surrogateescape")


Check = Callable[[Outcome], "str | None"]
Argv = Sequence[str | bytes]


@dataclass
class Case:
    """One command with the files it finds and what it may change; see hostile_run's verdict.

    ``argv`` follows ``python -m game``; bytes hold names that are not UTF-8. ``writable`` lists
    the sandbox paths (prefixes) the command may change; ``checks`` say what else must hold.
    """

    klass: int
    label: str
    argv: Argv
    build: Callable[[Path], None] = lambda box: None
    env: dict[str, str | bytes] = field(default_factory=dict)
    writable: tuple[str, ...] = ()
    checks: tuple[Check, ...] = ()
    time_limit: float = 20.0
    must_refuse: bool = False  # working is wrong too (an empty path taken as absent)
    refuse_within: float | None = None  # a refusal after this many seconds came after the work
    lock_seconds: float = 0.0  # another process holds the store's exclusive lock this long
    kill_after: float | None = None  # SIGKILL the game's own process after this long
    file_size_limit: int | None = None  # RLIMIT_FSIZE: a disk that fills up after so many bytes


def command_name(argv: Argv) -> str:
    return os.fsdecode(argv[0])


def pick(rng: random.Random, *forms: Argv) -> Argv:
    """One of the command lines."""
    return rng.choice(forms)


# -- hostile text ---------------------------------------------------------------------------
def hostile_text(rng: random.Random, pieces: int = 4, line_break: bool = False) -> str:
    """Words mixed with control sequences and odd characters (a line break then MARK too)."""
    parts = [rng.choice(WORDS)]
    for _ in range(pieces):
        parts.append(rng.choice(CONTROLS) if rng.random() < 0.6 else rng.choice(ODD))
        parts.append(rng.choice(WORDS))
    if line_break:
        parts.insert(rng.randrange(1, len(parts) + 1), rng.choice(("\n", "\r\n", "\r")) + MARK)
    return "".join(parts)


def has_raw_control(data: bytes) -> bool:
    """True when printed bytes hold a control character other than tab and newline: C0, DEL,
    or C1 (as UTF-8, or as a lone byte a Latin-1 terminal would obey)."""
    for char in data.decode("utf-8", "surrogateescape"):
        code = ord(char)
        if char in "\t\n":
            continue
        if code < 0x20 or code == 0x7F or 0x80 <= code <= 0x9F or 0xDC80 <= code <= 0xDC9F:
            return True
    return False


def split_lines(text: str) -> list[str]:
    """Lines as a terminal or a log reader may split them (CR, vertical tab, NEL, U+2028 ...)."""
    return text.splitlines()


# -- level files ----------------------------------------------------------------------------
def level_block(title: str, rows: str, author: str = "", comment: str = "",
                keys: tuple[tuple[str, str], ...] = ()) -> str:
    lines = [f"; {title}" if not title.startswith(";") else f"Title: {title}", rows]
    if author:
        lines.append(f"Author: {author}")
    lines.extend(f"{key}: {value}" for key, value in keys)
    if comment:
        lines.append(f"Comment: {comment}" if "\n" not in comment else
                     f"Comment:\n{comment}\nComment-End:")
    return "\n".join(lines) + "\n"


def collection_text(rng: random.Random, payload: Callable[[], str] | None = None,
                    count: int = 3) -> str:
    """A collection of the good levels; ``payload`` (if given) fills some metadata fields."""

    def field_text(default: str) -> str:
        return payload() if payload is not None and rng.random() < 0.5 else default

    header = f"Title: {field_text('Hostile set')}\nAuthor: {field_text('the run')}\n\n"
    blocks = []
    for number in range(count):
        title, rows, _ = GOOD_LEVELS[number % len(GOOD_LEVELS)]
        blocks.append(level_block(
            field_text(f"{title} {number + 1}"), rows, field_text(""), field_text(""),
            (("Date", field_text("2025")),) if rng.random() < 0.3 else (),
        ))
    if payload is not None and not any(payload_marker in "".join(blocks)
                                       for payload_marker in ("\x1b", "\x9b", "\x7f", MARK)):
        blocks[0] = level_block(payload(), GOOD_LEVELS[0][1])
    return header + "\n".join(blocks)


def encoded(text: str, rng: random.Random) -> bytes:
    """The text as a file holds it: UTF-8 mostly, else Latin-1 (raw C1 bytes) where it can."""
    if rng.random() < 0.3:
        try:
            return text.encode("latin-1")
        except UnicodeEncodeError:
            pass
    return text.encode("utf-8", "surrogateescape")


def big_level(width: int, height: int, title: str = "big") -> str:
    """An open walled room of the given size with one box, its goal and the player."""
    rows = ["#" * width]
    rows.extend("#" + " " * (width - 2) + "#" for _ in range(height - 2))
    rows.append("#" * width)
    middle = list(rows[1])
    middle[1], middle[2], middle[3] = "@", "$", "."
    rows[1] = "".join(middle)
    return f"; {title}\n" + "\n".join(rows) + "\n"


def path_commands(path: str | bytes) -> list[Argv]:
    """Every place a path goes in: files read and files written."""
    return [
        ["show", path], ["list", path], ["verify", path, "--solution", "R"],
        ["solve", path, "--time-limit", "1"], ["play", path, "--headless", "--replay", "r"],
        ["edit", path, "--headless"], ["convert", LEVELS, "--out", path],
        ["convert", path, "--out", "out/c.xsb"],
        ["bench", LEVELS, "--levels", "3", "--time-limit", "1", "--csv", path],
        ["bench", LEVELS, "--levels", "3", "--time-limit", "1", "--compare", path],
        ["play", *LEVEL3, "--headless", "--input", path],
        ["play", *LEVEL3, "--headless", "--replay", "R", "--screenshot", path],
        ["play", *LEVEL3, "--headless", "--input", "in/shot.txt"],
        ["edit", "--new", "5x5", "--headless", "--input", path],
        ["--headless", "--input", path], ["progress", "export", path],
        ["progress", "import", path],
    ]


def shot_script(path: str | bytes) -> bytes:
    return b"wait 1\nshot " + (path.encode("utf-8", "surrogateescape")
                               if isinstance(path, str) else path) + b"\n"


# -- the sandbox ----------------------------------------------------------------------------
def put(box: Path, relative: str | bytes, data: bytes | str = b"", mode: int | None = None) -> Path:
    """Write a file in the sandbox (folders made as needed)."""
    path = Path(os.fsdecode(os.path.join(os.fsencode(box), os.fsencode(relative))))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data)
    if mode is not None:
        path.chmod(mode)
    return path


def fifo(box: Path, relative: str) -> None:
    path = box / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


def script(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def solving_script() -> str:
    """The headless game from its menu: open campaign level 1, solve it, wait."""
    return script(["wait 1", "key return", "wait 5",
                   *[f"key {key}" for key in CAMPAIGN_ONE_KEYS], "wait 60"])


def editor_script() -> str:
    """The headless editor on --new 7x3: type a level and save it (as Mine, in My levels)."""
    return script(["wait 1", "text #######", "key return", "text #@ $ .#", "key return",
                   "text #######", "key ctrl+s", "text Mine", "key return", "wait 30"])


def snapshot(root: Path) -> dict[str, tuple[object, ...]]:
    """Every entry under ``root`` (never following links): type, permissions and content."""
    found: dict[str, tuple[object, ...]] = {}
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            kind = stat.S_IFMT(info.st_mode)
            content: object = None
            if stat.S_ISREG(info.st_mode):
                if info.st_size <= 8 * 2**20:
                    with open(path, "rb") as handle:
                        content = hashlib.sha1(handle.read()).hexdigest()
                else:
                    content = (info.st_size, info.st_mtime_ns)
            elif stat.S_ISLNK(info.st_mode):
                content = os.readlink(path)
            found[os.path.relpath(path, root)] = (kind, stat.S_IMODE(info.st_mode), content)
    return found


# -- checks shared by cases ------------------------------------------------------------------
def written_if_worked(relative: str) -> Check:
    def check(outcome: Outcome) -> str | None:
        if outcome.returncode == 0 and not (outcome.box / relative).exists():
            return "said written, missing"
        return None

    return check
