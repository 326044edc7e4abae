"""Helpers for driving the real engine headless in tests: fixtures and input events.

Events go through pygame's event queue, the same path a player's keys and clicks take.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app.dialogs.menu import MenuModel
from game.app.jobs.solver_service import SolverPort
from game.core.collection import Collection, read_collection_text
from game.core.level_ref import LevelFile
from game.engine.engine import GameEngine
from game.engine.input_script import key_events
from game.engine.rest import Clock
from game.scenes.catalog import register_scenes

# Microban 1 and two more tiny levels; the campaign file is never read by tests.
LEVELS_TEXT = """\
Title: Test levels

; first
####
# .#
#  ###
#*@  #
#  $ #
#  ###
####

; corridor
#######
#@ $ .#
#######

; two boxes
#######
#     #
# $$@ #
# ..  #
#######

; open room
#######
#@    #
#  $. #
#######
"""
FIRST_SOLUTION = "dlUrrrdLullddrUluRuulDrddrruLdlUU"


def level_collection() -> Collection:
    return read_collection_text(LEVELS_TEXT)


@pytest.fixture(autouse=True)
def temporary_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh SOKOBAN_HOME for every test: nothing ever touches the player's real progress."""
    home = tmp_path / "sokoban-home"
    monkeypatch.setenv("SOKOBAN_HOME", str(home))
    return home


def headless_engine(
    solver: SolverPort | None = None, clock: Clock = time
) -> Iterator[GameEngine]:
    """A fresh headless engine (with ``solver`` in place of the real service, if given, and
    its loop on ``clock``) and the test levels open; shut down afterwards."""
    made = register_scenes(
        GameEngine((800, 600), sound_enabled=False, solver=solver, clock=clock)
    )
    made.context.session.open(level_collection(), LevelFile("tests.xsb"))
    pygame.event.clear()
    try:
        yield made
    finally:
        made.shutdown()


@pytest.fixture
def engine() -> Iterator[GameEngine]:
    """A fresh headless engine with the test levels open; shut down afterwards."""
    yield from headless_engine()


LURD_KEYS = {"l": pygame.K_LEFT, "u": pygame.K_UP, "r": pygame.K_RIGHT, "d": pygame.K_DOWN}


def play_moves(engine: GameEngine, lurd: str) -> None:
    """Press the arrow key of each letter, letting each step finish, like a patient player."""
    for letter in lurd:
        press(engine, LURD_KEYS[letter.lower()])
        settle(engine)


def press(engine: GameEngine, key: int, mod: int = 0, frames: int = 1) -> None:
    """Press and release ``key``, then run ``frames`` frames."""
    for event in key_events(key, mod):
        pygame.event.post(event)
    engine.run_frames(frames)


def hold(engine: GameEngine, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def release(engine: GameEngine, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def click(engine: GameEngine, pos: tuple[int, int], button: int = 1) -> None:
    """A mouse click at ``pos`` (press and release), then one frame."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=button))
    engine.run_frames(1)


def top_menu(engine: GameEngine) -> MenuModel:
    """The menu of the top scene's model, whichever screen it is (main menu, pause, ...)."""
    menu = getattr(getattr(engine.top, "model", None), "menu", None)
    assert isinstance(menu, MenuModel), f"{type(engine.top).__name__} shows no menu"
    return menu


def settle(engine: GameEngine, limit: int = 2000) -> int:
    """Run frames until the top scene is idle (at least one, for posted events); frames run."""
    frames = engine.run_frames(1)
    while frames < limit and engine.top is not None and not engine.top.shown().idle:
        frames += engine.run_frames(1)
    return frames
