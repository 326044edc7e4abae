"""Shared pieces of the subcommands: exit codes, the bad-input error, level selection and the
checks of numbers and moves given on the command line.

Every subcommand picks levels with ``FILE --level N|TITLE`` through :func:`load_level`.
"""

from __future__ import annotations

import argparse
import string
import sys
from collections.abc import Callable

from game.core.collection import Collection, read_collection
from game.core.digits import count_of, is_count, shortened
from game.core.errors import LevelError, printable
from game.core.level import Level
from game.core.notation import NotationError, parse_lurd
from game.core.resources import CAMPAIGN_NAME, level_file_path
from game.core.wording import counted
from game.core.xsb import Dialect

EXIT_OK = 0
EXIT_NO = 1
EXIT_BAD_INPUT = 2
# A day: longer limits are typing mistakes, and inf or nan would mean no limit at all.
MAX_SECONDS = 24 * 60 * 60
# Moves fed through the game one by one, each with its animation (about 180 a second
# headless): this many take about two minutes. verify replays without the game and takes more.
MAX_REPLAY_MOVES = 20_000


class CliError(Exception):
    """Bad input: printed as one line and exit code 2."""


def add_file_argument(parser: argparse.ArgumentParser, with_level: bool = True) -> None:
    parser.add_argument(
        "file",
        help=f"a level file (.xsb, .sok, .txt) in any supported dialect, "
        f"or {CAMPAIGN_NAME} for the game's campaign",
    )
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
    if not args.file.strip():
        raise CliError(f"FILE needs a file name (or {CAMPAIGN_NAME})")
    try:
        collection = read_collection(level_file_path(args.file), Dialect(args.dialect))
    except LevelError as error:
        raise CliError(str(error)) from None
    if not collection.levels:
        raise CliError(str(collection.errors[0]))
    return collection


def load_level(args: argparse.Namespace) -> Level:
    """The level chosen by ``--level`` in ``FILE``; CliError with the reason if it is bad."""
    collection, index = load_chosen(args)
    return collection.levels[index]


def load_chosen(args: argparse.Namespace) -> tuple[Collection, int]:
    """The collection in ``FILE`` and the index in it of the level ``--level`` chooses;
    CliError with the reason if either is bad."""
    collection = load_collection(args)
    try:
        index = collection.find_index(str(args.level))
    except LevelError as error:
        raise CliError(str(error)) from None
    if collection.errors:
        # Levels keep their numbers in the file; say which could not be read.
        print(
            f"note: {counted(len(collection.errors), 'level')} in {printable(args.file)} could not "
            f"be read and skipped; first: {collection.errors[0]}",
            file=sys.stderr,
        )
    return collection, index


def positive_seconds(text: str) -> float:
    """argparse ``type`` for ``--time-limit`` and the like: a finite number of seconds, more
    than 0 and at most a day (``nan``, ``inf``, ``1e308`` and negatives are refused)."""
    try:
        # Only ASCII digits: float() also takes ``１``, ``٣`` and ``1_0``, which are typing
        # mistakes here, never numbers the player meant.
        if not text.isascii() or "_" in text:
            raise ValueError(text)
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{printable(shortened(text))} is not a number of seconds"
        ) from None
    if not 0 < seconds <= MAX_SECONDS:  # also false for nan
        raise argparse.ArgumentTypeError(
            f"{printable(shortened(text))} is not between 0 and {MAX_SECONDS} seconds (a day)"
        )
    return seconds


def whole_number(most: int) -> Callable[[str], int]:
    """An argparse ``type`` for a count from 1 to ``most`` in ASCII digits; anything else (``٢``,
    ``1_0``, ``-1``, a thousand digits) is refused in one line."""

    def parse(text: str) -> int:
        # ASCII blanks only: str.strip() also takes Unicode ones such as U+0085, which would
        # let ``1\x85`` through as 1.
        digits = text.strip(string.whitespace)
        if not is_count(digits):
            raise argparse.ArgumentTypeError(
                f"{printable(shortened(text))} is not a whole number"
            )
        value = count_of(digits, most)
        if not 1 <= value <= most:
            shown = printable(shortened(digits.lstrip("0") or "0"))
            raise argparse.ArgumentTypeError(f"must be 1 to {most}, not {shown}")
        return value

    return parse


def replay_moves(text: str, option: str = "--replay") -> str:
    """The moves of a ``--replay`` or ``--solution`` that the game will play, run lengths
    expanded; CliError with one line when a letter is not a move or there are more than
    MAX_REPLAY_MOVES."""
    try:
        return parse_lurd(text, MAX_REPLAY_MOVES)
    except NotationError as error:
        raise CliError(f"{option}: {error}") from None
