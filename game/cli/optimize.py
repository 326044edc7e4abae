"""Subcommand ``optimize``: a solution of one level made cheaper under a metric order, printed with
a line of its six metrics before and after and whether the optimizer converged.

The solution comes from ``--solution`` or from the best one in the solution library; ``--save``
files the answer there, and ``--all`` (game.cli.optimize_all) optimizes every level of a file that
has one. The best so far is told on stderr as it improves.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from game.cli.common import (
    EXIT_OK,
    CliError,
    add_file_argument,
    load_chosen,
    load_collection,
    positive_seconds,
    replay_moves,
)
from game.cli.optimize_all import optimize_all
from game.cli.optimize_shared import (
    before_after,
    best_so_far,
    ending,
    file_result,
    level_key,
    library_seeds,
    library_solution,
)
from game.cli.solve import positive_count
from game.core.metrics import MetricOrder
from game.core.notation import in_true_case
from game.solver.optimize.optimizer import optimize
from game.storage.library_entry import LibraryEntry


def register(subparsers: Any) -> None:
    command = subparsers.add_parser(
        "optimize", help="make a solution cheaper (vicinity search) and print it"
    )
    add_file_argument(command)
    given = command.add_mutually_exclusive_group(required=True)
    given.add_argument("--solution", help="the solution to optimize, in LURD")
    given.add_argument(
        "--from-library", action="store_true",
        help="optimize the best solution of the level kept in the saved progress",
    )
    given.add_argument(
        "--all", action="store_true",
        help="optimize the best kept solution of every level of FILE that has one and file each "
        "better one in the library; a run that was stopped goes on where it stopped",
    )
    command.add_argument(
        "--metric", choices=[order.value for order in MetricOrder], default="moves",
        help="what to make smaller first; the other metrics break ties (default moves)",
    )
    command.add_argument(
        "--time-limit", type=positive_seconds, default=60.0,
        help="seconds (a level's, with --all; default 60)",
    )
    command.add_argument(
        "--workers", type=positive_count, default=os.cpu_count() or 1,
        help="processes that search at once (default: the machine's cores)",
    )
    command.add_argument(
        "--save", action="store_true", help="file the answer in the level's solution library"
    )
    command.set_defaults(handler=run_optimize)


def run_optimize(args: argparse.Namespace) -> int:
    order = MetricOrder(args.metric)
    if args.all:
        return optimize_all(args, load_collection(args), order)
    collection, index = load_chosen(args)
    level = collection.levels[index]
    source: LibraryEntry | None = None
    seeds: tuple[str, ...] = ()
    if args.from_library:
        source = library_solution(level, order)
        lurd = source.lurd
        seeds = library_seeds([level]).get(level.fingerprint(), ())
    else:
        # Its case made true first: what is printed, even the solution given when nothing
        # better is found, is what the game's own verify takes (the library's is already).
        lurd, replayed = in_true_case(level, replay_moves(args.solution, "--solution"))
        if replayed.failed_at is not None:
            raise CliError(f"--solution: {replayed.reason}")
    try:
        result = optimize(
            level, lurd, order, time_limit=args.time_limit, workers=args.workers,
            progress=best_so_far(""), seeds=seeds,
        )
    except ValueError as error:  # a move that cannot be made, or not every box on a goal
        raise CliError(f"--solution: {error}") from None
    print(f"{before_after(result.before, result.after)} ({ending(result)})", file=sys.stderr)
    print(result.lurd)
    if args.save:
        key = level_key(args.file, collection, index)
        print(file_result(level, key, result, source), file=sys.stderr)
    return EXIT_OK


