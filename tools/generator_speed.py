"""Measure the level generator: levels per minute at each difficulty, as a table.

Run: ``python tools/generator_speed.py --count 3`` (each row is one ``generate`` request).
"""

from __future__ import annotations

import argparse
import sys
import time

from game.levelgen.batch import BatchProgress, Request, generate_levels

# A size and box count that suits each difficulty, as the "Random level" menu might offer.
SETTINGS = {1: (8, 8, 1), 2: (8, 8, 2), 3: (11, 8, 3), 4: (11, 11, 4), 5: (14, 11, 6)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3, help="levels asked at each difficulty")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--difficulties", default="1,2,3,4,5", help="such as 1,3,5")
    args = parser.parse_args(argv)
    print(f"{'stars':>5}  {'size':>5}  {'boxes':>5}  {'made':>4}  {'tried':>5}  "
          f"{'seconds':>7}  {'levels/min':>10}")
    for difficulty in (int(part) for part in args.difficulties.split(",")):
        width, height, boxes = SETTINGS[difficulty]
        request = Request(width, height, boxes, args.count, difficulty, args.seed)
        tried = 0

        def count(progress: BatchProgress) -> None:
            nonlocal tried
            tried = progress.tried

        started = time.perf_counter()
        made = generate_levels(request, progress=count)
        seconds = time.perf_counter() - started
        rate = 60 * len(made) / seconds if seconds else 0.0
        print(f"{difficulty:>5}  {width}x{height:<3}  {boxes:>5}  {len(made):>4}  {tried:>5}  "
              f"{seconds:>7.1f}  {rate:>10.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
