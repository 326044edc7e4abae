"""Where a feature space search spends its expansions: for each count of plan steps packed, the
expansion that first reached it, how long the search then took to pack one more, and where.

A plateau (many expansions before the next step is packed) shows what holds a level up: the
cells of its expansions, by boxes packed, and the share the best cell took (every other visit
digs, in the best cell or the next of the front). On XSokoban 74, ``fess-base`` waits 5,260
expansions at 16 packed, 2,229 of them in cells at 14 packed: the best cell left, a trap whose
steps back wait in it (8,075 and 3,826 before the digging visits took the front in turn).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from game.core.collection import read_collection
from game.core.errors import LevelError
from game.solver.methods import DEFAULT_MEMORY
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.search.advisors import Pushes
from game.solver.search.cells import Child, Rank
from game.solver.search.fess import FeatureSearch
from game.solver.search.portfolio import Resumable, take_turns
from game.solver.search.problem import Outcome, Problem
from game.solver.search.start import search_level

SEARCHES = ("fess-base", "fess-base-far", "fess-base-plain", "fess-base-plain-far", "fess")


class Plateau:
    """The expansions from the first that packed ``packed`` steps to the next record."""

    def __init__(self, packed: int, first: int) -> None:
        self.packed = packed
        self.first = first
        self.expansions = 0
        self.at_best = 0  # of them, made at the best cell's visit
        self.cells: Counter[int] = Counter()  # per packed count of the cell, its expansions


class WatchedSearch(FeatureSearch):
    """A feature space search that records its plateaus."""

    def __init__(self, problem: Problem, limits: Limits, name: str, macros: bool) -> None:
        planned = name != "fess"
        super().__init__(
            problem, limits, macros, box_moves=planned, base_plan=planned,
            guided=not name.startswith("fess-base-plain"), farthest=name.endswith("-far"),
        )
        self.plateaus: list[Plateau] = []
        self.from_best = False

    def _next_heap(self) -> list[int] | None:
        heap = super()._next_heap()
        ranked = self.ranked
        self.from_best = self.best_next and bool(ranked) and heap is self.heaps.get(ranked[0])
        return heap

    def expand(self, node: int, boxes: int, region: int, rank: Rank) -> list[Child[Pushes]]:
        packed = -rank[0]
        if not self.plateaus or packed > self.plateaus[-1].packed:
            self.plateaus.append(Plateau(packed, sum(p.expansions for p in self.plateaus) + 1))
        plateau = self.plateaus[-1]
        plateau.expansions += 1
        plateau.at_best += self.from_best
        plateau.cells[-self.cell[node][0]] += 1
        return super().expand(node, boxes, region, rank)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", help="a level collection, e.g. ../shared/benchmarks/xsokoban.xsb")
    parser.add_argument("level", help="the level's number in the file, or its title")
    parser.add_argument("--search", default="fess-base", choices=SEARCHES)
    parser.add_argument("--nodes", type=int, default=20_000, help="node limit")
    args = parser.parse_args()
    try:
        level = read_collection(Path(args.file)).find(args.level)
    except LevelError as error:
        parser.error(str(error))
    made: list[WatchedSearch] = []

    def factory(problem: Problem, limits: Limits, macros: bool) -> Resumable:
        # Without macros when a search that used them ran dry (see take_turns).
        made.append(WatchedSearch(problem, limits, args.search, macros))
        return made[-1]

    def method(problem: Problem, limits: Limits) -> Outcome:
        return take_turns(problem, limits, ((factory, 1),))

    limits = Limits(None, args.nodes, DEFAULT_MEMORY, None, None)
    try:
        search_level(level, method, limits)
        status = "solved"
    except StopSearch as stop:
        stopped = "unsolvable" if stop.status is SolveStatus.UNSOLVABLE else "stopped"
        status = f"{stopped}: {stop.reason}"
    print(f"{args.search} on level {args.level}: {status}")
    print(f"{'packed':>6} {'first at':>9} {'until next':>10} {'at best cell':>13}  cells by packed")
    plateaus = made[-1].plateaus if made else []
    if not plateaus:
        print("(no expansion: the limit came first)")
    for plateau in plateaus:
        share = plateau.at_best / plateau.expansions
        cells = ", ".join(f"{p}: {n}" for p, n in plateau.cells.most_common(3))
        print(
            f"{plateau.packed:>6} {plateau.first:>9} {plateau.expansions:>10} "
            f"{plateau.at_best:>6} ({share:3.0%})  {cells}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
