"""Subcommand ``bench``: solve many levels, each in its own process, and print a table.

Each worker is killed at its limit, every solution is replayed, and the run may be compared with
an earlier one's CSV. Every file it is given is checked before the first level starts.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import re
import statistics
import time
from dataclasses import astuple, dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import IO, Any

from game.cli.common import EXIT_OK, CliError, add_file_argument, load_collection
from game.cli.paths import named_file, output_file
from game.cli.solve import add_search_arguments, method_help, positive_count
from game.core.digits import count_of, shortened
from game.core.errors import LevelError, printable, visible
from game.core.files import read_regular_file, without_byte_order_mark
from game.core.level import Level
from game.core.notation import replay
from game.core.resources import level_file_path
from game.core.wording import counted
from game.solver import SolveStatus, solve
from game.solver.workers import Worker, end_workers, start_worker

GRACE = 2.0  # seconds a bench worker gets past its limit before it is killed
# An earlier run's CSV: a row is about 60 bytes, so this holds hundreds of thousands of levels.
MAX_CSV_BYTES = 20 * 2**20
_RANGE = re.compile(r"\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?")


def register(subparsers: Any) -> None:
    bench = subparsers.add_parser("bench", help="solve many levels and print a table")
    add_file_argument(bench, with_level=False)
    bench.add_argument("--levels", default="", help="level numbers such as 1-50 or 1,4,7-9")
    add_search_arguments(bench, method_help())
    bench.add_argument(
        "--jobs", type=positive_count, default=1, help="levels solved at once (default 1)"
    )
    bench.add_argument("--csv", help="also write the rows to this CSV file")
    bench.add_argument(
        "--compare", metavar="OLD.csv",
        help="an earlier run's --csv file: print the levels gained and lost against it",
    )
    bench.set_defaults(handler=run_bench)


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
    """Level numbers (1-based) from ``1-50,60``, each once and in order; all levels for ''.
    CliError unless every part is a number or a range of ASCII digits inside 1-count."""
    if not text.strip():
        return list(range(1, count + 1))
    chosen: dict[int, None] = {}
    for part in text.split(","):
        shown = printable(shortened(part.strip()))
        found = _RANGE.fullmatch(part)
        if found is None or not part.isascii():
            raise CliError(f"--levels: {shown} is not a number or a range such as 1-50")
        low = count_of(found.group(1), count)
        high = count_of(found.group(2), count) if found.group(2) else low
        if low > high:
            raise CliError(f"--levels: {shown} runs backwards: write the lower number first")
        if low < 1 or high > count:
            raise CliError(f"--levels: {shown} is outside 1-{count}")
        chosen.update(dict.fromkeys(range(low, high + 1)))
    return list(chosen)


def _worker(
    pipe: Connection, _parent: int, level: Level, method: str, time_limit: float, workers: int
) -> None:
    result = solve(level, method=method, time_limit=time_limit, workers=workers)
    pipe.send((result.status.value, result.lurd, result.nodes, result.seconds, result.found_by))
    pipe.close()


@dataclass
class _Running:
    index: int
    worker: Worker
    started: float


def run_bench(args: argparse.Namespace) -> int:
    collection = load_collection(args)
    chosen = parse_levels(args.levels, len(collection.levels))
    before = read_rows(args.compare) if args.compare is not None else None
    reading = [level_file_path(args.file), *([args.compare] if args.compare is not None else [])]
    out = open_csv(output_file(args.csv, "--csv", reading)) if args.csv is not None else None
    levels = collection.levels
    pending = list(chosen)
    running: list[_Running] = []
    rows: dict[int, Row] = {}
    print(
        f"{'#':>4}  {'title':<20} {'status':<10} {'method':<8} {'nodes':>9} {'s':>7} "
        f"{'moves':>7} {'pushes':>7}"
    )
    try:
        while pending or running:
            while pending and len(running) < args.jobs:
                index = pending.pop(0)
                worker = start_worker(
                    _worker, levels[index - 1], args.method, args.time_limit, args.workers,
                    name=f"bench-level-{index}",
                    # Not daemonic: a level's worker may start processes of its own (--workers).
                    daemon=False,
                )
                running.append(_Running(index, worker, time.monotonic()))
            time.sleep(0.01)
            for job in list(running):
                row = _collect(job, levels[job.index - 1], args.time_limit)
                if row is None:
                    continue
                running.remove(job)
                rows[job.index] = row
                _print_row(row)
                if out is not None:
                    _write_row(out, row, args.csv)
    finally:
        end_workers(job.worker for job in running)
        if out is not None:
            _close(out)
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


def open_csv(path: Path) -> IO[str]:
    """The CSV file at ``path`` opened for the rows, its header written; CliError in one line
    if it cannot be."""
    try:
        out = open(path, "w", newline="", encoding="utf-8", errors="surrogateescape")  # noqa: SIM115
    except OSError as error:
        raise CliError(f"cannot write {printable(path)}: {error.strerror or error}") from None
    try:
        csv.writer(out).writerow(COLUMNS)
        out.flush()
    except OSError as error:
        _close(out)
        raise CliError(f"cannot write {printable(path)}: {error.strerror or error}") from None
    return out


def _close(out: IO[str]) -> None:
    """Close the CSV. Every row was flushed as it was written, so what a close fails on is only
    the row whose write failed already, and was reported: a second error would hide it."""
    with contextlib.suppress(OSError):
        out.close()


def _write_row(out: IO[str], row: Row, name: str) -> None:
    """One row into the CSV, on disk at once; CliError (which stops the run) if the disk is
    full or the file cannot take it."""
    try:
        csv.writer(out).writerow([*astuple(row)[:5], f"{row.seconds:.3f}", row.moves, row.pushes])
        out.flush()
    except OSError as error:
        raise CliError(
            f"cannot write {printable(name)}: {error.strerror or error}; the run stopped at "
            f"level {row.index}"
        ) from None


def _collect(job: _Running, level: Level, time_limit: float) -> Row | None:
    """The row of a finished (or overdue, then killed) worker; None while it still runs."""
    title = level.title or f"level {job.index}"
    elapsed = time.monotonic() - job.started
    # Whether it lives is asked before the pipe: a worker that sends its row and ends between
    # the two questions has then sent it (Microban 107 came out "crashed" at 0.03 s).
    alive = job.worker.process.is_alive()
    if job.worker.pipe.poll():
        try:
            status, lurd, nodes, seconds, found_by = job.worker.pipe.recv()
        except (EOFError, OSError):  # died without its row (a reset if it left one unread)
            job.worker.process.join()
            return Row(job.index, title, "crashed", seconds=elapsed)
        job.worker.process.join()
        if status != SolveStatus.SOLVED.value:
            return Row(job.index, title, status, nodes=nodes, seconds=seconds)
        check = replay(level, lurd)
        if not check.solved:
            return Row(job.index, title, "wrong", found_by, nodes, seconds)
        return Row(job.index, title, status, found_by, nodes, seconds, check.moves, check.pushes)
    if not alive:
        return Row(job.index, title, "crashed", seconds=elapsed)
    if elapsed > time_limit + GRACE:
        job.worker.process.kill()
        job.worker.process.join()
        return Row(job.index, title, SolveStatus.TIMEOUT.value, seconds=elapsed)
    return None


def _print_row(row: Row) -> None:
    print(
        f"{row.index:>4}  {visible(row.title[:20]):<20} {row.status:<10} {row.method[:8]:<8} "
        f"{row.nodes:>9} {row.seconds:>7.2f} {row.moves:>7} {row.pushes:>7}",
        flush=True,
    )


def read_rows(name: str) -> dict[int, Row]:
    """The rows of an earlier ``bench --csv`` file, by level number; CliError if it is not one.

    Read through the capped reader (a pipe, a device or a huge file is refused at once); files
    written before the method column are read too (their method is '')."""
    path = named_file(name, "--compare")
    shown = printable(name)
    try:
        data = read_regular_file(path, MAX_CSV_BYTES, "bench CSV")
        text = without_byte_order_mark(data.decode("utf-8"))
        records = list(csv.DictReader(io.StringIO(text, newline="")))
    except LevelError as error:
        raise CliError(f"--compare: {error}") from None
    except (UnicodeDecodeError, csv.Error) as error:
        raise CliError(f"--compare: {shown} is not a bench CSV ({error})") from None
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
            raise CliError(f"--compare: {shown} line {number} is not a bench row") from None
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
