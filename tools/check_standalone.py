"""Drive a standalone build (tools/build_standalone.py) as a player would: CI's check of it.

Run: ``python tools/check_standalone.py [dist/sokoban/sokoban]``; exit 1 if any check fails.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
DEFAULT_PROGRAM = REPOSITORY / "dist" / "sokoban" / (
    "sokoban.exe" if os.name == "nt" else "sokoban"
)
COMMAND_SECONDS = 180
# How long the processes of a closed or killed game may take to notice and leave (each looks
# at least every half second whether the game is still there).
LEAVING_SECONDS = 15.0
# The first campaign level, its hint asked for and then solved by its moves (rrrrrddllll). The
# play screen reads as still while the solver thinks, so a long wait, run headless on the fake
# clock in a few seconds, lets the hint's worker process start and answer before the moves.
HINT_AND_SOLVE = """\
wait 1
key return
wait 5
key shift+h
wait 40000
""" + "".join(f"key {name}\n" for name in ["right"] * 5 + ["down"] * 2 + ["left"] * 4) + "wait 30\n"
# The game in its window (the dummy one here) with a hint's worker and the levels made ahead
# running; then Leave level from the pause menu (back to the main menu on a first start), Esc
# and Yes to quit.
HINT_AND_QUIT = """\
wait 1
key return
wait 5
key shift+h
wait 120
key escape
wait 5
key up
key return
wait 5
key escape
wait 5
key y
"""
# The same game kept busy, to be killed.
HINT_AND_STAY = "wait 1\nkey return\nwait 5\nkey shift+h\nwait 200000\n"


class Failed(Exception):
    """A check did not hold; the message says what was seen."""


class Build:
    """One standalone program and the environment it is run in: a fresh SOKOBAN_HOME, the dummy
    video and audio drivers, and no virtual environment of ours on the PATH."""

    def __init__(self, program: Path, folder: Path) -> None:
        self.program = program.resolve()
        self.folder = folder
        path = os.environ.get("PATH", "").split(os.pathsep)
        venv = os.environ.get("VIRTUAL_ENV")
        bin_of_python = str(Path(sys.executable).parent)
        self.env = {
            **{name: value for name, value in os.environ.items()
               if not name.startswith("PYTHON") and name != "VIRTUAL_ENV"},
            "PATH": os.pathsep.join(
                part for part in path
                if part != bin_of_python and not (venv and part.startswith(venv))
            ),
            "SOKOBAN_HOME": str(folder / "home"),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
        }

    def run(self, *argv: str, code: int = 0) -> str:
        """The command's stdout; Failed unless it exits with ``code``."""
        done = subprocess.run(
            [str(self.program), *argv], capture_output=True, text=True, env=self.env,
            cwd=self.folder, timeout=COMMAND_SECONDS,
        )
        if done.returncode != code:
            raise Failed(f"{' '.join(argv)}: exit {done.returncode}\n{done.stdout}{done.stderr}")
        return done.stdout

    def start(self, *argv: str, home: str) -> subprocess.Popen[bytes]:
        """The program started in the background on a SOKOBAN_HOME of its own, ``home``, so
        that its menus are those of a first start whatever the checks before it played; what
        it and its processes write on stderr goes to the file ``home``.err (see :meth:`said`)."""
        with (self.folder / f"{home}.err").open("wb") as stderr:
            return subprocess.Popen(
                [str(self.program), *argv], stdout=subprocess.DEVNULL, stderr=stderr,
                env={**self.env, "SOKOBAN_HOME": str(self.folder / home)}, cwd=self.folder,
                start_new_session=True,
            )

    def said(self, home: str) -> str:
        """What the program started on ``home`` wrote on stderr."""
        return (self.folder / f"{home}.err").read_text(encoding="utf-8", errors="replace")

    def script(self, name: str, text: str) -> str:
        path = self.folder / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    def processes(self) -> list[int]:
        """The ids of the running processes of this program (the game, its workers, the
        resource tracker): Linux only, elsewhere always none."""
        found = []
        for entry in Path("/proc").glob("[0-9]*"):
            try:
                if Path(os.readlink(entry / "exe")) == self.program:
                    found.append(int(entry.name))
            except OSError:
                continue  # gone meanwhile, or not ours to read
        return found

    def none_left(self, after: str) -> None:
        """Failed if a process of the program outlives LEAVING_SECONDS."""
        deadline = time.monotonic() + LEAVING_SECONDS
        while self.processes():
            if time.monotonic() > deadline:
                raise Failed(f"processes left {after}: {self.processes()}")
            time.sleep(0.2)


