"""A real-time driver for tests: the engine's own loop (``run``, with its rests) on a clock,
fed key downs and ups at given times, so a test sees what a player at a keyboard sees.

On :class:`SimulatedClock` time passes only while the loop sleeps, so a schedule of minutes
runs in seconds and the same every time; on the real clock a thread posts the keys at their
moments while the loop runs, as a keyboard does.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from game.engine.engine import GameEngine


@dataclass(frozen=True)
class KeyAt:
    """A key going down (or up) this many seconds after the schedule starts."""

    at: float
    key: int
    down: bool
    mod: int = 0

    def event(self) -> pygame.event.Event:
        kind = pygame.KEYDOWN if self.down else pygame.KEYUP
        return pygame.event.Event(kind, key=self.key, mod=self.mod, unicode="", scancode=0)


def held(key: int, at: float, seconds: float) -> list[KeyAt]:
    """``key`` pressed at ``at`` and released ``seconds`` later."""
    return [KeyAt(at, key, True), KeyAt(at + seconds, key, False)]


def taps(
    keys: Sequence[int],
    pauses: tuple[float, float],
    holds: tuple[float, float],
    seed: int,
    start: float = 0.5,
) -> list[KeyAt]:
    """A tap of each key in turn, each after a pause and held for a time drawn evenly from
    the ranges given (the same draws for the same seed)."""
    draws = random.Random(seed)
    schedule: list[KeyAt] = []
    moment = start
    for key in keys:
        moment += draws.uniform(*pauses)
        hold = draws.uniform(*holds)
        schedule += held(key, moment, hold)
        moment += hold
    return schedule


class SimulatedClock:
    """Stands in for the time module: sleeping moves the clock and runs what fell due."""

    def __init__(self) -> None:
        self.now = 100.0
        self._due: list[tuple[float, int, Callable[[], None]]] = []
        self._count = 0

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.0)
        while self._due and self._due[0][0] <= self.now:
            self._due.pop(0)[2]()

    def at(self, when: float, action: Callable[[], None]) -> None:
        """Run ``action`` once the clock reads ``when`` (in the order asked, at equal times)."""
        self._count += 1
        self._due.append((when, self._count, action))
        self._due.sort(key=lambda entry: entry[:2])


def _post(event: pygame.event.Event) -> Callable[[], None]:
    def post() -> None:
        pygame.event.post(event)

    return post


def _quit() -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))


def drive(
    engine: GameEngine,
    schedule: Iterable[KeyAt],
    clock: SimulatedClock | None = None,
    settle: float = 1.0,
) -> None:
    """Run the engine's loop from now until ``settle`` seconds after the last key of
    ``schedule``, each key posted at its moment on ``clock`` (None: the real clock)."""
    keys = sorted(schedule, key=lambda entry: entry.at)
    end = (keys[-1].at if keys else 0.0) + settle
    if clock is not None:
        start = clock.perf_counter()
        for entry in keys:
            clock.at(start + entry.at, _post(entry.event()))
        clock.at(start + end, _quit)
        engine.run()
        return

    def feed() -> None:
        start = time.perf_counter()
        for entry in keys:
            time.sleep(max(0.0, start + entry.at - time.perf_counter()))
            pygame.event.post(entry.event())
        time.sleep(max(0.0, start + end - time.perf_counter()))
        _quit()

    feeder = threading.Thread(target=feed, name="real-time keys", daemon=True)
    feeder.start()
    try:
        engine.run()
    finally:
        feeder.join()
