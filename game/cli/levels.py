"""Subcommands about level files: verify a solution, show, convert and list levels.

All of them read any supported dialect and answer in standard XSB.
"""

from __future__ import annotations

import argparse
from typing import Any

from game.cli.common import (
    EXIT_NO,
    EXIT_OK,
    CliError,
    add_file_argument,
    load_collection,
    load_level,
)
from game.cli.paths import output_file
from game.core.chapters import chapters_of, stars_of
from game.core.collection import Collection, write_collection
from game.core.errors import printable, visible
from game.core.notation import NotationError, replay
from game.core.resources import level_file_path
from game.core.wording import counted


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
    convert.add_argument("--force", action="store_true", help="replace --out if it exists")
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
            f"not solved: all {counted(result.moves, 'move')} were made "
            f"({counted(result.pushes, 'push', 'pushes')}) but not every goal holds a box"
        )
    return EXIT_NO


def run_show(args: argparse.Namespace) -> int:
    level = load_level(args)
    if level.title:
        # A title is the file's text: an escape sequence in it is shown, never obeyed.
        print(f"; {visible(level.title)}")
    print(level.to_xsb())
    return EXIT_OK


def run_convert(args: argparse.Namespace) -> int:
    out = output_file(args.out, "--out", [level_file_path(args.file)], replace=args.force)
    collection = load_collection(args)
    if collection.errors:
        # Writing the rest would drop these levels without a trace.
        raise CliError(
            f"{counted(len(collection.errors), 'level')} of {printable(args.file)} could not be "
            "read, "
            f"so nothing was written; first: {collection.errors[0]}"
        )
    try:
        write_collection(collection, out)
    except OSError as error:
        raise CliError(f"cannot write {printable(args.out)}: {error.strerror or error}") from None
    print(f"wrote {counted(len(collection.levels), 'level')} to {printable(args.out)}")
    return EXIT_OK


def run_list(args: argparse.Namespace) -> int:
    collection = load_collection(args)
    # A collection with chapters (the campaign) lists each under its heading, with stars.
    headings = {chapter.indices[0]: chapter for chapter in chapters_of(collection.levels)}
    print(f"{'#':>4}  {'size':>7}  {'boxes':>5}  {'stars':>5}  title")
    # A level that cannot be played keeps its place and number in the list, with the reason.
    unplayable = {error.number: error.reason for error in collection.errors}
    places = {collection.number_of(index): index for index in range(len(collection.levels))}
    for number in range(1, collection.file_count + 1):
        index = places.get(number)
        if index is None:
            reason = unplayable.get(number, "it could not be read")
            print(f"{number:>4}  cannot be played: {visible(reason)}")
            continue
        level = collection.levels[index]
        chapter = headings.get(index)
        if chapter is not None:
            levels = counted(len(chapter.indices), "level")
            print(f"Chapter {chapter.number}: {visible(chapter.name)} ({levels})")
        size = f"{level.width}x{level.height}"
        stars = stars_of(level)
        shown = "*" * stars if stars else "-"
        title = visible(level.title)
        print(f"{number:>4}  {size:>7}  {len(level.boxes):>5}  {shown:>5}  {title}")
    _report_errors(collection)
    return EXIT_OK


def _report_errors(collection: Collection) -> None:
    import sys

    for error in collection.errors:
        print(f"skipped: {error}", file=sys.stderr)
