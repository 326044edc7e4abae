"""How promptly each search method stops at its limits on big generated rooms.

For each room and method: the time limit, the seconds the solve took and the overshoot; the
same after a cancel (set while the set-up or the search runs); then, under a memory cap, the
process's peak resident memory against the cap. Each solve runs in a fresh process. Run:
``python tools/solver_limits.py [--time-limit 2] [--cancel-after 0.3] [--memory-mb 400]``.
(The tests check only that each limit and a cancel stop the solve: how fast is measured here.)
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import threading
import time

from game.core.level import Level
from game.core.xsb import parse_level
from game.solver import METHODS, solve
from game.solver.smt import SMT_METHODS

ROOMS = ((60, 60, 60), (100, 100, 400))  # width, height, boxes
# Every search method: a list written out here missed the four added after it (fess-boxes ran
# 7.8 s past a 3 s limit on 60x60/60 unmeasured). The logic solvers have limits of their own.
SEARCHES = tuple(method for method in METHODS if method not in SMT_METHODS)


def big_room(width: int, height: int, boxes: int) -> Level:
    """An open room with ``boxes`` boxes on a grid in its middle, each beside its goal."""
    rows = [[" "] * width for _ in range(height)]
    for x in range(width):
        rows[0][x] = rows[height - 1][x] = "#"
    for y in range(height):
        rows[y][0] = rows[y][width - 1] = "#"
    side = 1
    while side * side < boxes:
        side += 1
    left, top = (width - 2 * side) // 2, (height - 2 * side) // 2
    for number in range(boxes):
        y, x = divmod(number, side)
        rows[top + 2 * y][left + 2 * x] = "$"
        rows[top + 2 * y + 1][left + 2 * x + 1] = "."
    rows[1][1] = "@"
    return parse_level("\n".join("".join(row) for row in rows))


def _measure(width: int, height: int, boxes: int, method: str, limit: float, memory: int,
             cancel_after: float | None,
             answer: multiprocessing.Queue[tuple[str, float, int]]) -> None:
    level = big_room(width, height, boxes)
    cancel = threading.Event()
    if cancel_after is not None:
        threading.Timer(cancel_after, cancel.set).start()
    started = time.monotonic()
    result = solve(level, method=method, time_limit=limit, memory_limit=memory, cancel=cancel)
    seconds = time.monotonic() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak_bytes = peak if sys.platform == "darwin" else peak * 1024
    answer.put((result.status.value, seconds, peak_bytes))


def run_one(room: tuple[int, int, int], method: str, limit: float, memory: int,
            cancel_after: float | None = None) -> tuple[str, float, int]:
    """Status, seconds and peak resident bytes of one solve in a fresh (spawned) process,
    cancelled ``cancel_after`` seconds in when given."""
    context = multiprocessing.get_context("spawn")
    answer: multiprocessing.Queue[tuple[str, float, int]] = context.Queue()
    process = context.Process(
        target=_measure, args=(*room, method, limit, memory, cancel_after, answer)
    )
    process.start()
    found = answer.get()
    process.join()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--time-limit", type=float, default=2.0)
    parser.add_argument("--cancel-after", type=float, default=0.3,
                        help="seconds into a solve (time limit 60 s) to cancel it")
    parser.add_argument("--memory-mb", type=int, default=400, help="the cap of the memory runs")
    parser.add_argument("--memory-seconds", type=float, default=60.0,
                        help="the time limit of the memory runs")
    parser.add_argument("--methods", default=",".join(SEARCHES))
    args = parser.parse_args()
    methods = [m for m in args.methods.split(",") if m in METHODS]
    huge = 1 << 40
    print(f"time limit {args.time_limit:g} s (no memory cap)")
    print(f"{'room':<16} {'method':<12} {'status':<10} {'seconds':>8} {'over s':>7}")
    for room in ROOMS:
        for method in methods:
            status, seconds, _ = run_one(room, method, args.time_limit, huge)
            name = f"{room[0]}x{room[1]}/{room[2]}"
            print(f"{name:<16} {method:<12} {status:<10} {seconds:>8.2f} "
                  f"{seconds - args.time_limit:>7.2f}", flush=True)
    print(f"\ncancelled after {args.cancel_after:g} s (time limit 60 s, no memory cap)")
    print(f"{'room':<16} {'method':<12} {'status':<10} {'seconds':>8} {'over s':>7}")
    for room in ROOMS:
        for method in methods:
            status, seconds, _ = run_one(room, method, 60.0, huge, args.cancel_after)
            name = f"{room[0]}x{room[1]}/{room[2]}"
            print(f"{name:<16} {method:<12} {status:<10} {seconds:>8.2f} "
                  f"{seconds - args.cancel_after:>7.2f}", flush=True)
    cap = args.memory_mb << 20
    print(f"\nmemory cap {args.memory_mb} MiB (time limit {args.memory_seconds:g} s)")
    print(f"{'room':<16} {'method':<12} {'status':<10} {'seconds':>8} {'peak MiB':>9} "
          f"{'of cap':>7}")
    for room in ROOMS:
        for method in methods:
            status, seconds, peak = run_one(room, method, args.memory_seconds, cap)
            name = f"{room[0]}x{room[1]}/{room[2]}"
            print(f"{name:<16} {method:<12} {status:<10} {seconds:>8.2f} "
                  f"{peak / 2**20:>9.0f} {peak / cap:>7.0%}", flush=True)


if __name__ == "__main__":
    main()
