"""The optimizer's table: a solution of each level (the solver's, or one given) optimized for moves
and for pushes, beside the move optimum (``astar-moves``) and push optimum (``bfs``) where known.

Prints a Markdown table, one row a level, then the totals: moves and pushes before and after, the
runs that converged, the levels at a known optimum, runs where one order beat the other at its own
metric, the processes used and the machine's load. ``--workers 1`` calls the optimizer as an older
one without workers was called, so the same script measures before and after.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import NamedTuple

from game.core.collection import read_collection
from game.core.level import Level
from game.core.metrics import MetricOrder, measure, solves
from game.solver import solve
from game.solver.optimize.optimizer import optimize


class Run(NamedTuple):
    """One optimization's answer: its moves and pushes, and whether it converged."""

    moves: int
    pushes: int
    converged: bool

    def cell(self) -> str:
        return f"{self.moves}/{self.pushes}{' c' if self.converged else ''}"


class Row(NamedTuple):
    """One level's figures; an optimum is None where it is not known (a named tuple, since the
    script is loaded without a module of its own in the tests)."""

    number: int
    moves: int
    pushes: int
    for_moves: Run
    for_pushes: Run
    move_optimum: int | None
    push_optimum: int | None
    seconds: float  # optimizing, both ways

    def cells(self) -> str:
        def known(value: int | None) -> str:
            return "-" if value is None else str(value)

        return (
            f"| {self.number} | {self.moves}/{self.pushes} "
            f"| {self.for_moves.cell()} | {known(self.move_optimum)} "
            f"| {self.for_pushes.cell()} | {known(self.push_optimum)} "
            f"| {self.seconds:.1f} |"
        )


HEADER = (
    "| level | start moves/pushes | for moves: moves/pushes | move optimum "
    "| for pushes: moves/pushes | push optimum | optimizing s |\n"
    "|---:|---:|---:|---:|---:|---:|---:|"
)


def starting_solution(number: int, level: Level, given: dict[int, str], seconds: float) -> str:
    """The solution given for level ``number`` if it solves the level, else ``fast``'s (empty
    when it finds none in ``seconds``)."""
    lurd = given.get(number, "")
    if lurd and solves(level, lurd):
        return lurd
    found = solve(level, method="fast", time_limit=seconds)
    return found.lurd if found.solved else ""


def optimized(level: Level, lurd: str, order: MetricOrder, args: argparse.Namespace) -> Run:
    seconds = args.optimize_seconds
    if args.workers > 1:
        result = optimize(level, lurd, order, time_limit=seconds, workers=args.workers)
    else:
        result = optimize(level, lurd, order, time_limit=seconds)
    return Run(result.after.moves, result.after.pushes, result.stopped is None)


def optima(number: int, level: Level, known: dict[int, tuple[int | None, int | None]],
           seconds: float) -> tuple[int | None, int | None]:
    """The move and push optima of level ``number``: from ``known``, else searched for
    ``seconds`` each (None where not found in time, or when ``seconds`` is 0)."""
    if number in known or seconds <= 0:
        return known.get(number, (None, None))
    fewest_moves = solve(level, method="astar-moves", time_limit=seconds)
    fewest_pushes = solve(level, method="bfs", time_limit=seconds)
    return (
        fewest_moves.moves if fewest_moves.solved else None,
        fewest_pushes.pushes if fewest_pushes.solved else None,
    )


