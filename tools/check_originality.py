"""Prove generated levels copy no published one: compare every level, under the eight turns
and mirror images and after normalising, with every level of the given reference files.

Run: ``python tools/check_originality.py levels/campaign.xsb ../shared/benchmarks/*.xsb``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.core.collection import read_collection
from game.core.errors import LevelError
from game.levelgen.symmetry import KnownLevels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("levels", type=Path, help="the collection to check")
    parser.add_argument("references", type=Path, nargs="+", help="published collections")
    args = parser.parse_args(argv)
    try:
        known = KnownLevels.read(args.references)
        checked = read_collection(args.levels).levels
    except LevelError as error:
        print(error, file=sys.stderr)
        return 2
    found = 0
    for number, level in enumerate(checked, start=1):
        source = known.copy_of(level)
        if source:
            found += 1
            print(f"level {number} {level.title}: same as {source}")
    print(
        f"{len(checked)} levels checked against {known.count} reference levels "
        f"({len(known.levels)} distinct) in {len(args.references)} files, under 8 turns and "
        f"mirror images: {found} copies"
    )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
