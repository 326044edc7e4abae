"""Shared pieces of the subcommands: exit codes, the bad-input error and level selection.

Every subcommand picks levels with ``FILE --level N|TITLE`` through :func:`load_level`.
"""

from __future__ import annotations

import argparse
import sys

from game.core.collection import Collection, read_collection
from game.core.errors import LevelError
from game.core.level import Level
from game.core.xsb import Dialect

EXIT_OK = 0
EXIT_NO = 1
EXIT_BAD_INPUT = 2


class CliError(Exception):
    """Bad input: printed as one line and exit code 2."""


def add_file_argument(parser: argparse.ArgumentParser, with_level: bool = True) -> None:
    parser.add_argument("file", help="a level file (.xsb, .sok, .txt) in any supported dialect")
    parser.add_argument(
        "--dialect",
        choices=[d.value for d in Dialect],
        default=Dialect.AUTO.value,
        help="character set of the file (default: detect it)",
    )
    if with_level:
        parser.add_argument(
            "--level", default="1", help="level number (1-based) or title (default: 1)"
        )


def load_collection(args: argparse.Namespace) -> Collection:
    """The collection in ``FILE``; CliError when not one level of it could be read."""
    try:
        collection = read_collection(args.file, Dialect(args.dialect))
    except LevelError as error:
        raise CliError(str(error)) from None
    if not collection.levels:
        raise CliError(str(collection.errors[0]))
    return collection


def load_level(args: argparse.Namespace) -> Level:
    """The level chosen by ``--level`` in ``FILE``; CliError with the reason if it is bad."""
    collection = load_collection(args)
    try:
        level = collection.find(str(args.level))
    except LevelError as error:
        raise CliError(str(error)) from None
    if collection.errors:
        # Numbers count the levels that loaded, so say which did not.
        print(
            f"note: {len(collection.errors)} level(s) in {args.file} could not be read "
            f"and are skipped; first: {collection.errors[0]}",
            file=sys.stderr,
        )
    return level
