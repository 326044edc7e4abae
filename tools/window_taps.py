"""Taps and holds of an arrow key in a real X window (Xvfb + xdotool), with real pauses between:
the squares the player walked, against the taps, as a player at a real keyboard would see them.

Needs Debian's ``xvfb`` and ``xdotool`` (and ``imagemagick`` for ``--shot``); not run in CI.
Run: ``python tools/window_taps.py --taps 10 --pause 0.5 3 --hold 0.05 0.12`` (a new Xvfb is started
unless ``--display`` names one). The game is started with ``play`` on a long corridor, driven
with ``xdotool keydown``/``keyup``, then left through its menus; ``play`` prints the moves.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CORRIDOR_LENGTH = 98  # the widest board a level may have is 100


def corridor_level(length: int) -> str:
    """A level of one long corridor, the player at its left end, a box and goal at its right."""
    wall = "#" * (length + 2)
    return f"{wall}\n#@{' ' * (length - 3)}$.#\n{wall}\n"


def xdotool(*words: str) -> str:
    done = subprocess.run(
        ["xdotool", *words], capture_output=True, text=True, check=True, timeout=30
    )
    return done.stdout.strip()


def start_display(size: tuple[int, int]) -> tuple[str, subprocess.Popen[bytes]]:
    """A new Xvfb on the first free display number."""
    for number in range(90, 140):
        if not Path(f"/tmp/.X11-unix/X{number}").exists():
            display = f":{number}"
            server = subprocess.Popen(
                ["Xvfb", display, "-screen", "0", f"{size[0]}x{size[1]}x24"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(1.0)
            return display, server
    raise SystemExit("no free X display number")


def wait_for_window(game: subprocess.Popen[str]) -> str | None:
    """The game's window, once it is shown; None if the game ended first."""
    while game.poll() is None:
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(game.pid)],
            capture_output=True, text=True,
        )
        if found.returncode == 0 and found.stdout.strip():
            return found.stdout.split()[0]
        time.sleep(0.2)
    return None


def tap(key: str, hold: float) -> None:
    xdotool("keydown", key)
    time.sleep(hold)
    xdotool("keyup", key)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=10, help="taps of Right (default 10)")
    parser.add_argument(
        "--pause", type=float, nargs=2, default=(0.5, 3.0), metavar=("MIN", "MAX"),
        help="seconds of rest before each tap, drawn evenly between MIN and MAX",
    )
    parser.add_argument(
        "--hold", type=float, nargs=2, default=(0.08, 0.08), metavar=("MIN", "MAX"),
        help="seconds each tap is held, drawn evenly between MIN and MAX",
    )
    parser.add_argument("--long-hold", type=float, default=0.0,
                        help="after the taps, hold Right this many seconds (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--display", help="an X display to use (default: start an Xvfb)")
    parser.add_argument("--size", default="1280x800", help="the new Xvfb screen's size")
    parser.add_argument("--shot", help="save a screenshot of the screen before leaving")
    args = parser.parse_args()
    for tool in ("xdotool", "Xvfb"):
        if shutil.which(tool) is None:
            print(f"{tool} is not installed (apt-get install xvfb xdotool)", file=sys.stderr)
            return 2
    width, height = (int(part) for part in args.size.split("x"))
    server = None
    display = args.display
    if display is None:
        display, server = start_display((width, height))
    os.environ["DISPLAY"] = display
    randomness = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        level = Path(folder) / "corridor.xsb"
        level.write_text(corridor_level(CORRIDOR_LENGTH))
        environment = dict(os.environ, SOKOBAN_HOME=str(Path(folder) / "home"))
        environment.setdefault("SDL_AUDIODRIVER", "dummy")
        game = subprocess.Popen(
            [sys.executable, "-m", "game", "play", str(level)],
            env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        try:
            window = wait_for_window(game)
            if window is None:
                out, err = game.communicate(timeout=20)
                print(f"the game did not open a window: {err.strip()[-500:]}", file=sys.stderr)
                return 1
            # Xvfb has no window manager: the keys go to the window under the pointer.
            xdotool("mousemove", "--window", window, "20", "20")
            time.sleep(1.5)
            pauses = []
            for _ in range(args.taps):
                pause = randomness.uniform(*args.pause)
                hold = randomness.uniform(*args.hold)
                pauses.append((pause, hold))
                time.sleep(pause)
                tap("Right", hold)
            if args.long_hold > 0:
                time.sleep(1.0)
                tap("Right", args.long_hold)
            time.sleep(1.0)
            if args.shot:
                subprocess.run(["import", "-window", "root", args.shot], check=True)
            # Leave as a player does: the pause menu's last item, then quit from the main menu.
            for key in ("Escape", "Up", "Return"):
                xdotool("key", key)
                time.sleep(0.4)
            for key in ("Escape", "Return"):
                xdotool("key", key)
                time.sleep(0.4)
            out, err = game.communicate(timeout=20)
        finally:
            if game.poll() is None:
                game.kill()
            if server is not None:
                server.terminate()
    found = re.search(r"moves=(\d+)", out)
    if found is None:
        print(f"the game printed no result line; stderr: {err.strip()[-500:]}", file=sys.stderr)
        return 1
    moves = int(found.group(1))
    held = f", then one hold of {args.long_hold:.2f} s" if args.long_hold > 0 else ""
    print(f"{args.taps} taps (pauses {args.pause[0]}-{args.pause[1]} s, holds "
          f"{args.hold[0]}-{args.hold[1]} s){held}: the player walked {moves} squares")
    return 0


if __name__ == "__main__":
    sys.exit(main())
