"""Subcommand ``smt-compare``: the SMT encodings side by side with the search methods.

Per level each method's plan length (moves/pushes) and time; then a summary line per method and
the optimality checks (smt-bv moves against astar-moves, smt-push and sat-push pushes against bfs).
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from game.cli.bench import parse_levels
from game.cli.common import (
    EXIT_OK,
    CliError,
    add_file_argument,
    load_collection,
    positive_seconds,
)
from game.core.wording import counted
from game.solver import METHODS, SolveResult, solve
from game.solver.smt import SMT_METHODS, missing_package

REFERENCES = ("astar-moves", "bfs")
# (method, its reference, the count that must agree): both find optimal plans by that count.
CHECKS = (
    ("smt-bv", "astar-moves", "moves"),
    ("smt-push", "bfs", "pushes"),
    ("sat-push", "bfs", "pushes"),
)
CELL = 16


def register(subparsers: Any) -> None:
    compare = subparsers.add_parser(
        "smt-compare", help="the SMT encodings against astar-moves and bfs, level by level"
    )
    add_file_argument(compare, with_level=False)
    compare.add_argument("--levels", default="", help="level numbers such as 1-50 or 1,4,7-9")
    compare.add_argument(
        "--time-limit",
        type=positive_seconds,
        default=60.0,
        help="seconds per level and method (default 60)",
    )
    compare.add_argument(
        "--methods",
        default=",".join([*SMT_METHODS, *REFERENCES]),
        help="comma-separated methods to compare (default: every SMT method, astar-moves, bfs)",
    )
    compare.set_defaults(handler=run_compare)


def chosen_methods(text: str) -> list[str]:
    """The methods of ``--methods``; CliError for an unknown one or one that cannot run."""
    methods = [name.strip() for name in text.split(",") if name.strip()]
    if not methods:
        raise CliError("--methods: name at least one method")
    for name in methods:
        if name not in METHODS:
            raise CliError(f"--methods: unknown method {name!r}; choose from {', '.join(METHODS)}")
        missing = missing_package(name)
        if missing:
            raise CliError(missing)
    return methods


def cell(result: SolveResult) -> str:
    """``moves/pushes seconds`` for a solution, else the status and seconds."""
    if result.solved:
        return f"{result.moves}/{result.pushes} {result.seconds:.1f}s"
    return f"{result.status.value} {result.seconds:.0f}s"


def run_compare(args: argparse.Namespace) -> int:
    collection = load_collection(args)
    methods = chosen_methods(args.methods)
    chosen = parse_levels(args.levels, len(collection.levels))
    print(f"moves/pushes and seconds per method, {args.time_limit:g} s per level and method")
    print(f"{'#':>3}  {'title':<24}" + "".join(f"{name:>{CELL}}" for name in methods))
    results: dict[str, dict[int, SolveResult]] = {name: {} for name in methods}
    for index in chosen:
        level = collection.levels[index - 1]
        cells = []
        for name in methods:
            result = solve(level, method=name, time_limit=args.time_limit)
            results[name][index] = result
            cells.append(f"{cell(result):>{CELL}}")
        title = (level.title or f"level {index}")[-24:]
        print(f"{index:>3}  {title:<24}" + "".join(cells), flush=True)
    for name in methods:
        print(summary(name, list(results[name].values())))
    for method, reference, count in CHECKS:
        if method in results and reference in results:
            print(agreement(method, reference, count, results[method], results[reference]))
    return EXIT_OK


def summary(name: str, results: list[SolveResult]) -> str:
    solved = [r for r in results if r.solved]
    longest = max(solved, key=lambda r: r.moves, default=None)
    most_pushes = max((r.pushes for r in solved), default=0)
    times = [r.seconds for r in solved]
    median = f"{statistics.median(times):.2f}" if times else "-"
    return (
        f"{name}: solved {len(solved)}/{len(results)}, "
        f"longest plan {counted(longest.moves if longest else 0, 'move')}, "
        f"most pushes {most_pushes}, "
        f"median time solved {median} s, total {sum(r.seconds for r in results):.1f} s"
    )


def agreement(
    method: str,
    reference: str,
    count: str,
    found: dict[int, SolveResult],
    expected: dict[int, SolveResult],
) -> str:
    """Whether ``method`` and ``reference`` agree on ``count`` wherever both solved."""
    both = [i for i in found if found[i].solved and expected.get(i) and expected[i].solved]
    differ = [i for i in both if getattr(found[i], count) != getattr(expected[i], count)]
    verdict = "all equal" if not differ else "differ on " + ", ".join(map(str, differ))
    return (
        f"check {method} {count} == {reference} {count} "
        f"on {counted(len(both), 'level')} both solved: {verdict}"
    )
