"""Subcommands ``solve`` (one level, LURD on stdout) and ``bench`` (a collection, a table).

``bench`` runs each level in its own process, kills it at the limit, replays every solution and
may compare the run with an earlier one.
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import statistics
import sys
import time
from dataclasses import astuple, dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Literal

from game.cli.common import (
    EXIT_NO,
    EXIT_OK,
    CliError,
    add_file_argument,
    load_collection,
    load_level,
    positive_seconds,
)
from game.core.digits import shortened
from game.core.errors import printable
from game.core.level import Level
from game.core.notation import replay
from game.core.wording import counted
from game.solver import METHODS, SolveStatus, solve
from game.solver.methods import METHOD_HELP

EXIT_TIMEOUT = 3
GRACE = 2.0  # seconds a bench worker gets past its limit before it is killed
# How bench starts its workers: None is the platform's default; tests force "spawn".
START_METHOD: Literal["fork", "spawn", "forkserver"] | None = None


def register(subparsers: Any) -> None:
    methods = "; ".join(f"{name}: {text}" for name, text in METHOD_HELP.items())
    one = subparsers.add_parser("solve", help="solve one level and print the LURD solution")
    add_file_argument(one)
    _add_search_arguments(one, methods)
    one.set_defaults(handler=run_solve)

    bench = subparsers.add_parser("bench", help="solve many levels and print a table")
    add_file_argument(bench, with_level=False)
    bench.add_argument("--levels", default="", help="level numbers such as 1-50 or 1,4,7-9")
    _add_search_arguments(bench, methods)
    bench.add_argument(
        "--jobs", type=positive_count, default=1, help="levels solved at once (default 1)"
    )
    bench.add_argument("--csv", default="", help="also write the rows to this CSV file")
    bench.add_argument(
        "--compare", default="", metavar="OLD.csv",
        help="an earlier run's --csv file: print the levels gained and lost against it",
    )
    bench.set_defaults(handler=run_bench)


def _add_search_arguments(parser: argparse.ArgumentParser, methods: str) -> None:
    parser.add_argument("--method", choices=list(METHODS), default="fast", help=methods)
    parser.add_argument(
        "--time-limit", type=positive_seconds, default=10.0, help="seconds per level (default 10)"
    )
    parser.add_argument(
        "--workers", type=positive_count, default=1,
        help="processes that share one level's searches (default 1; only the fast method has "
        "more than one search to share)",
    )


def positive_count(text: str) -> int:
    """A whole number of at least 1, for argparse; a one-line refusal otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{printable(shortened(text))} is not a whole number"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


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


@dataclass
class Row:
    """One line of the bench table; ``method`` is the search that found the solution."""

    index: int
    title: str
    status: str
    method: str = ""
    nodes: int = 0
    seconds: float = 0.0
    moves: int = 0
    pushes: int = 0


COLUMNS = ["index", "title", "status", "method", "nodes", "seconds", "moves", "pushes"]


def parse_levels(text: str, count: int) -> list[int]:
    """Level numbers (1-based) from ``1-50,60``; all levels for ''. CliError if bad."""
    if not text.strip():
        return list(range(1, count + 1))
    chosen: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        try:
            low = int(first)
            high = int(last) if last else low
        except ValueError:
            raise CliError(f"--levels: {part.strip()!r} is not a number or a range") from None
        if low < 1 or high > count or low > high:
            raise CliError(f"--levels: {part.strip()} is outside 1-{count}")
        chosen.extend(range(low, high + 1))
    return chosen


def _worker(
    level: Level, method: str, time_limit: float, workers: int, pipe: Connection
) -> None:
    result = solve(level, method=method, time_limit=time_limit, workers=workers)
    pipe.send((result.status.value, result.lurd, result.nodes, result.seconds, result.found_by))
    pipe.close()


@dataclass
class _Running:
    index: int
    process: BaseProcess
    pipe: Connection
    started: float


