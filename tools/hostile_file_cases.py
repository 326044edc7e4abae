"""Hostile cases about files and paths: hangs (class 2), memory (4), refusing only after the work
(5) and tracebacks (6).

Each generator takes a seeded ``random.Random`` and returns one case (see hostile_kit.Case).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

from hostile_kit import (
    GOOD_LEVELS,
    LEVEL3,
    LEVELS,
    STORE,
    Argv,
    Case,
    big_level,
    collection_text,
    command_name,
    fifo,
    path_commands,
    pick,
    put,
    script,
    shot_script,
    solving_script,
)
from hostile_stores import FIXTURE, crafted_export, store_kept, wrong_types

Build = Callable[[Path], None]
HUGE = 3 * 2**30  # a sparse file: no disk, but three gigabytes to whoever reads it all
DEVICES = ("/dev/zero", "/dev/null", "/dev/full", "/dev/urandom", "/dev/stdin",
           "/proc/self/fd/0", "/proc/self/mem", "/proc/self/environ", "/dev/tty")


def odd_path(rng: random.Random) -> tuple[str | bytes, Build]:
    """A path no command should trip on, and what to build for it. Names end in .png where they
    can, so that a script's ``shot`` reaches the same places as the options do."""
    kind = rng.choice(("fifo", "device", "folder", "missing", "under a file", "long", "deep",
                       "loop", "dangling", "read-only", "surrogate", "sparse", "control"))
    if kind == "fifo":
        return "in/pipe.png", lambda box: fifo(box, "in/pipe.png")
    if kind == "device":
        return rng.choice(DEVICES), lambda box: None
    if kind == "folder":
        return rng.choice(("in", "in/", ".", "..", "/", "out", "out.png/")), lambda box: None
    if kind == "missing":
        return "in/none/x.png", lambda box: None
    if kind == "under a file":
        return f"{LEVELS}/x.png", lambda box: None
    if kind == "long":
        return "out/" + "a" * rng.randint(256, 600) + ".png", lambda box: None
    if kind == "deep":
        return "out/" + "/".join(["b" * 200] * 25) + "/x.png", lambda box: None
    if kind in ("loop", "dangling"):
        target = "link.png" if kind == "loop" else "nowhere/x"
        return "in/link.png", lambda box: os.symlink(target, box / "in/link.png")
    if kind == "read-only":
        return "ro/x.png", lambda box: (box / "ro").mkdir(mode=0o555)
    if kind == "surrogate":
        made = rng.random() < 0.5

        def build(box: Path) -> None:
            if made:
                put(box, b"out/\xff\xfe-x.png", "x")

        return b"out/\xff\xfe-x.png", build
    if kind == "sparse":
        return "in/huge.png", lambda box: _sparse(box / "in/huge.png", b"index,title\n")
    return "out/\x1b[31mx\x7f.png", lambda box: None


def _sparse(path: Path, head: bytes) -> None:
    with path.open("wb") as handle:
        handle.write(head)
        handle.truncate(HUGE)


def levels_file(box: Path) -> None:
    put(box, LEVELS, collection_text_fixed())


def collection_text_fixed() -> str:
    return collection_text(random.Random(0), None)