def check_version(build: Build) -> None:
    """The version, printed: it says which optional solvers the build carries."""
    version = build.run("--version")
    if not version.startswith("sokoban "):
        raise Failed("--version does not name the game")
    print(version.strip())


def check_list(build: Build) -> None:
    listing = build.run("list", "campaign")
    if "Chapter 1" not in listing or "Walk" not in listing:
        raise Failed(f"list campaign printed no campaign:\n{listing}")


def check_solve(build: Build) -> None:
    moves = build.run("solve", "campaign", "--level", "12").strip()
    verdict = build.run("verify", "campaign", "--level", "12", "--solution", moves)
    if not verdict.startswith("solved"):
        raise Failed(f"the solution of level 12 does not verify: {verdict}")


def check_hint(build: Build) -> None:
    build.run("--headless", "--input", build.script("hint.txt", HINT_AND_SOLVE))
    summary = build.run("progress", "show").splitlines()[0]
    if "levels solved 1 " not in summary or "hints 1," not in summary:
        raise Failed(f"the level was not solved with one hint: {summary}")


def check_generate(build: Build) -> None:
    build.run("generate", "--count", "2", "--jobs", "2", "--seed", "5", "--out", "made.xsb")
    rows = build.run("list", "made.xsb").splitlines()[1:]
    if len(rows) != 2:
        raise Failed(f"generate --jobs 2 made {len(rows)} levels, not 2")


def check_bench(build: Build) -> None:
    table = build.run("bench", "campaign", "--levels", "10-13", "--jobs", "2")
    if "solved 4/4" not in table:
        raise Failed(f"bench --jobs 2 did not solve its 4 levels:\n{table}")


def check_quit(build: Build) -> None:
    game = build.start("--input", build.script("quit.txt", HINT_AND_QUIT), home="quit")
    try:
        code = game.wait(COMMAND_SECONDS)
    finally:
        _end(game)
    if code != 0:
        raise Failed(f"the game quit with exit {code}: {build.said('quit')}")
    build.none_left("after the game quit")


def check_kill(build: Build) -> None:
    """SIGKILL the game once its workers run (the hint's, the levels made ahead's)."""
    if not Path("/proc").is_dir():
        return
    game = build.start("--input", build.script("stay.txt", HINT_AND_STAY), home="kill")
    try:
        deadline = time.monotonic() + COMMAND_SECONDS
        while len(build.processes()) < 3 and game.poll() is None:
            if time.monotonic() > deadline:
                raise Failed(f"the game's workers did not start: {build.processes()}")
            time.sleep(0.2)
        if game.poll() is not None:
            raise Failed(f"the game ended by itself with exit {game.returncode}")
        game.kill()
        game.wait(COMMAND_SECONDS)
    finally:
        _end(game)
    build.none_left("after the game was killed")
    if build.said("kill"):  # the resource tracker's warning about the killed game's semaphores
        raise Failed(f"the killed game left words on the terminal: {build.said('kill')}")


def _end(game: subprocess.Popen[bytes]) -> None:
    """Make sure a started game is gone, whatever the check found."""
    if game.poll() is None:
        game.kill()
        game.wait(COMMAND_SECONDS)


CHECKS: list[tuple[str, Callable[[Build], None]]] = [
    ("--version", check_version),
    ("list campaign", check_list),
    ("solve campaign --level 12, verified", check_solve),
    ("a level played headless with a hint (the solver's worker process)", check_hint),
    ("generate --jobs 2", check_generate),
    ("bench --jobs 2", check_bench),
    ("the game with a hint and the levels made ahead, quit from its menu", check_quit),
    ("the game killed with SIGKILL while its workers run", check_kill),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program", nargs="?", type=Path, default=DEFAULT_PROGRAM)
    args = parser.parse_args(argv)
    if not args.program.is_file():
        print(f"no build at {args.program}: run tools/build_standalone.py", file=sys.stderr)
        return 2
    failures = 0
    with tempfile.TemporaryDirectory(prefix="sokoban-standalone-") as folder:
        build = Build(args.program, Path(folder))
        for name, check in CHECKS:
            started = time.monotonic()
            try:
                check(build)
                build.none_left(f"after {name}")
            except (Failed, subprocess.TimeoutExpired) as failure:
                failures += 1
                print(f"FAIL {name}: {failure}")
            else:
                print(f"ok   {name} ({time.monotonic() - started:.1f} s)")
    print(f"standalone build: {len(CHECKS) - failures} of {len(CHECKS)} checks held")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
