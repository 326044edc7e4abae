"""Subcommand ``generate``: new levels of a size, box count and difficulty, into an XSB file.

Deterministic for a seed whatever ``--jobs``; a progress bar on stderr (one updating line on a
terminal, a plain line per level otherwise). ``--out`` is checked before any work is done.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from game.cli.common import EXIT_NO, EXIT_OK, CliError
from game.cli.paths import output_file
from game.core.collection import Collection, write_collection
from game.core.errors import printable
from game.core.wording import counted
from game.levelgen.batch import BatchProgress, Request, generate_levels
from game.levelgen.generate import AUTHOR
from game.levelgen.parallel import WorkerFailed

MAX_JOBS = 256
BAR_WIDTH = 24


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
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="processes that make levels (default: every core); the levels stay the same",
    )
    parser.add_argument("--out", required=True, help="the .xsb file to write")
    parser.add_argument("--force", action="store_true", help="replace --out if it exists")
    parser.set_defaults(handler=run_generate)


def run_generate(args: argparse.Namespace) -> int:
    request = Request(
        args.width, args.height, args.boxes, args.count, args.difficulty, args.seed
    )
    problem = request.problem()
    if problem is not None:
        raise CliError(f"generate: {problem.text}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise CliError(f"generate: jobs must be 1 to {MAX_JOBS}, not {args.jobs}")
    out = writable_target(args.out, args.force)
    bar = ProgressBar(sys.stderr)
    try:
        levels = generate_levels(request, progress=bar.show, jobs=args.jobs)
    except WorkerFailed as error:
        raise CliError(f"generate: {error}") from None
    finally:
        bar.close()
    comment = (
        f"{counted(request.count, 'level')} asked: {request.width}x{request.height}, "
        f"{counted(request.boxes, 'box', 'boxes')}, {counted(request.difficulty, 'star')}, "
        f"seed {request.seed}"
    )
    try:
        write_collection(Collection("Generated levels", AUTHOR, comment, levels), out)
    except OSError as error:
        raise CliError(
            f"generate: cannot write {printable(out)}: {error.strerror or error}"
        ) from None
    print(f"wrote {counted(len(levels), 'level')} to {printable(out)}")
    if len(levels) < request.count:
        print(
            f"generate: only {len(levels)} of {request.count} found at {request.difficulty} "
            "stars; try another size, box count or difficulty",
            file=sys.stderr,
        )
        return EXIT_NO
    return EXIT_OK


def writable_target(text: str, force: bool) -> Path:
    """The file ``--out`` names, checked as every output file is (game.cli.paths), with the
    subcommand's name before the one line that refuses it; an existing file is replaced only
    with ``force``, as ``convert`` does."""
    try:
        return output_file(text, "--out", replace=force)
    except CliError as error:
        raise CliError(f"generate: {error}") from None


class ProgressBar:
    """The batch's progress on ``stream``: one line redrawn in place on a terminal, else a
    plain line whenever a level is made."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.made = -1
        self.drawn = False

    def show(self, state: BatchProgress) -> None:
        if self.live:
            done = (state.made + state.share) / state.wanted
            filled = round(BAR_WIDTH * min(1.0, done))
            bar = "#" * filled + "-" * (BAR_WIDTH - filled)
            self.stream.write(f"\rgenerate: [{bar}] {state.line()}")
            self.drawn = True
        elif state.made != self.made:
            self.stream.write(f"generate: {state.line()}\n")
        self.made = state.made
        self.stream.flush()

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
