"""Positions per second of each search method on chosen levels, a fixed number of nodes each.

A fixed amount of work per run, timed in CPU seconds of this process, keeps two trees comparable
on a busy machine: run this script for each in turns (each tree from its own virtual
environment: with an editable install, ``PYTHONPATH`` does not choose the tree), best of a few.
Where even that is too noisy, count instructions instead, which repeat exactly: ``valgrind
--tool=callgrind --callgrind-out-file=/dev/null python tools/solver_speed.py ... --rounds 1
--base-seconds 1000 --instructions`` (the base search's budget is seconds of its own CPU time,
some fifty times too short under valgrind, and ``--instructions`` stops the clock's checks of
the limits, which would come fifty times as often for the same work). With ``--memory``, each
run is a fresh process that reports how much its solve raised the peak resident memory, over
the nodes it made: the bytes a node holds with its children and the search's tables (the
level's analysis spread over them too).
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import time
from pathlib import Path

import game.solver.result as results
from game.core.collection import read_collection
from game.core.level import Level
from game.solver import solve
from game.solver.search import plans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file")
    parser.add_argument("--levels", default="1", help="level numbers, e.g. 10,20,30")
    parser.add_argument("--methods", default="fess,greedy", help="methods, comma separated")
    parser.add_argument("--nodes", type=int, default=20_000, help="nodes per run")
    parser.add_argument("--rounds", type=int, default=3, help="best of this many runs")
    parser.add_argument(
        "--base-seconds", type=float, default=plans.BASE_SECONDS_UNLIMITED,
        help="the base search's budget (fess-base)",
    )
    parser.add_argument(
        "--memory", action="store_true", help="bytes per node, each run in a fresh process"
    )
    parser.add_argument(
        "--instructions", action="store_true",
        help="no checks of the clock, cancel or memory (for counting instructions under valgrind)",
    )
    args = parser.parse_args()
    if args.instructions:
        results.CHECK_SECONDS = float("inf")
    plans.BASE_SECONDS_UNLIMITED = args.base_seconds
    levels = read_collection(Path(args.file)).levels
    if args.memory:
        print(f"{'level':>6} {'method':<10} {'nodes':>8} {'MiB':>8} {'bytes/node':>11}")
        context = multiprocessing.get_context("spawn")
        with context.Pool(1, maxtasksperchild=1) as pool:
            for number in (int(text) for text in args.levels.split(",")):
                for method in args.methods.split(","):
                    task = (levels[number - 1], method, args.nodes, args.base_seconds)
                    nodes, grown = pool.apply(memory_of, task)
                    print(
                        f"{number:>6} {method:<10} {nodes:>8} {grown / 2**20:>8.1f} "
                        f"{grown / max(nodes, 1):>11.0f}"
                    )
        return
    print(f"{'level':>6} {'method':<8} {'nodes':>8} {'CPU s':>8} {'nodes/s':>9}")
    for number in (int(text) for text in args.levels.split(",")):
        for method in args.methods.split(","):
            best = float("inf")
            nodes = 0
            for _ in range(args.rounds):
                started = time.process_time()
                result = solve(levels[number - 1], method=method, time_limit=None,
                               node_limit=args.nodes)
                best = min(best, time.process_time() - started)
                nodes = result.nodes
            print(f"{number:>6} {method:<8} {nodes:>8} {best:>8.2f} {nodes / best:>9.0f}")


def memory_of(level: Level, method: str, nodes: int, base_seconds: float) -> tuple[int, int]:
    """The nodes a solve made and the bytes by which it raised the process's peak resident
    memory (run in a fresh process)."""
    plans.BASE_SECONDS_UNLIMITED = base_seconds
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = solve(level, method=method, time_limit=None, node_limit=nodes)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return result.nodes, (after - before) * 1024  # ru_maxrss is in KiB on Linux


if __name__ == "__main__":
    main()