# -- class 2: hangs ------------------------------------------------------------------------
def hangs(rng: random.Random) -> Case:
    kind = rng.choice(("big title", "odd path", "odd path", "odd store"))
    env: dict[str, str | bytes] = {}
    if kind == "big title":
        size = rng.choice((10_000, 100_000, 1_000_000, 4_000_000))
        where = rng.choice(("title", "comment", "author"))
        filler = "t" * size
        title, rows, solution = GOOD_LEVELS[0]
        text = {
            "title": f"; {filler}\n{rows}\n",
            "comment": f"; {title}\n{rows}\nComment: {filler}\n",
            "author": f"; {title}\n{rows}\nAuthor: {filler}\n",
        }[where]
        argv = pick(
            rng, ["play", "in/big.xsb", "--headless", "--replay", solution],
            ["show", "in/big.xsb"], ["list", "in/big.xsb"], ["edit", "in/big.xsb", "--headless"],
            ["bench", "in/big.xsb", "--time-limit", "1"],
            ["play", "in/big.xsb", "--headless", "--input", "in/s.txt"],
        )

        def build(box: Path) -> None:
            put(box, "in/big.xsb", text)
            put(box, "in/s.txt", script(["wait 1", "key right", "wait 5", "shot out/s.png"]))

        return Case(2, f"{command_name(argv)}: {size}-character {where}", argv, build,
                    writable=("home", "out/s.png"))
    if kind == "odd store":
        path, made = odd_path(rng)
        env["SOKOBAN_HOME"] = path if rng.random() < 0.5 else "home"
        store_as = rng.choice(("fifo", "dev", "none"))
        argv = pick(rng, ["progress", "show"], ["progress", "export", "out/p.json"],
                    ["--headless", "--input", "in/s.txt"])

        def build(box: Path) -> None:
            made(box)
            put(box, "in/s.txt", solving_script())
            if store_as == "fifo":
                fifo(box, STORE)
            elif store_as == "dev":
                os.symlink("/dev/zero", box / STORE)

        return Case(2, f"store: {path!r}, {store_as}", argv, build, env,
                    writable=("home", "out/p.json", os.fsdecode(path)))
    path, made = odd_path(rng)
    argv = pick(rng, *path_commands(path))

    def build_odd(box: Path) -> None:
        levels_file(box)
        put(box, "in/shot.txt", shot_script(path))
        made(box)

    return Case(2, f"{command_name(argv)}: odd path {path!r}", argv, build_odd,
                writable=("home", os.fsdecode(path)))


# -- class 4: memory -----------------------------------------------------------------------
def memory(rng: random.Random) -> Case:
    kind = rng.choice(("endless input", "endless input", "big level"))
    if kind == "big level":
        width, height = rng.choice(((1000, 1000), (2000, 2000), (5000, 500), (100, 20000)))
        argv = pick(
            rng, ["show", "in/big.xsb"], ["list", "in/big.xsb"],
            ["verify", "in/big.xsb", "--solution", "r"],
            ["solve", "in/big.xsb", "--time-limit", "2"],
            ["play", "in/big.xsb", "--headless", "--replay", "r"],
            ["bench", "in/big.xsb", "--time-limit", "1"], ["edit", "in/big.xsb", "--headless"],
        )
        text = big_level(width, height)

        def build_big(box: Path) -> None:
            put(box, "in/big.xsb", text)

        return Case(4, f"{command_name(argv)}: a {width}x{height} level", argv, build_big,
                    writable=("home",), time_limit=40)
    source = rng.choice(("/dev/zero", "/dev/urandom", "in/huge", "in/huge"))
    argv = pick(
        rng, ["bench", LEVELS, "--levels", "3", "--time-limit", "1", "--compare", source],
        ["play", *LEVEL3, "--headless", "--input", source], ["progress", "import", source],
        ["show", source], ["edit", "--new", "5x5", "--headless", "--input", source],
        ["--headless", "--input", source],
    )
    store = rng.random() < 0.2

    def build(box: Path) -> None:
        levels_file(box)
        _sparse(box / "in/huge", b"index,title,status\n")
        if store:
            _sparse(box / STORE, b"")

    label = f"{command_name(argv)}: reads {source}{', store sparse' if store else ''}"
    return Case(4, label, argv, build, writable=("home",))


# -- class 5: refusing only after the work --------------------------------------------------
def refused_late(rng: random.Random) -> Case:
    bad = rng.choice(("out/none/x.png", "out", "ro/x.png", "/proc/x.png", f"{LEVELS}/x.png",
                      "out/" + "p" * 300 + ".png", "/dev/full", "/"))
    kind = rng.choice(("replay", "script shot", "csv", "export", "convert"))
    moves = "rl" * rng.randint(450, 500)  # about 8 s of animated moves
    if kind == "replay":
        argv: Argv = ["play", LEVELS, "--headless", "--replay", moves, "--screenshot", bad]
    elif kind == "script shot":
        argv = pick(rng, ["play", LEVELS, "--headless", "--input", "in/s.txt"],
                    ["edit", "--new", "9x9", "--headless", "--input", "in/s.txt"],
                    ["--headless", "--input", "in/s.txt"])
    elif kind == "csv":
        argv = ["bench", LEVELS, "--levels", "2", "--time-limit", "4", "--csv", bad]
    elif kind == "export":
        argv = ["progress", "export", bad]
    else:
        argv = ["convert", LEVELS, "--out", bad]
    # The work: a level opened (in the game) and 1000 moves, each animated.
    lines = ["wait 1", "key return", "wait 5", *(["key right", "key left"] * 500), "wait 600",
             f"shot {bad}"]

    def build(box: Path) -> None:
        levels_file(box)
        (box / "ro").mkdir(mode=0o555)
        put(box, "in/s.txt", script(lines))

    return Case(5, f"{kind} to {bad[:40]!r}", argv, build, writable=("home",),
                refuse_within=3.5)


