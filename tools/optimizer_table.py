"""The optimizer's table: ``fast``'s solution of each level optimized for moves and for pushes,
beside the move optimum (``astar-moves``) and push optimum (``bfs``) where those finish in time.

Prints a Markdown table, one row a level, then the totals, how many reach the optimum and the time.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import NamedTuple

from game.core.collection import read_collection
from game.core.level import Level
from game.core.metrics import MetricOrder
from game.solver import solve
from game.solver.optimize.optimizer import optimize


class Row(NamedTuple):
    """One level's figures; an optimum is None where its search did not finish in time (a
    named tuple, since the script is loaded without a module of its own in the tests)."""

    number: int
    moves: int
    pushes: int
    for_moves: tuple[int, int]  # moves, pushes after optimizing for moves
    for_pushes: tuple[int, int]  # moves, pushes after optimizing for pushes
    move_optimum: int | None
    push_optimum: int | None
    seconds: float  # optimizing, both ways

    def cells(self) -> str:
        def known(value: int | None) -> str:
            return "-" if value is None else str(value)

        return (
            f"| {self.number} | {self.moves}/{self.pushes} "
            f"| {self.for_moves[0]}/{self.for_moves[1]} | {known(self.move_optimum)} "
            f"| {self.for_pushes[0]}/{self.for_pushes[1]} | {known(self.push_optimum)} "
            f"| {self.seconds:.1f} |"
        )


HEADER = (
    "| level | fast moves/pushes | for moves: moves/pushes | move optimum "
    "| for pushes: moves/pushes | push optimum | optimizing s |\n"
    "|---:|---:|---:|---:|---:|---:|---:|"
)


def measure_level(number: int, level: Level, args: argparse.Namespace) -> Row | None:
    """The row of one level, or None when ``fast`` does not solve it in time."""
    found = solve(level, method="fast", time_limit=args.solve_seconds)
    if not found.solved:
        return None
    began = time.monotonic()
    for_moves = optimize(level, found.lurd, MetricOrder.MOVES, time_limit=args.optimize_seconds)
    for_pushes = optimize(level, found.lurd, MetricOrder.PUSHES, time_limit=args.optimize_seconds)
    seconds = time.monotonic() - began
    move_optimum = push_optimum = None
    if args.optimum_seconds > 0:
        fewest_moves = solve(level, method="astar-moves", time_limit=args.optimum_seconds)
        fewest_pushes = solve(level, method="bfs", time_limit=args.optimum_seconds)
        move_optimum = fewest_moves.moves if fewest_moves.solved else None
        push_optimum = fewest_pushes.pushes if fewest_pushes.solved else None
    return Row(
        number, found.moves, found.pushes,
        (for_moves.after.moves, for_moves.after.pushes),
        (for_pushes.after.moves, for_pushes.after.pushes),
        move_optimum, push_optimum, seconds,
    )


def summary(rows: list[Row], seconds: float) -> list[str]:
    """The totals of the table and how many rows reach a known optimum."""
    moves_known = [row for row in rows if row.move_optimum is not None]
    pushes_known = [row for row in rows if row.push_optimum is not None]
    return [
        f"levels: {len(rows)}",
        f"optimized for moves: moves {sum(r.moves for r in rows)} -> "
        f"{sum(r.for_moves[0] for r in rows)}, pushes {sum(r.pushes for r in rows)} -> "
        f"{sum(r.for_moves[1] for r in rows)}",
        f"optimized for pushes: pushes {sum(r.pushes for r in rows)} -> "
        f"{sum(r.for_pushes[1] for r in rows)}, moves {sum(r.moves for r in rows)} -> "
        f"{sum(r.for_pushes[0] for r in rows)}",
        f"move optimum known for {len(moves_known)}: reached on "
        f"{sum(r.for_moves[0] == r.move_optimum for r in moves_known)}, fast's solution had it "
        f"on {sum(r.moves == r.move_optimum for r in moves_known)}",
        f"push optimum known for {len(pushes_known)}: reached on "
        f"{sum(r.for_pushes[1] == r.push_optimum for r in pushes_known)}, fast's solution had it "
        f"on {sum(r.pushes == r.push_optimum for r in pushes_known)}",
        f"optimizing: {sum(r.seconds for r in rows):.0f} s; the whole run: {seconds:.0f} s",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", help="a level collection (.xsb)")
    parser.add_argument("--levels", default="", help="level numbers, e.g. 1-20,31 (default all)")
    parser.add_argument("--count", type=int, default=0,
                        help="stop after this many levels that fast solves (default no limit)")
    parser.add_argument("--solve-seconds", type=float, default=60.0, help="fast's time per level")
    parser.add_argument("--optimize-seconds", type=float, default=60.0,
                        help="the optimizer's time per level and metric")
    parser.add_argument("--optimum-seconds", type=float, default=60.0,
                        help="time for each optimum search (0: none)")
    args = parser.parse_args()
    levels = read_collection(Path(args.file)).levels
    began = time.monotonic()
    rows: list[Row] = []
    print(HEADER, flush=True)
    for number in chosen(args.levels, len(levels)):
        row = measure_level(number, levels[number - 1], args)
        if row is None:
            continue
        rows.append(row)
        print(row.cells(), flush=True)
        if len(rows) == args.count:
            break
    print()
    print("\n".join(summary(rows, time.monotonic() - began)))
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
