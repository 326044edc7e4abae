"""Starting the game window from the command line.

Kept apart so that the level subcommands never import pygame.
"""

from __future__ import annotations

import os
import sys
import traceback
from datetime import datetime
from pathlib import Path

from game.cli.common import CliError
from game.storage.paths import data_dir

CRASH_LOG_NAME = "crash.log"


def start_game(headless: bool = False, script_path: str | None = None) -> int:
    """Open the game window on the main menu and run until the player quits; ``headless``
    runs without window or sound until the input script (``script_path``) is done."""
    # Nothing on stdout but what a run reports: not pygame's greeting either.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if headless:
        from game.engine.engine import use_headless_drivers

        use_headless_drivers()
    from game.app import navigation
    from game.app.screens import MainMenuScreen
    from game.cli.scripted import (
        open_engine,
        read_script,
        run_until_still,
        shut_down,
        use_players_progress,
    )
    from game.engine.input_script import InputScript

    script = InputScript(read_script(script_path)) if script_path is not None else None
    try:
        # The store is attached below, so that its message goes on the first screen.
        engine, dialogs = open_engine(headless, players_progress=False)
    except CliError as error:
        print(error, file=sys.stderr)
        return 1
    code = 0
    try:
        # The message about a damaged or newer store goes on the first screen.
        problem = use_players_progress(engine)
        # A headless run is unattended: a store it cannot keep progress in (in memory, or of a
        # newer version and so read-only) fails the run, the reason on stderr, whether or not
        # the script got as far as a result.
        if headless and (not engine.progress.persistent or engine.progress.read_only):
            code = 1
        engine.open(MainMenuScreen())
        if problem is not None:
            navigation.show_problem(engine, problem)
        if script is not None:
            engine.add_input_source(script)
        if headless:
            run_until_still(engine, script or InputScript([]), None)
        else:
            # Synthesising the effects takes a moment; better at start than at the first step.
            engine.sound.preload()
            engine.ready_levels.start()  # a Random level of each difficulty, made ahead
            engine.run()
    except CliError:
        raise
    except Exception:
        # A bug of ours: the player gets one line and the game closes with progress saved;
        # the traceback goes to a log for the bug report instead of the terminal.
        log = write_crash_log(traceback.format_exc())
        where = f"the details are in {log}" if log else "the details could not be saved"
        print(f"the game stopped on an internal error; {where}", file=sys.stderr)
        code = 1
    finally:
        # Leaving the level being played saves it before the store is closed.
        if not shut_down(engine) or dialogs.failed:
            code = 1
    return code


def write_crash_log(details: str) -> Path | None:
    """Append ``details`` to the crash log in the data folder; its path, or None if unwritable."""
    path = data_dir() / CRASH_LOG_NAME
    stamp = datetime.now().isoformat(timespec="seconds")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {stamp}\n{details}\n")
    except OSError:
        return None
    return path
