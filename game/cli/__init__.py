"""The ``sokoban`` / ``python -m game`` command line: subcommands and exit codes.

Exit codes: 0 success, 1 a negative answer, 2 bad input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from game.cli.common import EXIT_BAD_INPUT, CliError
from game.cli.scripted import add_script_arguments
from game.solver.smt import missing_package

# Each module adds its subcommands through ``register(subparsers)``.
SUBCOMMAND_MODULES = (
    "game.cli.levels",
    "game.cli.solve",
    "game.cli.optimize",
    "game.cli.bench",
    "game.cli.play",
    "game.cli.frames",
    "game.cli.progress",
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
    add_script_arguments(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="SUBCOMMAND", parser_class=_Parser)
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand (or the game) and return its exit code."""
    try:
        args = build_parser().parse_args(argv)
        handler = getattr(args, "handler", None)
        # A method whose optional solver is not installed: say how to install it.
        missing = missing_package(getattr(args, "method", None) or "")
        if missing:
            raise CliError(missing)
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
        return 130
