"""Running the real engine on an input script, headless or in a window (``--input SCRIPT``).

``play --replay LURD`` is a script of arrow keys; the game and ``play`` also take script files.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from game.cli.common import CliError
from game.cli.paths import named_file, output_file
from game.core.errors import LevelError, printable
from game.core.files import read_regular_file, without_byte_order_mark
from game.core.problems import Problem, ProblemKind

if TYPE_CHECKING:
    # pygame is imported only by the subcommands that open the engine.
    from game.app.shown import Shown
    from game.cli.dialogs import Dialogs
    from game.engine.engine import GameEngine
    from game.engine.input_script import Action, InputScript

# A scripted action needs its animation ticks plus a frame or two; this bounds a run that hangs.
FRAMES_PER_ACTION = 30
EXTRA_FRAMES = 120
# How often a script waiting for background work looks again.
WORK_POLL_SECONDS = 0.01
# An input script is a page of text, not a book.
MAX_SCRIPT_BYTES = 1_000_000


def add_script_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no window or sound; run until the input ends and the screen is still",
    )
    parser.add_argument(
        "--input",
        metavar="SCRIPT",
        help="a file of input, one a line: key NAME, text STRING, click X Y, rclick X Y, "
        "wait N, shot FILE.png (# starts a comment)",
    )


def read_script(path: str) -> list[Action]:
    """The actions of the script file at ``path``; CliError with the reason or the bad line,
    or when a ``shot`` names a file that cannot be written (found now, not after the work)."""
    from game.engine.input_script import ScriptError, Shot, parse_script

    try:
        data = read_regular_file(named_file(path, "--input"), MAX_SCRIPT_BYTES, "input script")
    except LevelError as error:
        raise CliError(str(error)) from None
    try:
        actions = parse_script(without_byte_order_mark(data.decode("utf-8")))
    except UnicodeDecodeError:
        raise CliError(f"{printable(path)} is not UTF-8 text") from None
    except ScriptError as error:
        raise CliError(f"{printable(path)} {error}") from None
    for action in actions:
        if isinstance(action, Shot):
            output_file(str(action.path), f"{printable(path)}: shot")
    return actions


def use_players_progress(engine: GameEngine) -> Problem | None:
    """Keep progress in the player's store from now on (``SOKOBAN_HOME`` overrides its folder);
    call it before any scene reads records. Returns the problem of a damaged store (moved
    aside) or a newer one (read-only), if there is one."""
    from game.storage.store import ProgressStore

    store, message = ProgressStore.open()
    engine.use_progress(store)
    return None if message is None else Problem(ProblemKind.STORE_SET_ASIDE, message)


def open_engine(headless: bool, players_progress: bool) -> tuple[GameEngine, Dialogs]:
    """The engine with every screen registered, its window open (or the dummy one headless),
    and what its dialogs said; with ``players_progress`` it keeps the player's records, saying
    on stderr when the store was damaged or is newer. CliError if no window can be opened."""
    import pygame

    from game.cli.dialogs import with_dialogs
    from game.engine.engine import GameEngine
    from game.ui.sprites import app_icon

    quiet_resource_tracker()
    try:
        engine = GameEngine(sound_enabled=not headless, icon=app_icon())
    except pygame.error as error:
        raise CliError(f"cannot open the game window: {error}") from None
    dialogs = with_dialogs(engine, headless)
    if players_progress:
        problem = use_players_progress(engine)
        if problem is not None:
            print(problem.text, file=sys.stderr)
    return engine, dialogs


# The resource tracker's warning about named semaphores it unlinks for a process that is gone.
TRACKER_WARNING = "ignore:resource_tracker:UserWarning"


def quiet_resource_tracker() -> None:
    """Keep the resource tracker from warning on the player's terminal after a kill.

    The solver's worker talks to the game through queues whose semaphores the tracker (a
    process that outlives a killed game) unlinks when the game is gone, as it should; it then
    warns of "leaked semaphore objects", which the player can do nothing about. The tracker
    reads this filter from the environment when the game starts it, before the first queue.
    """
    filters = [part for part in os.environ.get("PYTHONWARNINGS", "").split(",") if part]
    if TRACKER_WARNING not in filters:
        os.environ["PYTHONWARNINGS"] = ",".join([*filters, TRACKER_WARNING])


def shut_down(engine: GameEngine) -> bool:
    """Close the engine and its store; False (after saying so on stderr) if results that could
    not be written are lost."""
    lost = engine.shutdown()
    if lost is not None:
        print(lost.text, file=sys.stderr)
    return lost is None


def frame_budget(actions: list[Action]) -> int:
    """Enough frames for every action and its animations, so a run that hangs still ends."""
    from game.engine.input_script import Wait

    waits = sum(action.ticks for action in actions if isinstance(action, Wait))
    return EXTRA_FRAMES + FRAMES_PER_ACTION * len(actions) + waits


def run_until_still(engine: GameEngine, script: InputScript, limit: int | None) -> int:
    """Frames on the fake clock until the script is done and the screen is idle (or ``limit``,
    or the game quits); the frames run."""
    cap = limit if limit is not None else frame_budget(script.actions)
    frames = 0
    while frames < cap:
        if engine.run_frames(1) == 0:
            break
        if script.waiting_for_work:
            # Background work runs on the wall clock: its frames are not the script's.
            time.sleep(WORK_POLL_SECONDS)
            continue
        frames += 1
        top = engine.top
        if limit is None and script.finished and (top is None or _still(top.shown())):
            break
    if script.problem is not None:
        raise CliError(script.problem)
    return frames


def _still(shown: Shown[Any]) -> bool:
    """The screen is idle and shows no background work (an import the script ended on is
    waited for, and filed)."""
    return shown.idle and shown.work is None
