"""Hostile cases about text: control bytes in what is printed (class 1), empty paths taken as
absent (7) and messages broken over lines (8).

Each generator takes a seeded ``random.Random`` and returns one case (see hostile_kit.Case).
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from hostile_kit import (
    LEVELS,
    STORE,
    Argv,
    Case,
    Check,
    Outcome,
    collection_text,
    command_name,
    encoded,
    hostile_text,
    path_commands,
    pick,
    put,
    shot_script,
)
from hostile_stores import FIXTURE

# Controls a level file keeps inside a title or comment (line breaks split the line instead).
KEPT_CONTROLS = "\x1b\x08\x7f\x07\x9b\x90\x18"


def good_levels(rng: random.Random) -> str:
    return collection_text(rng, None)


def file_name(text: str) -> str:
    """``text`` made into one file name (no separator, no NUL)."""
    return text.replace("/", "_").replace("\x00", "_")[:200] or "x"


# -- class 1: control bytes printed raw ------------------------------------------------------
def keeps_controls(text: str, relative: str) -> Check:
    """The rewritten file keeps every control character of the input's titles and comments."""
    wanted = {char for char in text if char in KEPT_CONTROLS}

    def check(outcome: Outcome) -> str | None:
        path = outcome.box / relative
        if outcome.returncode != 0 or not wanted:
            return None
        if not path.is_file():
            return "said written, missing"
        found = set(path.read_bytes().decode("utf-8", "surrogateescape"))
        return "rewritten file lost text" if wanted - found else None

    return check


def _hostile_store(box: Path, rng: random.Random) -> None:
    """The fixture store with hostile collection and level titles."""
    path = put(box, STORE, FIXTURE.store)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE collections SET title = ?", (hostile_text(rng, 3),))
    connection.execute("UPDATE level_records SET title = ?", (hostile_text(rng, 3),))
    connection.commit()
    connection.close()


def control_bytes(rng: random.Random) -> Case:
    text = collection_text(rng, lambda: hostile_text(rng, rng.randint(1, 4)))
    data = encoded(text, rng)
    name = LEVELS if rng.random() < 0.7 else f"in/{file_name(hostile_text(rng, 2))}.xsb"
    command = rng.choice(("show", "show", "list", "list", "verify", "convert", "bench", "solve",
                          "play", "missing", "store", "selector"))
    level = rng.choice(("1", "2", "3"))
    checks: tuple[Check, ...] = ()
    writable: tuple[str, ...] = ()
    store_seed = rng.random()
    argv: Argv
    if command == "show":
        argv = ["show", name, "--level", level]
    elif command == "list":
        argv = ["list", name]
    elif command == "verify":
        argv = ["verify", name, "--level", "3",
                "--solution", rng.choice(("R", "L", hostile_text(rng, 1)))]
    elif command == "convert":
        argv = ["convert", name, "--out", "out/c.xsb"]
        writable = ("out/c.xsb",)
        checks = (keeps_controls(text, "out/c.xsb"),)
    elif command == "bench":
        argv = ["bench", name, "--levels", "3", "--time-limit", "2"]
    elif command == "solve":
        argv = ["solve", name, "--level", "3", "--time-limit", "2"]
    elif command == "play":
        argv = ["play", name, "--level", "3", "--headless", "--replay", "R"]
    elif command == "missing":
        argv = [rng.choice(("show", "list")), f"in/{file_name(hostile_text(rng, 2))}.missing"]
    elif command == "store":
        argv = ["progress", "show"]
        writable = ("home",)
    else:
        argv = ["show", name, "--level", hostile_text(rng, 2)]

    def build(box: Path) -> None:
        put(box, name, data)
        if command == "store":
            _hostile_store(box, random.Random(store_seed))

    return Case(1, f"{command}: control bytes", argv, build, writable=writable, checks=checks)


# -- class 7: empty paths taken as absent ---------------------------------------------------
def empty_path(rng: random.Random) -> Case:
    empty = rng.choice(("", "", " ", "\t", "  "))
    forms = path_commands(empty)
    argv = pick(rng, *forms)
    levels = good_levels(rng)

    def build(box: Path) -> None:
        put(box, LEVELS, levels)
        put(box, "in/shot.txt", shot_script(empty))

    return Case(7, f"{command_name(argv)}: empty path {empty!r}", argv, build, writable=("home",),
                must_refuse=True)


# -- class 8: messages broken over lines ----------------------------------------------------
def over_one_line(rng: random.Random) -> Case:
    broken = file_name(hostile_text(rng, rng.randint(0, 2), line_break=True))
    exists = rng.random() < 0.5
    content = rng.choice((good_levels(rng), "garbage, not levels\n", "{\"format\": 1}", ""))
    level_args: list[str] = [LEVELS, "--level", "3"]
    name = f"in/{broken}"
    forms: list[Argv] = [
        ["show", name], ["list", name], ["convert", name, "--out", "out/c.xsb"],
        ["convert", LEVELS, "--out", f"out/none/{broken}"],
        ["bench", *level_args[:1], "--levels", "3", "--time-limit", "1", "--compare", name],
        ["bench", *level_args[:1], "--levels", "3", "--csv", f"out/none/{broken}"],
        ["play", *level_args, "--headless", "--input", name],
        ["play", *level_args, "--headless", "--replay", "R", "--screenshot", f"out/no/{broken}"],
        ["progress", "import", name], ["progress", "export", f"out/none/{broken}"],
        ["show", LEVELS, "--level", broken], ["verify", *level_args, "--solution", broken],
        ["edit", name, "--headless"], ["progress", "show"], ["progress", "where"],
    ]
    argv = pick(rng, *forms)
    env: dict[str, str | bytes] = {}
    newer = argv[0] == "progress" and argv[1] in ("show", "where") and rng.random() < 0.5
    if argv[0] == "progress" and argv[1] in ("show", "where") and not newer:
        env["SOKOBAN_HOME"] = f"in/file/{broken}"
    levels = good_levels(rng)

    def build(box: Path) -> None:
        put(box, LEVELS, levels)
        put(box, "in/file", "a file")
        if exists:
            put(box, name, content)
        if newer:
            path = put(box, STORE, FIXTURE.store)
            connection = sqlite3.connect(path)
            connection.execute("PRAGMA user_version = 99")
            connection.close()

    return Case(8, f"{command_name(argv)}: a line break in a name", argv, build, env,
                writable=("home", "out/c.xsb"))
