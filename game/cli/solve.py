"""Subcommand ``solve``: one level, the LURD solution on stdout and statistics on stderr.

Also the search options and the count argument that ``bench`` shares.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.cli.common import (
    EXIT_NO,
    EXIT_OK,
    add_file_argument,
    load_level,
    positive_seconds,
    whole_number,
)
from game.solver import METHODS, SolveStatus, solve
from game.solver.methods import METHOD_HELP

EXIT_TIMEOUT = 3
MAX_COUNT = 10_000


def register(subparsers: Any) -> None:
    one = subparsers.add_parser("solve", help="solve one level and print the LURD solution")
    add_file_argument(one)
    add_search_arguments(one, method_help())
    one.set_defaults(handler=run_solve)


def method_help() -> str:
    return "; ".join(f"{name}: {text}" for name, text in METHOD_HELP.items())


def add_search_arguments(parser: argparse.ArgumentParser, methods: str) -> None:
    parser.add_argument("--method", choices=list(METHODS), default="fast", help=methods)
    parser.add_argument(
        "--time-limit", type=positive_seconds, default=10.0, help="seconds per level (default 10)"
    )
    parser.add_argument(
        "--workers", type=positive_count, default=1,
        help="processes that share one level's searches (default 1; only the fast method has "
        "more than one search to share)",
    )


# Jobs or worker processes: at least one, and more than this is a typing mistake.
positive_count = whole_number(MAX_COUNT)


def run_solve(args: argparse.Namespace) -> int:
    level = load_level(args)
    result = solve(level, method=args.method, time_limit=args.time_limit, workers=args.workers)
    print(
        f"{result.status.value}: pushes={result.pushes} moves={result.moves} "
        f"nodes={result.nodes} seconds={result.seconds:.2f}"
        + (f" ({result.reason})" if result.reason else ""),
        file=sys.stderr,
    )
    if result.status is SolveStatus.SOLVED:
        print(result.lurd)
        return EXIT_OK
    if result.status is SolveStatus.UNSOLVABLE:
        print("unsolvable")
        return EXIT_NO
    print("timeout")
    return EXIT_TIMEOUT


