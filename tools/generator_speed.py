"""Measure the level generator on every cell of the Random level menu, one seed at a time.

Run: ``python tools/generator_speed.py --seeds 20`` (one core; a row per cell of
game.levelgen.cells: seconds to a level as the menu asks for it, median, p95 and most).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from game.levelgen.batch import Cancelled, Request, generate_levels
from game.levelgen.cells import CELLS


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with ``share`` of them at or below it."""
    ranked = sorted(values)
    return ranked[max(0, math.ceil(share * len(ranked)) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds 1..N for each cell")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds before a seed fails")
    parser.add_argument("--stars", default="1,2,3,4,5", help="which difficulties, such as 4,5")
    args = parser.parse_args(argv)
    wanted = {int(part) for part in args.stars.split(",")}
    print("stars  size           boxes  median s  p95 s  max s  failures  ratings")
    for cell in CELLS:
        if cell.stars not in wanted:
            continue
        seconds: list[float] = []
        ratings: list[int] = []
        for seed in range(1, args.seeds + 1):
            request = Request(cell.width, cell.height, cell.boxes, 1, cell.stars, seed)
            started = time.perf_counter()
            deadline = started + args.cap

            def late(end: float = deadline) -> bool:
                return time.perf_counter() > end

            try:
                made = generate_levels(request, cancel=late)
            except Cancelled:
                made = []
            seconds.append(time.perf_counter() - started)
            ratings += [int(dict(level.extra)["Rating"]) for level in made]
        failures = args.seeds - len(ratings)
        reached = f"{min(ratings)}-{max(ratings)}" if ratings else "-"
        size = f"{cell.size} {cell.width}x{cell.height}"
        print(
            f"{cell.stars:>5}  {size:<13}  {cell.boxes:>5}  {statistics.median(seconds):>8.2f}  "
            f"{percentile(seconds, 0.95):>5.2f}  {max(seconds):>5.2f}  {failures:>8}  {reached}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