def summary(rows: list[Row], args: argparse.Namespace, seconds: float, loads: str) -> list[str]:
    """The totals of the table and the counts under it."""
    moves_known = [row for row in rows if row.move_optimum is not None]
    pushes_known = [row for row in rows if row.push_optimum is not None]
    runs = [run for row in rows for run in (row.for_moves, row.for_pushes)]
    beaten = [
        row.number for row in rows
        if row.for_moves.moves > row.for_pushes.moves
        or row.for_pushes.pushes > row.for_moves.pushes
    ]
    return [
        f"levels: {len(rows)}; {args.optimize_seconds:g} s a run; "
        f"processes: {args.workers} (of {os.cpu_count()} cores); load average {loads}",
        f"optimized for moves: moves {sum(r.moves for r in rows)} -> "
        f"{sum(r.for_moves.moves for r in rows)}, pushes {sum(r.pushes for r in rows)} -> "
        f"{sum(r.for_moves.pushes for r in rows)}",
        f"optimized for pushes: moves {sum(r.moves for r in rows)} -> "
        f"{sum(r.for_pushes.moves for r in rows)}, pushes {sum(r.pushes for r in rows)} -> "
        f"{sum(r.for_pushes.pushes for r in rows)}",
        f"runs converged: {sum(run.converged for run in runs)} of {len(runs)}",
        f"move optimum known for {len(moves_known)}: reached on "
        f"{sum(r.for_moves.moves == r.move_optimum for r in moves_known)}, the start had it "
        f"on {sum(r.moves == r.move_optimum for r in moves_known)}",
        f"push optimum known for {len(pushes_known)}: reached on "
        f"{sum(r.for_pushes.pushes == r.push_optimum for r in pushes_known)}, the start had it "
        f"on {sum(r.pushes == r.push_optimum for r in pushes_known)}",
        "one order beaten at its own metric by the other on levels: "
        + (", ".join(map(str, beaten)) or "none"),
        f"optimizing: {sum(r.seconds for r in rows):.0f} s; the whole run: {seconds:.0f} s",
    ]


def read_solutions(path: str) -> dict[int, str]:
    """Lines ``NUMBER LURD`` of a file (other lines are passed over)."""
    given: dict[int, str] = {}
    if path:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            number, _, lurd = line.strip().partition(" ")
            if number.isdigit() and lurd.strip():
                given[int(number)] = lurd.strip()
    return given


def read_optima(path: str) -> dict[int, tuple[int | None, int | None]]:
    """Lines ``NUMBER MOVES PUSHES`` of a file, ``-`` where an optimum is not known."""
    known: dict[int, tuple[int | None, int | None]] = {}
    if path:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[0].isdigit():
                moves, pushes = (int(part) if part.isdigit() else None for part in parts[1:])
                known[int(parts[0])] = (moves, pushes)
    return known


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", help="a level collection (.xsb)")
    parser.add_argument("--levels", default="", help="level numbers, e.g. 1-20,31 (default all)")
    parser.add_argument("--solutions", default="",
                        help="a file of starting solutions, lines 'NUMBER LURD' (default: fast's)")
    parser.add_argument("--solve-seconds", type=float, default=60.0,
                        help="fast's time for a level without a starting solution")
    parser.add_argument("--optimize-seconds", type=float, default=60.0,
                        help="the optimizer's time per level and metric")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="the optimizer's processes (default: the cores)")
    parser.add_argument("--optima", default="",
                        help="a file of known optima, lines 'NUMBER MOVES PUSHES', '-' if unknown")
    parser.add_argument("--optimum-seconds", type=float, default=0.0,
                        help="time for each optimum search of a level not in --optima (0: none)")
    args = parser.parse_args()
    levels = read_collection(Path(args.file)).levels
    given, known = read_solutions(args.solutions), read_optima(args.optima)
    began = time.monotonic()
    load_before = os.getloadavg()[0]
    rows: list[Row] = []
    print(HEADER, flush=True)
    for number in chosen(args.levels, len(levels)):
        level = levels[number - 1]
        lurd = starting_solution(number, level, given, args.solve_seconds)
        if not lurd:
            continue
        start = measure(level, lurd)
        optimizing = time.monotonic()
        for_moves = optimized(level, lurd, MetricOrder.MOVES, args)
        for_pushes = optimized(level, lurd, MetricOrder.PUSHES, args)
        seconds = time.monotonic() - optimizing
        move_optimum, push_optimum = optima(number, level, known, args.optimum_seconds)
        row = Row(number, start.moves, start.pushes, for_moves, for_pushes,
                  move_optimum, push_optimum, seconds)
        rows.append(row)
        print(row.cells(), flush=True)
    loads = f"{load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
    print()
    print("\n".join(summary(rows, args, time.monotonic() - began, loads)))
    return 0


def chosen(text: str, count: int) -> list[int]:
    """The level numbers of ``--levels`` (``1-20,31``), or every level."""
    if not text:
        return list(range(1, count + 1))
    numbers: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    return [number for number in numbers if 1 <= number <= count]


if __name__ == "__main__":
    raise SystemExit(main())
