"""Measure key-to-frame time while the solver searches: the real engine and its loop, headless.

A thread presses an arrow key (then its opposite) every ``--every`` seconds; the time from the
press to the end of the first frame drawn after the game took the key is one sample. Shift+H
sets the solver to work on the level first, and ``--load`` busy processes keep other cores
loaded. Run: ``python tools/key_latency.py FILE --level 50 --seconds 30 --load 1``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.app.screens import PlayScreen
from game.app.shown import Shown
from game.core.collection import read_collection
from game.core.direction import Direction
from game.core.level_ref import LevelFile
from game.engine.engine import GameEngine
from game.scenes.catalog import register_scenes
from game.scenes.play import PlayScene

_KEYS = {
    Direction.LEFT: pygame.K_LEFT,
    Direction.RIGHT: pygame.K_RIGHT,
    Direction.UP: pygame.K_UP,
    Direction.DOWN: pygame.K_DOWN,
}
_OPPOSITE = {
    Direction.LEFT: Direction.RIGHT,
    Direction.RIGHT: Direction.LEFT,
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
}


def busy(stop: float) -> None:
    """Keep one core busy until the clock reads ``stop``."""
    while time.time() < stop:
        pass


class Probe:
    """Times each key from its press to the end of the first frame drawn after it arrived."""

    def __init__(self, engine: GameEngine) -> None:
        self.engine = engine
        self.pressed_at: float | None = None
        self.arrived = False
        self.samples: list[float] = []
        self.lock = threading.Lock()
        deliver, render = engine._deliver, engine.render

        def delivering(events: list[pygame.event.Event]) -> None:
            if any(getattr(event, "probe", False) for event in events):
                self.arrived = True
            deliver(events)

        def rendering(alpha: float, shown: Shown[Any] | None = None) -> None:
            render(alpha, shown)
            with self.lock:
                if self.arrived and self.pressed_at is not None:
                    self.samples.append(time.perf_counter() - self.pressed_at)
                    self.pressed_at, self.arrived = None, False

        engine._deliver = delivering  # type: ignore[method-assign]
        engine.render = rendering  # type: ignore[method-assign]

    def press(self, key: int) -> None:
        with self.lock:
            self.pressed_at, self.arrived = time.perf_counter(), False
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0, probe=True)
        )
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def free_direction(play: PlayScene) -> Direction:
    """A direction the player can walk (not push) in from the start, and back."""
    board, state = play.model.level.board, play.model.state
    for direction in _KEYS:
        target = board.neighbour(state.player, direction)
        if target is not None and board.is_walkable(target) and target not in state.box_squares():
            return direction
    raise SystemExit("the player cannot walk anywhere from the start")


def measure(args: argparse.Namespace) -> int:
    collection = read_collection(Path(args.file))
    index = collection.find_index(str(args.level))
    stop = time.time() + args.seconds + 5
    loads = [multiprocessing.Process(target=busy, args=(stop,)) for _ in range(args.load)]
    for load in loads:
        load.start()
    engine = register_scenes(GameEngine((1280, 800), sound_enabled=False))
    engine.context.session.open(collection, LevelFile(str(args.file)))
    engine.open(PlayScreen(index))
    play = engine.top
    assert isinstance(play, PlayScene)
    probe = Probe(engine)
    there = free_direction(play)

    def player() -> None:
        if not args.no_hint:
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=pygame.KMOD_SHIFT,
                                   unicode="H", scancode=0)
            )
        time.sleep(1.0)
        end = time.monotonic() + args.seconds
        direction = there
        while time.monotonic() < end:
            probe.press(_KEYS[direction])
            direction = _OPPOSITE[direction]
            time.sleep(args.every)
        engine.quit()

    thread = threading.Thread(target=player, daemon=True)
    thread.start()
    try:
        engine.run()
    finally:
        searching = play.model.assist.phase
        engine.shutdown()
        for load in loads:
            load.terminate()
            load.join()
    samples = sorted(probe.samples)
    if not samples:
        print("no key reached a frame")
        return 1
    p50 = statistics.median(samples) * 1000
    p99 = samples[min(len(samples) - 1, round(0.99 * (len(samples) - 1)))] * 1000
    print(
        f"keys {len(samples)}, p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {samples[-1] * 1000:.1f} ms"
        f" (Shift+H {'not pressed' if args.no_hint else 'pressed'}, busy processes {args.load}, "
        f"the solver's help at the end: {searching})"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a level collection")
    parser.add_argument("--level", type=int, default=1, help="its 1-based number")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to measure")
    parser.add_argument("--every", type=float, default=0.25, help="seconds between keys")
    parser.add_argument("--load", type=int, default=1, help="busy processes beside the game")
    parser.add_argument(
        "--no-hint", action="store_true",
        help="do not press Shift+H first (the solver still thinks ahead on its own)",
    )
    args = parser.parse_args()
    # A home of its own, so the player's saves are not touched, removed at the end.
    with tempfile.TemporaryDirectory(prefix="key-latency-") as home:
        os.environ["SOKOBAN_HOME"] = home
        return measure(args)


if __name__ == "__main__":
    sys.exit(main())