def run_bench(args: argparse.Namespace) -> int:
    collection = load_collection(args)
    chosen = parse_levels(args.levels, len(collection.levels))
    before = read_rows(args.compare) if args.compare else None
    levels = collection.levels
    pending = list(chosen)
    running: list[_Running] = []
    rows: dict[int, Row] = {}
    writer = None
    out = None
    if args.csv:
        try:
            out = open(args.csv, "w", newline="")  # noqa: SIM115 - closed below
        except OSError as error:
            raise CliError(f"cannot write {args.csv}: {error.strerror or error}") from None
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
    print(
        f"{'#':>4}  {'title':<20} {'status':<10} {'method':<8} {'nodes':>9} {'s':>7} "
        f"{'moves':>7} {'pushes':>7}"
    )
    # The platform's own way to start processes: fork on Linux, spawn on Windows and macOS.
    context = multiprocessing.get_context(START_METHOD)
    try:
        while pending or running:
            while pending and len(running) < args.jobs:
                index = pending.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(
                    target=_worker,
                    args=(levels[index - 1], args.method, args.time_limit, args.workers, sender),
                    # Not daemonic: a level's worker may start processes of its own (--workers).
                    daemon=False,
                )
                process.start()
                sender.close()
                running.append(_Running(index, process, receiver, time.monotonic()))
            time.sleep(0.01)
            for job in list(running):
                row = _collect(job, levels[job.index - 1], args.time_limit)
                if row is None:
                    continue
                running.remove(job)
                rows[job.index] = row
                _print_row(row)
                if writer is not None and out is not None:
                    seconds = f"{row.seconds:.3f}"
                    writer.writerow([*astuple(row)[:5], seconds, row.moves, row.pushes])
                    out.flush()
    finally:
        for job in running:
            job.process.kill()
        if out is not None:
            out.close()
    ordered = [rows[i] for i in chosen]
    solved = sum(1 for row in ordered if row.status == SolveStatus.SOLVED.value)
    times = [row.seconds for row in ordered]
    print(
        f"solved {solved}/{len(ordered)}, median {statistics.median(times):.2f} s, "
        f"total {sum(times):.1f} s"
    )
    if before is not None:
        print_comparison(before, ordered)
    return EXIT_OK


def _collect(job: _Running, level: Level, time_limit: float) -> Row | None:
    """The row of a finished (or overdue, then killed) worker; None while it still runs."""
    title = level.title or f"level {job.index}"
    elapsed = time.monotonic() - job.started
    if job.pipe.poll():
        try:
            status, lurd, nodes, seconds, found_by = job.pipe.recv()
        except EOFError:
            job.process.join()
            return Row(job.index, title, "crashed", seconds=elapsed)
        job.process.join()
        if status != SolveStatus.SOLVED.value:
            return Row(job.index, title, status, nodes=nodes, seconds=seconds)
        check = replay(level, lurd)
        if not check.solved:
            return Row(job.index, title, "wrong", found_by, nodes, seconds)
        return Row(job.index, title, status, found_by, nodes, seconds, check.moves, check.pushes)
    if not job.process.is_alive():
        return Row(job.index, title, "crashed", seconds=elapsed)
    if elapsed > time_limit + GRACE:
        job.process.kill()
        job.process.join()
        return Row(job.index, title, SolveStatus.TIMEOUT.value, seconds=elapsed)
    return None


def _print_row(row: Row) -> None:
    print(
        f"{row.index:>4}  {row.title[:20]:<20} {row.status:<10} {row.method[:8]:<8} "
        f"{row.nodes:>9} {row.seconds:>7.2f} {row.moves:>7} {row.pushes:>7}",
        flush=True,
    )


def read_rows(path: str) -> dict[int, Row]:
    """The rows of an earlier ``bench --csv`` file, by level number; CliError if unreadable.

    Files written before the method column are read too (their method is '')."""
    try:
        with open(path, newline="", encoding="utf-8") as file:
            records = list(csv.DictReader(file))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise CliError(f"--compare: cannot read {path}: {error}") from None
    rows: dict[int, Row] = {}
    for number, record in enumerate(records, start=2):
        try:
            row = Row(
                int(record["index"]), record["title"] or "", record["status"] or "",
                record.get("method") or "", int(record["nodes"] or 0),
                float(record["seconds"] or 0), int(record["moves"] or 0),
                int(record["pushes"] or 0),
            )
        except (KeyError, TypeError, ValueError):
            raise CliError(f"--compare: {path} line {number} is not a bench row") from None
        rows[row.index] = row
    return rows


def print_comparison(before: dict[int, Row], after: list[Row]) -> None:
    """Levels gained and lost against an earlier run, and the change on levels both solved."""
    solved = SolveStatus.SOLVED.value
    both = [row for row in after if row.index in before]
    gained = [row.index for row in both if row.status == solved != before[row.index].status]
    lost = [row.index for row in both if before[row.index].status == solved != row.status]
    kept = [row for row in both if row.status == solved == before[row.index].status]
    print(f"compared with {counted(len(both), 'level')} of the earlier run:")
    print(f"  gained {len(gained)}: {_numbers(gained)}")
    print(f"  lost {len(lost)}: {_numbers(lost)}")
    if kept:
        old = [before[row.index] for row in kept]
        print(
            f"  solved in both ({len(kept)}): seconds {sum(r.seconds for r in old):.1f} -> "
            f"{sum(r.seconds for r in kept):.1f}, moves {sum(r.moves for r in old)} -> "
            f"{sum(r.moves for r in kept)}, pushes {sum(r.pushes for r in old)} -> "
            f"{sum(r.pushes for r in kept)}"
        )


def _numbers(indexes: list[int]) -> str:
    return ", ".join(str(index) for index in indexes) or "none"
