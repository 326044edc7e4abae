"""Generate the campaign into levels/campaign.xsb, or remake one level from its ``Spec:`` line.

Run: ``python tools/generate_levels.py --seed 1 --out levels/campaign.xsb --references
../shared/benchmarks/*.xsb``, ``python tools/generate_levels.py --spec "seed=... boxes=3 ..."``,
or ``python tools/generate_levels.py --rerate`` after the rating formula changes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.core.chapters import CHAPTER_KEY, STARS_KEY
from game.core.collection import Collection, read_collection, write_collection
from game.core.errors import LevelError
from game.core.problems import Problem, refusal
from game.levelgen.campaign import build_campaign, fast_solver_veto, remake, rerate
from game.levelgen.generate import SOLUTION_KEY, GeneratedLevel
from game.levelgen.symmetry import KnownLevels

# The campaign promises `python -m game solve` (10 s) solves every level; keep a margin.
SOLVER_SECONDS = 5.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="the campaign's seed")
    parser.add_argument("--out", type=Path, default=Path("levels/campaign.xsb"))
    parser.add_argument("--spec", help="print the one level of a Spec: line")
    parser.add_argument(
        "--rerate",
        action="store_true",
        help="rate the levels of --out again from their solutions and re-sort its chapters",
    )
    parser.add_argument(
        "--references", type=Path, nargs="*", default=[], help="published collections to avoid"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.spec:
        try:
            print(remake(args.spec).to_xsb())
        except (ValueError, TypeError) as error:
            print(f"bad spec: {error}", file=sys.stderr)
            return 2
        return 0
    if args.rerate:
        collection = rerate(read_collection(args.out))
        write_collection(collection, args.out)
        for line in chapter_table(collection):
            print(line)
        return 0
    try:
        known = KnownLevels.read(args.references)
    except LevelError as error:
        print(error, file=sys.stderr)
        return 2
    slow = fast_solver_veto(SOLVER_SECONDS)

    def veto(made: GeneratedLevel) -> Problem | None:
        source = known.copy_of(made.level)
        return refusal(f"same as {source}") if source else slow(made)

    def report(line: str) -> None:
        print(f"[{time.perf_counter() - started:7.1f}s] {line}", flush=True)

    collection = build_campaign(args.seed, report, veto)
    write_collection(collection, args.out)
    for line in chapter_table(collection):
        print(line)
    print(f"wrote {len(collection.levels)} levels to {args.out}")
    return 0


def chapter_table(collection: Collection) -> list[str]:
    """One line per chapter: levels, and the range of boxes, par pushes and stars."""
    chapters: dict[str, list[tuple[int, int, int]]] = {}
    for level in collection.levels:
        extra = dict(level.extra)
        pushes = sum(letter.isupper() for letter in extra[SOLUTION_KEY])
        row = (len(level.boxes), pushes, int(extra[STARS_KEY]))
        chapters.setdefault(extra[CHAPTER_KEY], []).append(row)
    lines = []
    for name, rows in chapters.items():
        low = [min(row[column] for row in rows) for column in range(3)]
        high = [max(row[column] for row in rows) for column in range(3)]
        ranges = [f"{a}-{b}" for a, b in zip(low, high, strict=True)]
        lines.append(
            f"chapter {name}: {len(rows)} levels, boxes {ranges[0]}, "
            f"pushes {ranges[1]}, stars {ranges[2]}"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