# -- class 6: tracebacks ---------------------------------------------------------------------
def tracebacks(rng: random.Random) -> Case:
    kind = rng.choice(("big edit", "surrogate", "long name", "disk full", "crafted import",
                       "sigkill"))
    if kind == "big edit":
        width, height = rng.choice(((100, 100), (100, 3), (3, 100), (65, 10), (10, 65),
                                    (64, 64), (65, 65), (200, 5)))
        text = big_level(max(width, 4), height)
        argv: Argv = ["edit", "in/big.xsb", "--headless"]
        if rng.random() < 0.5:
            argv = [*argv, "--input", "in/s.txt"]

        def build(box: Path) -> None:
            put(box, "in/big.xsb", text)
            put(box, "in/s.txt", script(["wait 1", "key right", "wait 5"]))

        return Case(6, f"edit a {width}x{height} level", argv, build, writable=("home",))
    if kind in ("surrogate", "long name"):
        if kind == "surrogate":
            path: str | bytes = rng.choice((b"in/\xff\xfe.xsb", b"out/\xed\xa0\x80", b"\x80x"))
        else:
            path = rng.choice(("out/" + "n" * rng.randint(256, 2000),
                               "out/" + "/".join(["d" * 250] * 20) + "/x"))
        forms = path_commands(path)
        argv = pick(rng, *forms)
        env: dict[str, str | bytes] = {}
        if rng.random() < 0.2:
            env["SOKOBAN_HOME"] = path
            argv = pick(rng, ["progress", "show"], ["progress", "where"],
                        ["--headless", "--input", "in/s.txt"])

        def build_path(box: Path) -> None:
            levels_file(box)
            put(box, "in/shot.txt", shot_script(path))
            put(box, "in/s.txt", solving_script())
            if isinstance(path, bytes) and path.startswith(b"in/"):
                put(box, path, collection_text_fixed())

        return Case(6, f"{command_name(argv)}: {kind}", argv, build_path, env,
                    writable=("home", os.fsdecode(path)))
    if kind == "disk full":
        argv = pick(
            rng, ["bench", LEVELS, "--levels", "3", "--time-limit", "1", "--csv", "/dev/full"],
            ["bench", LEVELS, "--levels", "3", "--time-limit", "1", "--csv", "out/r.csv"],
            ["convert", LEVELS, "--out", "out/r.csv"], ["progress", "export", "out/r.csv"],
            ["play", *LEVEL3, "--headless", "--replay", "R", "--screenshot", "out/r.csv"])
        return Case(6, f"{command_name(argv)}: disk full", argv, _with_levels_and_store,
                    writable=("home", "out/r.csv"), file_size_limit=rng.choice((0, 10, 100)))
    if kind == "crafted import":
        export = crafted_export(rng)
        typed = wrong_types(FIXTURE.store, rng, FIXTURE.folder) if rng.random() < 0.6 else None
        argv = pick(rng, ["progress", "import", "in/p.json"], ["progress", "show"],
                    ["progress", "export", "out/p.json"], ["--headless", "--input", "in/s.txt"])

        def build_import(box: Path) -> None:
            put(box, STORE, typed if typed is not None else FIXTURE.store)
            put(box, "in/p.json", export)
            put(box, "in/s.txt", solving_script())

        return Case(6, f"{command_name(argv)}: crafted store or import", argv, build_import,
                    writable=("home", "out/p.json"))
    seconds = rng.uniform(1.0, 3.0)
    # A hint starts the solver's worker; the long wait keeps the game busy until it is killed.
    lines = ["wait 1", "key return", "wait 5", "key shift+h", *["wait 200000"] * 5]

    def build_kill(box: Path) -> None:
        put(box, STORE, FIXTURE.store)
        put(box, "in/s.txt", script(lines))

    return Case(6, f"game killed after {seconds:.1f} s", ["--headless", "--input", "in/s.txt"],
                build_kill, writable=("home",), checks=(store_kept(FIXTURE.records),),
                kill_after=seconds)


def _with_levels_and_store(box: Path) -> None:
    levels_file(box)
    put(box, STORE, FIXTURE.store)
