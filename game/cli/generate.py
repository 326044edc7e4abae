"""Subcommand ``generate``: new levels of a size, box count and difficulty, into an XSB file.

Deterministic for a seed; progress goes to stderr, one line per seed tried.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from game.cli.common import EXIT_NO, EXIT_OK, CliError
from game.core.collection import Collection, write_collection
from game.levelgen.batch import BatchProgress, Request, generate_levels
from game.levelgen.generate import AUTHOR


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "generate", help="make new solver-checked levels of a size and difficulty"
    )
    parser.add_argument("--width", type=int, default=11, help="most squares across (default 11)")
    parser.add_argument("--height", type=int, default=11, help="most squares down (default 11)")
    parser.add_argument("--boxes", type=int, default=3, help="boxes in each level (default 3)")
    parser.add_argument("--count", type=int, default=5, help="levels to make (default 5)")
    parser.add_argument("--difficulty", type=int, default=2, help="stars, 1 to 5 (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="the same seed makes the same levels")
    parser.add_argument("--out", required=True, help="the .xsb file to write")
    parser.set_defaults(handler=run_generate)


def run_generate(args: argparse.Namespace) -> int:
    request = Request(
        args.width, args.height, args.boxes, args.count, args.difficulty, args.seed
    )
    problem = request.problem()
    if problem:
        raise CliError(f"generate: {problem}")
    out = Path(args.out)
    if not out.parent.is_dir():
        raise CliError(f"generate: the folder of {out} does not exist")

    def report(progress: BatchProgress) -> None:
        print(f"generate: {progress.line()}", file=sys.stderr, flush=True)

    levels = generate_levels(request, progress=report)
    comment = (
        f"{request.count} levels asked: {request.width}x{request.height}, "
        f"{request.boxes} boxes, {request.difficulty} stars, seed {request.seed}"
    )
    try:
        write_collection(Collection("Generated levels", AUTHOR, comment, levels), out)
    except OSError as error:
        raise CliError(f"cannot write {out}: {error.strerror or error}") from None
    print(f"wrote {len(levels)} level(s) to {out}")
    if len(levels) < request.count:
        print(
            f"generate: only {len(levels)} of {request.count} found at {request.difficulty} "
            "stars; try another size, box count or difficulty",
            file=sys.stderr,
        )
        return EXIT_NO
    return EXIT_OK
