"""Hostile cases about the progress store: progress lost in headless runs (class 3), a store
under another process's lock (9) and damaged stores (10).

Each generator takes a seeded ``random.Random`` and returns one case (see hostile_kit.Case).
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from hostile_kit import (
    STORE,
    Argv,
    Case,
    Check,
    Outcome,
    editor_script,
    put,
    solving_script,
)
from hostile_stores import FIXTURE, damaged, store_is_sound, store_rows, store_visits


def _with_store(box: Path) -> None:
    put(box, STORE, FIXTURE.store)


def saved_or_said(kind: str, visits_before: int) -> Check:
    """The run's visit to a level is in the store (or the editor's level in the player's file),
    or the run exits non-zero and says why on stderr."""

    def check(outcome: Outcome) -> str | None:
        if outcome.returncode != 0 and outcome.err.strip():
            return None
        if kind == "editor":
            saved = outcome.box / "home/levels/My levels.xsb"
            if saved.is_file() and b"#@ $ .#" in saved.read_bytes():
                return None
        elif store_visits(outcome.box / STORE) > visits_before:
            return None
        return "progress lost silently"

    return check


# -- class 3: progress lost in headless runs ----------------------------------------------
BROKEN_HOMES = ("store is a folder", "home is a file", "home read-only", "store read-only",
                "store newer", "home under a file", "disk full", "levels is a file",
                "levels read-only", "my levels is a folder", "my levels unreadable")


def _break_home(box: Path, how: str) -> None:
    home = box / "home"
    if how == "store is a folder":
        (home / "progress.sqlite3").mkdir()
    elif how == "home is a file":
        home.rmdir()
        home.write_text("not a folder")
    elif how in ("home read-only", "store read-only"):
        _with_store(box)
        (home if how == "home read-only" else home / "progress.sqlite3").chmod(0o555)
    elif how == "store newer":
        _with_store(box)
        connection = sqlite3.connect(home / "progress.sqlite3")
        connection.execute("PRAGMA user_version = 99")
        connection.close()
    elif how == "levels is a file":
        put(box, "home/levels", "a file")
    elif how == "levels read-only":
        (home / "levels").mkdir()
        (home / "levels").chmod(0o555)
    elif how == "my levels is a folder":
        (home / "levels/My levels.xsb").mkdir(parents=True)
    elif how == "my levels unreadable":
        put(box, "home/levels/My levels.xsb", "; broken\n#####\n#@$$.#\n#####\n")


def progress_lost(rng: random.Random) -> Case:
    how = rng.choice(BROKEN_HOMES)
    env: dict[str, str | bytes] = {}
    if how == "home under a file":
        env["SOKOBAN_HOME"] = "in/file/home"
    kind = rng.choice(("game", "game", "editor", "play"))
    if kind == "editor":
        argv: Argv = ["edit", "--new", "7x3", "--headless", "--input", "in/s.txt"]
        text = editor_script()
    elif kind == "game":
        argv = ["--headless", "--input", "in/s.txt"]
        text = solving_script()
    else:
        argv = ["play", "campaign", "--replay", "rrrrrddllll", "--frames", "150"]
        text = ""

    # The fixture's own visit is in the stores these start from; the run must add one.
    visits = FIXTURE.visits if how in ("home read-only", "store read-only", "store newer") else 0

    def build(box: Path) -> None:
        put(box, "in/s.txt", text)
        put(box, "in/file", "a file")
        _break_home(box, how)

    return Case(3, f"{kind}: {how}", argv, build, env, ("home",),
                (saved_or_said(kind, visits),),
                file_size_limit=2048 if how == "disk full" else None)


# -- class 9: a store under another process's lock ---------------------------------------
def _same_summary(outcome: Outcome) -> str | None:
    if outcome.returncode == 0 and outcome.out != FIXTURE.show:
        return "empty store reported" if "of 0 played" in outcome.out else "wrong summary"
    return None


def _export_whole(outcome: Outcome) -> str | None:
    if outcome.returncode != 0:
        return None
    path = outcome.box / "out/p.json"
    if not path.is_file():
        return "said written, missing"
    levels = json.loads(path.read_bytes()).get("levels", [])
    return None if len(levels) == FIXTURE.records else "empty store reported"


def _store_whole(outcome: Outcome) -> str | None:
    found = store_rows(outcome.box / STORE)
    return None if found is not None and found >= FIXTURE.records else "progress lost"


def store_locked(rng: random.Random) -> Case:
    seconds = rng.choice((0.3, 0.3, 1.0, 1.0, 2.0, 4.0, 7.0, 10.0))
    command = rng.choice(("show", "export", "import", "where", "game"))
    checks: tuple[Check, ...] = (_store_whole,)
    if command == "show":
        argv: Argv = ["progress", "show"]
        checks += (_same_summary,)
    elif command == "export":
        argv = ["progress", "export", "out/p.json"]
        checks += (_export_whole,)
    elif command == "import":
        argv = ["progress", "import", "in/p.json"]
    elif command == "where":
        argv = ["progress", "where"]
    else:
        argv = ["--headless", "--input", "in/s.txt"]
        checks += (saved_or_said("game", FIXTURE.visits),)

    def build(box: Path) -> None:
        _with_store(box)
        put(box, "in/p.json", FIXTURE.export)
        put(box, "in/s.txt", solving_script())

    return Case(9, f"{command}, locked {seconds:g} s", argv, build, {}, ("home", "out/p.json"),
                checks, time_limit=seconds + 30, lock_seconds=seconds)


# -- class 10: damaged stores --------------------------------------------------------------
def set_aside_whole(original: bytes, sound: bool) -> Check:
    """A damaged store is left as it was, or set aside byte for byte with its place said."""

    def check(outcome: Outcome) -> str | None:
        home = outcome.box / "home"
        aside = sorted(home.glob("progress.sqlite3.unreadable-*")) if home.is_dir() else []
        aside = [path for path in aside if not path.name.endswith(("-journal", "-wal", "-shm"))]
        if aside:
            if aside[0].read_bytes() != original:
                return "set aside changed"
            said = outcome.err + outcome.out
            return None if aside[0].name in said else "set aside unsaid"
        if sound:
            return None
        store = home / "progress.sqlite3"
        if store.is_file() and store.read_bytes() == original and outcome.returncode != 0:
            return None
        return "damaged store used" if store.is_file() else "damaged store lost"

    return check


def store_damaged(rng: random.Random) -> Case:
    how, data = damaged(FIXTURE.store, rng, FIXTURE.folder)
    # An empty file is a blank database to SQLite, but as a store it is one that lost everything.
    sound = bool(data) and store_is_sound(data, FIXTURE.folder)
    command = rng.choice(("show", "export", "import", "where", "game"))
    argv: Argv = {
        "show": ["progress", "show"], "export": ["progress", "export", "out/p.json"],
        "import": ["progress", "import", "in/p.json"], "where": ["progress", "where"],
        "game": ["--headless", "--input", "in/s.txt"],
    }[command]
    journal = rng.randbytes(600) if rng.random() < 0.1 else b""

    def build(box: Path) -> None:
        put(box, STORE, data)
        if journal:
            put(box, STORE + "-journal", journal)
        put(box, "in/p.json", FIXTURE.export)
        put(box, "in/s.txt", solving_script())

    return Case(10, f"{command}: {how}{' + journal' if journal else ''}", argv, build, {},
                ("home", "out/p.json"), (set_aside_whole(data, sound),))
