"""Subcommands about level files: verify a solution, show, convert and list levels.

All of them read any supported dialect and answer in standard XSB.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from game.cli.common import (
    EXIT_NO,
    EXIT_OK,
    CliError,
    add_file_argument,
    load_collection,
    load_level,
)
from game.core.collection import Collection, write_collection
from game.core.notation import NotationError, replay


def register(subparsers: Any) -> None:
    verify = subparsers.add_parser("verify", help="check a LURD solution for a level")
    add_file_argument(verify)
    verify.add_argument("--solution", required=True, help="the moves in LURD notation")
    verify.set_defaults(handler=run_verify)

    show = subparsers.add_parser("show", help="print a level as standard XSB")
    add_file_argument(show)
    show.set_defaults(handler=run_show)

    convert = subparsers.add_parser("convert", help="rewrite a collection as standard XSB")
    add_file_argument(convert, with_level=False)
    convert.add_argument("--out", required=True, help="the .xsb file to write")
    convert.set_defaults(handler=run_convert)

    listing = subparsers.add_parser("list", help="index, title, size and boxes of every level")
    add_file_argument(listing, with_level=False)
    listing.set_defaults(handler=run_list)


def run_verify(args: argparse.Namespace) -> int:
    level = load_level(args)
    try:
        result = replay(level, args.solution)
    except NotationError as error:
        raise CliError(str(error)) from None
    if result.solved:
        print(f"solved moves={result.moves} pushes={result.pushes}")
        return EXIT_OK
    if result.failed_at is not None:
        print(f"not solved: {result.reason}")
    else:
        print(
            f"not solved: all {result.moves} moves were made "
            f"({result.pushes} pushes) but not every goal holds a box"
        )
    return EXIT_NO


def run_show(args: argparse.Namespace) -> int:
    level = load_level(args)
    if level.title:
        print(f"; {level.title}")
    print(level.to_xsb())
    return EXIT_OK


def run_convert(args: argparse.Namespace) -> int:
    collection = load_collection(args)
    try:
        write_collection(collection, Path(args.out))
    except OSError as error:
        raise CliError(f"cannot write {args.out}: {error.strerror or error}") from None
    _report_errors(collection)
    print(f"wrote {len(collection.levels)} level(s) to {args.out}")
    return EXIT_OK


def run_list(args: argparse.Namespace) -> int:
    collection = load_collection(args)
    print(f"{'#':>4}  {'size':>7}  {'boxes':>5}  title")
    for number, level in enumerate(collection.levels, start=1):
        size = f"{level.width}x{level.height}"
        print(f"{number:>4}  {size:>7}  {len(level.boxes):>5}  {level.title}")
    _report_errors(collection)
    return EXIT_OK


def _report_errors(collection: Collection) -> None:
    import sys

    for error in collection.errors:
        print(f"skipped: {error}", file=sys.stderr)
