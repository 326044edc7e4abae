"""The ``sokoban`` / ``python -m game`` command line: subcommands and exit codes.

Exit codes: 0 success, 1 a negative answer, 2 bad input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading
from collections.abc import Sequence

from game.cli.common import EXIT_BAD_INPUT, CliError
from game.cli.scripted import add_script_arguments
from game.core.version import VERSION
from game.solver.smt import missing_package
from game.solver.smt.backend import DISTRIBUTION, available
from game.storage.paths import home_problem

EXIT_INTERRUPTED = 128 + signal.SIGINT
EXIT_TERMINATED = 128 + signal.SIGTERM

# Each module adds its subcommands through ``register(subparsers)``.
SUBCOMMAND_MODULES = (
    "game.cli.levels",
    "game.cli.solve",
    "game.cli.optimize",
    "game.cli.bench",
    "game.cli.play",
    "game.cli.frames",
    "game.cli.progress",
    "game.cli.solutions",
    "game.cli.generate",
    "game.cli.smt",
    "game.cli.edit",
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad arguments with exit code 2 and one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CliError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="sokoban", description="Sokoban arcade: play, solve and check levels.")
    parser.add_argument("--version", action="version", version=version_text())
    add_script_arguments(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="SUBCOMMAND", parser_class=_Parser)
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


class Terminated(BaseException):
    """SIGTERM arrived: raised where the program is, so that it ends the way Ctrl+C does
    (progress saved, helper processes stopped), not in the middle of a write."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def version_text() -> str:
    """The version, and which optional solvers this installation (or standalone build) has."""
    carried = [name for package, name in DISTRIBUTION.items() if available(package)]
    return f"sokoban {VERSION} (optional solvers: {', '.join(carried) or 'none'})"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand (or the game) and return its exit code: 130 after SIGINT, 143
    after SIGTERM, each once everything of the game has stopped."""
    if threading.current_thread() is not threading.main_thread():
        return _run(argv)  # signals reach the main thread only
    # SDL would turn SIGINT and SIGTERM into a quit event that a headless run or a busy screen
    # never reads; Python's handling below ends the game at once instead.
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
    before = signal.signal(signal.SIGTERM, _terminate)
    try:
        return _run(argv)
    finally:
        signal.signal(signal.SIGTERM, before)  # a caller (a test) gets its own handling back


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        handler = getattr(args, "handler", None)
        # A method whose optional solver is not installed: say how to install it.
        missing = missing_package(getattr(args, "method", None) or "")
        if missing:
            raise CliError(missing)
        home = home_problem()  # once here, not as a traceback at the first save
        if home is not None:
            raise CliError(home.text)
        if handler is None:
            from game.cli.start import start_game

            return start_game(args.headless, args.input)
        code: int = handler(args)
        return code
    except CliError as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (``| head``); that is not an error of ours.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Terminated:
        print("terminated", file=sys.stderr)
        return EXIT_TERMINATED
