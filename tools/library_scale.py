"""How the solution library answers at size: import, export, ``progress show`` and a level's start
with N distinct solutions of one level, the level at hand or not.

Run: ``python tools/library_scale.py [--tree DIR] N [N ...]``; each size runs in a fresh
SOKOBAN_HOME against the source tree given (this checkout by default), and prints a table of
seconds per command. A command that runs past ``--limit`` seconds is stopped and shown as such.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from itertools import product
from pathlib import Path

# A room where the player can step up and back, down and back, or left and back before the one
# push that solves it: 3 ** 11 distinct solutions of 23 moves.
ROOM = "#######\n#     #\n#  @$.#\n#     #\n#######\n"
DITHERS = ("ud", "du", "lr")
DITHER_PAIRS = 11


def solutions(count: int) -> list[str]:
    """``count`` distinct solutions of ROOM."""
    found = []
    for pairs in product(DITHERS, repeat=DITHER_PAIRS):
        found.append("".join(pairs) + "R")
        if len(found) == count:
            return found
    raise SystemExit(f"ROOM has fewer than {count:,} solutions of this shape")


def progress_file(count: int, collection_id: str, fingerprint: str, path: str) -> str:
    """An export holding ``count`` solutions of the level, and its collection at ``path``."""
    entries = [
        {
            "collection_id": collection_id,
            "fingerprint": fingerprint,
            "lurd": lurd,
            "origin": "imported",
            "number": number,
            "place": 1,
            "added_at": 1_790_000_000.0,
        }
        for number, lurd in enumerate(solutions(count), start=1)
    ]
    collections = [{"collection_id": collection_id, "title": "", "path": path,
                    "levels": [fingerprint], "opened_at": 1_790_000_000.0}] if path else []
    return json.dumps({"format": "sokoban-arcade-progress", "version": 1,
                       "collections": collections, "solutions": entries})


def fingerprint_of(tree: Path, room: Path) -> str:
    code = ("import sys; from game.core.collection import read_collection; "
            "print(read_collection(sys.argv[1]).levels[0].fingerprint())")
    done = subprocess.run([sys.executable, "-c", code, str(room)], capture_output=True,
                          text=True, check=True, env={**os.environ, "PYTHONPATH": str(tree)})
    return done.stdout.strip()


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed(argv: list[str], env: dict[str, str], cwd: Path, limit: float) -> str:
    """CPU seconds ``python -m game argv`` took (wall seconds in brackets: the machine may be
    busy with other work), ``!`` after a non-zero exit, or the wall limit it was stopped at."""
    start, cpu = time.perf_counter(), _children_cpu()
    try:
        done = subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True,
                              env=env, cwd=cwd, timeout=limit)
    except subprocess.TimeoutExpired:
        return f">{limit:.0f} wall"
    took = f"{_children_cpu() - cpu:.2f} ({time.perf_counter() - start:.1f})"
    return took + ("" if done.returncode == 0 else "!")


def measure(tree: Path, count: int, limit: float) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        room = Path(folder) / "room.xsb"
        room.write_text(ROOM)
        env = {**os.environ, "PYTHONPATH": str(tree), "SOKOBAN_HOME": f"{folder}/home",
               "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        fingerprint = fingerprint_of(tree, room)
        away = Path(folder) / "away.json"
        away.write_text(progress_file(count, "file:room.xsb", fingerprint, ""))
        here = Path(folder) / "here.json"
        here.write_text(progress_file(count, "file:room.xsb", fingerprint, str(room)))
        row = [timed(["progress", "import", str(away)], env, Path(folder), limit)]
        row.append(timed(["play", str(room), "--headless", "--replay", "R"], env, Path(folder),
                         limit))
        row.append(timed(["progress", "show"], env, Path(folder), limit))
        row.append(timed(["progress", "export", "out.json"], env, Path(folder), limit))
        row.append(timed(["progress", "import", "out.json"], env, Path(folder), limit))
        fresh = {**env, "SOKOBAN_HOME": f"{folder}/home2"}
        row.append(timed(["progress", "import", str(here)], fresh, Path(folder), limit))
        return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--limit", type=float, default=180.0)
    parser.add_argument("sizes", type=int, nargs="+")
    args = parser.parse_args()
    heads = ["import (level away)", "level start", "progress show", "export",
             "import its export", "import (level at hand)"]
    print(f"{'entries':>8}  " + "  ".join(f"{head:>22}" for head in heads))
    for count in args.sizes:
        row = measure(args.tree.resolve(), count, args.limit)
        print(f"{count:>8,}  " + "  ".join(f"{cell:>22}" for cell in row), flush=True)
    print("CPU seconds of the command (wall seconds); ! marks a non-zero exit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
