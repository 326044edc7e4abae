"""Generate the campaign's levels into an XSB collection, or remake one level from its spec.

Run: ``python tools/generate_levels.py --count 40 --seed 1 --out levels/campaign.xsb``, or
``python tools/generate_levels.py --spec "seed=... boxes=3 blocks_wide=3 blocks_high=2 ..."``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.core.collection import write_collection
from game.levelgen.campaign import build_campaign
from game.levelgen.generate import LevelSpec, generate_level


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="levels in the campaign")
    parser.add_argument("--seed", type=int, default=1, help="the campaign's seed")
    parser.add_argument("--out", type=Path, default=Path("levels/campaign.xsb"))
    parser.add_argument("--spec", help="print the one level of a spec, as in a level's comment")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.spec:
        try:
            made = generate_level(LevelSpec.parse(args.spec))
        except (ValueError, TypeError) as error:
            print(f"bad spec: {error}", file=sys.stderr)
            return 2
        if made is None:
            print("no level passes the checks for this spec", file=sys.stderr)
            return 1
        print(made.level.to_xsb())
        print(f"Par: {made.counts.pushes}  {made.counts}")
        return 0
    if args.count < 1:
        print("--count must be at least 1", file=sys.stderr)
        return 2

    def report(line: str) -> None:
        print(f"[{time.perf_counter() - started:6.1f}s] {line}", flush=True)

    collection = build_campaign(args.count, args.seed, report)
    write_collection(collection, args.out)
    pushes = [int(dict(level.extra)["Par"]) for level in collection.levels]
    boxes = [len(level.boxes) for level in collection.levels]
    print(
        f"wrote {len(collection.levels)} levels to {args.out} in "
        f"{time.perf_counter() - started:.1f} s: boxes {min(boxes)}-{max(boxes)}, "
        f"par pushes {min(pushes)}-{max(pushes)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
