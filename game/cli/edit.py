"""The ``edit`` subcommand: the level editor on a copy of a level, or on a new empty board.

``edit --new 7x4 --headless --input SCRIPT`` types a level in and saves it, with no window.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from game.cli.common import EXIT_NO, EXIT_OK, CliError, load_level
from game.cli.scripted import (
    add_script_arguments,
    open_engine,
    read_script,
    run_until_still,
    shut_down,
)
from game.core.digits import shortened
from game.core.edit_grid import parse_size, too_large
from game.core.errors import printable, visible
from game.core.xsb import Dialect
from game.storage.jsondata import one_line

if TYPE_CHECKING:
    from game.core.problems import Problem
    from game.engine.engine import GameEngine


def register(subparsers: Any) -> None:
    edit = subparsers.add_parser(
        "edit", help="the level editor: a copy of a level of FILE, or a new one (--new WxH)"
    )
    edit.add_argument(
        "file", nargs="?", help="a level file, or campaign; the copy is saved to your levels"
    )
    edit.add_argument("--level", default="1", help="level number (1-based) or title")
    edit.add_argument("--dialect", choices=[d.value for d in Dialect], default="auto")
    edit.add_argument("--new", metavar="WxH", help="a new empty board, 3x3 to 64x64")
    add_script_arguments(edit)
    edit.set_defaults(handler=run_edit)


def run_edit(args: argparse.Namespace) -> int:
    if (args.file is None) == (args.new is None):
        raise CliError("edit: give a FILE (with --level N) or --new WxH")
    if args.new is not None:
        try:
            width, height = parse_size(args.new)
        except ValueError as error:
            raise CliError(f"--new: {error}") from None
    level = load_level(args) if args.file is not None else None
    problem = too_large(level.width, level.height) if level is not None else None
    if problem is not None:
        raise CliError(f"level {printable(shortened(str(args.level)))}: {problem.text}")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.headless:
        from game.engine.engine import use_headless_drivers

        use_headless_drivers()

    from game.app.screens import EditorScreen, MainMenuScreen
    from game.core.edit_grid import Grid
    from game.engine.input_script import InputScript

    script = InputScript(read_script(args.input)) if args.input is not None else None
    engine, dialogs = open_engine(args.headless, players_progress=not args.headless)
    try:
        source = level if level is not None else Grid.empty(width, height)
        engine.open_stack([MainMenuScreen(), EditorScreen(source)])
        if script is not None:
            engine.add_input_source(script)
        if args.headless:
            run_until_still(engine, script or InputScript([]), None)
        else:
            engine.sound.preload()
            engine.run()
        refused = _refused_saves(engine) if args.headless else []
    finally:
        saved = shut_down(engine)
    for problem in refused:
        print(visible(one_line(problem.text)), file=sys.stderr)
    # Headless, a save the editor reported failed or refused is the run's failure (said on
    # stderr: nobody saw the dialog or the notice).
    return EXIT_OK if saved and not dialogs.failed and not refused else EXIT_NO


def _refused_saves(engine: GameEngine) -> list[Problem]:
    """Why the editors still open refused the last save asked of them."""
    from game.scenes.editor import EditorScene

    return [
        scene.model.refused_save
        for scene in engine.stack.scenes
        if isinstance(scene, EditorScene) and scene.model.refused_save is not None
    ]
