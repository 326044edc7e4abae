"""Measure how long a hint takes: the real engine, headless, presses Shift+H on each level.

Once the moment a level opens, once after two seconds of looking at it (the solver thinks ahead).
Run: ``python tools/hint_latency.py FILE --levels 1,10,20`` (progress goes to a temporary folder).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.app.assist_machine import HINT_TIME_LIMIT
from game.app.screens import PlayScreen
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.engine.engine import GameEngine
from game.scenes.catalog import register_scenes
from game.scenes.play import PlayScene

LOOK_SECONDS = 2.0  # how long the player looks at the level before the second press
GIVE_UP_SECONDS = HINT_TIME_LIMIT + 5.0
FRAME_SECONDS = 1 / 60


def run_real_time(
    engine: GameEngine, seconds: float, done: Callable[[], bool] = lambda: False
) -> None:
    """Run frames at about 60 a second for ``seconds``, or until ``done()`` is true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not done():
        engine.run_frames(1)
        time.sleep(FRAME_SECONDS)


def hint_seconds(engine: GameEngine, index: int, look: float) -> float | None:
    """Open level ``index``, wait ``look`` seconds, press Shift+H; seconds until the hint shows."""
    play = PlayScene(engine, PlayScreen(index))
    engine.push(play)
    run_real_time(engine, look)
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(
            pygame.event.Event(kind, key=pygame.K_h, mod=pygame.KMOD_SHIFT, unicode="H")
        )
    start = time.monotonic()
    run_real_time(engine, GIVE_UP_SECONDS, lambda: play.model.assist.hint is not None)
    seconds = time.monotonic() - start if play.model.assist.hint is not None else None
    engine.pop()
    engine.run_frames(2)
    return seconds


def summary(name: str, values: list[float | None]) -> str:
    found = [value for value in values if value is not None]
    if not found:
        return f"{name}: no hint within {GIVE_UP_SECONDS:.0f} s"
    return (
        f"{name}: median {statistics.median(found):.2f} s, max {max(found):.2f} s, "
        f"no hint within {GIVE_UP_SECONDS:.0f} s: {len(values) - len(found)}"
    )


def measure(args: argparse.Namespace) -> int:
    with open(args.file, encoding="utf-8") as handle:
        collection = read_collection_text(handle.read())
    levels = [int(part) for part in args.levels.split(",")]
    engine = register_scenes(GameEngine((1280, 800), sound_enabled=False))
    engine.context.session.open(collection, LevelFile(str(args.file)))
    at_once: list[float | None] = []
    after_look: list[float | None] = []
    try:
        print(f"{'level':>6} {'at once s':>10} {'after look s':>13}")
        for number in levels:
            at_once.append(hint_seconds(engine, number - 1, 0.0))
            after_look.append(hint_seconds(engine, number - 1, LOOK_SECONDS))
            row = [f"{v:.2f}" if v is not None else "-" for v in (at_once[-1], after_look[-1])]
            print(f"{number:>6} {row[0]:>10} {row[1]:>13}", flush=True)
    finally:
        engine.shutdown()
    print(summary("at once", at_once))
    print(summary(f"after {LOOK_SECONDS:.0f} s", after_look))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a level collection")
    parser.add_argument("--levels", default="1", help="1-based level numbers, comma-separated")
    args = parser.parse_args()
    # A home of its own, so the player's saves are not touched, removed at the end.
    with tempfile.TemporaryDirectory(prefix="hint-latency-") as home:
        os.environ["SOKOBAN_HOME"] = home
        return measure(args)


if __name__ == "__main__":
    sys.exit(main())
