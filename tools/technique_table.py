"""A technique's table: one search method on a fixed subset of levels, a fixed number of nodes
each, with the levels solved, the nodes spent and the CPU seconds.

A node limit instead of a time limit makes two trees comparable on a busy machine: run this
script for each (``PYTHONPATH=OTHER_TREE``) on the same subset. The default subset is XSokoban's
levels that the fast method missed or solved slowly at 60 s before hotspots.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from game.core.collection import read_collection
from game.solver import METHODS, solve
from game.solver.result import SolveStatus

MISSED_OR_SLOW = "18,28,29,36,50,69,72,74,75,66,85,89,49,16,39"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", help="a level collection, e.g. ../shared/benchmarks/xsokoban.xsb")
    parser.add_argument("--levels", default=MISSED_OR_SLOW, help="level numbers, comma separated")
    parser.add_argument("--method", default="fess-base", choices=sorted(METHODS))
    parser.add_argument("--nodes", type=int, default=5_000, help="node limit per level")
    args = parser.parse_args()
    levels = read_collection(Path(args.file)).levels
    numbers = [int(text) for text in args.levels.split(",")]
    print(f"{'level':>6} {'status':<10} {'nodes':>8} {'CPU s':>8}")
    solved = 0
    total = 0.0
    for number in numbers:
        started = time.process_time()
        result = solve(levels[number - 1], method=args.method, time_limit=None,
                       node_limit=args.nodes)
        seconds = time.process_time() - started
        total += seconds
        solved += result.status is SolveStatus.SOLVED
        print(f"{number:>6} {result.status.value:<10} {result.nodes:>8} {seconds:>8.2f}",
              flush=True)
    print(f"solved {solved}/{len(numbers)} at {args.nodes} nodes, {total:.1f} CPU s")


if __name__ == "__main__":
    main()
