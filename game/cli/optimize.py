"""Subcommand ``optimize``: a solution of one level made cheaper under a metric order, printed with
a line of its six metrics before and after.

The solution comes from ``--solution`` or from the best one kept in the progress store.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.cli.common import (
    EXIT_OK,
    CliError,
    add_file_argument,
    load_level,
    positive_seconds,
    replay_moves,
)
from game.core.level import Level
from game.core.metrics import MetricOrder, SolutionMetrics, solution_metrics
from game.solver.optimize.optimizer import optimize
from game.storage.library import all_entries
from game.storage.store import ProgressStore


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
    command.add_argument(
        "--metric", choices=[order.value for order in MetricOrder], default="moves",
        help="what to make smaller first; the other metrics break ties (default moves)",
    )
    command.add_argument(
        "--time-limit", type=positive_seconds, default=60.0, help="seconds (default 60)"
    )
    command.set_defaults(handler=run_optimize)


def run_optimize(args: argparse.Namespace) -> int:
    level = load_level(args)
    order = MetricOrder(args.metric)
    if args.from_library:
        lurd = library_solution(level, order)
    else:
        lurd = replay_moves(args.solution, "--solution")
    try:
        result = optimize(level, lurd, order, time_limit=args.time_limit)
    except ValueError as error:  # a move that cannot be made, or not every box on a goal
        raise CliError(f"--solution: {error}") from None
    ending = f" ({result.reason})" if result.reason else ""
    print(f"{before_after(result.before, result.after)}{ending}", file=sys.stderr)
    print(result.lurd)
    return EXIT_OK


def before_after(before: SolutionMetrics, after: SolutionMetrics) -> str:
    """The six metrics before and after, on one line: ``moves 41 -> 33, pushes 8 -> 8, ...``."""
    return ", ".join(
        f"{name.replace('_', ' ')} {getattr(before, name)} -> {getattr(after, name)}"
        for name in SolutionMetrics.__dataclass_fields__
    )


def library_solution(level: Level, order: MetricOrder) -> str:
    """The best solution of ``level`` under ``order`` in the solution library (any
    collection's entries of its layout); CliError when there is none."""
    store, _ = ProgressStore.open()
    try:
        if store.fallback_reason is not None:
            raise CliError(f"Saved progress cannot be read: {store.fallback_reason}")
        fingerprint = level.fingerprint()
        kept = [entry.lurd for entry in all_entries(store) if entry.fingerprint == fingerprint]
    finally:
        store.close()
    # A kept solution that no longer solves the level (its file changed) is passed over.
    solved = [(solution_metrics(level, lurd), lurd) for lurd in kept]
    playable = [(order.key(found[0]), lurd) for found, lurd in solved if found is not None]
    if not playable:
        raise CliError("no solution of this level is kept in its solution library")
    return min(playable)[1]
