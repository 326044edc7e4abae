"""Where a feature space search spends its expansions: for each count of plan steps packed, the
expansion that first reached it, how long the search then took to pack one more, and where.

A plateau (many expansions before the next step is packed) shows what holds a level up: the
cells of its expansions, by boxes packed, and the share the best cell took (every other visit
digs, in the best cell or the next of the front). On XSokoban 74, ``fess-base`` waits 5,260
expansions at 16 packed, 2,229 of them in cells at 14 packed: the best cell left, a trap whose
steps back wait in it (8,075 and 3,826 before the digging visits took the front in turn).
With ``--path``, the solution's path: each of its positions with the expansion that made it
its cell and path weight (XSokoban 28, ``fess-base-far``: the path stays at 0 packed for 5,257
expansions, and its node made at expansion 817 waits until 4,749 for its advised child). With
``--show``, the plan's steps (square, where its box comes from, until which step it stays)
and the position that began the last plateau: what the search waits at (XSokoban 50: the plan's
step 10 asks a box onto (11, 1), which only a box pushed along the top row from the goal room
reaches, and the box standing on (7, 1) shuts that way for good).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from game.core.collection import read_collection
from game.core.errors import LevelError
from game.core.level import Level
from game.solver.analysis.board import bits_of
from game.solver.methods import DEFAULT_MEMORY
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.search.cells import NO_MOVE, Child, Rank, unpack_squares
from game.solver.search.fess import FeatureSearch
from game.solver.search.parking import INIT, NEVER, OUTSIDE, ParkingPlan
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
        self.boxes = 0  # the position of its first expansion: the boxes
        self.player = 0  # and a square of the player's area


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
        self.expansions = 0
        self.expanded_at: dict[int, int] = {}  # per node, the expansion that made its children

    def _next_heap(self) -> list[int] | None:
        heap = super()._next_heap()
        ranked = self.ranked
        self.from_best = self.best_next and bool(ranked) and heap is self.heaps.get(ranked[0])
        return heap

    def expand(self, node: int, boxes: int, region: int, rank: Rank) -> list[Child[int]]:
        packed = -rank[0]
        if not self.plateaus or packed > self.plateaus[-1].packed:
            self.plateaus.append(Plateau(packed, sum(p.expansions for p in self.plateaus) + 1))
            self.plateaus[-1].boxes = boxes
            self.plateaus[-1].player = (region & -region).bit_length() - 1
        plateau = self.plateaus[-1]
        plateau.expansions += 1
        plateau.at_best += self.from_best
        plateau.cells[-self.cell[node][0]] += 1
        self.expansions += 1
        self.expanded_at[node] = self.expansions
        return super().expand(node, boxes, region, rank)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", help="a level collection, e.g. ../shared/benchmarks/xsokoban.xsb")
    parser.add_argument("level", help="the level's number in the file, or its title")
    parser.add_argument("--search", default="fess-base", choices=SEARCHES)
    parser.add_argument("--nodes", type=int, default=20_000, help="node limit")
    parser.add_argument(
        "--show", action="store_true",
        help="also print the plan and the position that began the last plateau",
    )
    parser.add_argument(
        "--path", action="store_true",
        help="also the solution's path: when each of its positions was expanded, and its cell",
    )
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
    if args.path and made and status == "solved":
        _path(made[-1], level.board.width)
    if args.show and made and plateaus:
        _show(made[-1], level, plateaus[-1])
    return 0


def _path(search: WatchedSearch, width: int) -> None:
    """The solution's positions, root first: the expansion that made each one's children, its
    cell (packed negated, areas, boxes out of plan), its path's weight and the move to it."""
    print("path:  expansion  cell  weight  move")
    if not search.expanded_at:
        print("(solved before any expansion)")
        return
    node = max(search.expanded_at, key=search.expanded_at.__getitem__)  # the solution's parent
    nodes: list[int] = []
    while node >= 0:
        nodes.append(node)
        node = search.parent[node]
    for node in reversed(nodes):
        via = search.via[node]
        move = ""
        if via != NO_MOVE:
            source, target, _, _ = unpack_squares(via)
            move = f"({source % width}, {source // width}) -> ({target % width}, {target // width})"
        cell = ", ".join(str(value) for value in search.cell[node])
        print(f"{search.expanded_at[node]:>16}  ({cell})  {search.weight[node]}  {move}")


def _show(search: WatchedSearch, level: Level, plateau: Plateau) -> None:
    """The plan's steps, squares as (column, row), and the plateau's first position."""
    width = level.board.width

    def place(square: int) -> str:
        return f"({square % width}, {square // width})"

    plan = search.ready().plan
    if isinstance(plan, ParkingPlan):
        print("plan (the base search's):  step  square  box from  stays until")
        for step, (source, square, until) in enumerate(
            zip(plan.sources, plan.squares, plan.until, strict=True)
        ):
            origin = {INIT: "there", OUTSIDE: "a start box"}.get(source) or place(source)
            stays = "the end" if until == NEVER else f"step {until}"
            print(f"{step:>30}  {place(square):>8}  {origin:>12}  {stays}")
    else:
        print("plan: the goal order (the base search retired no box)")
    position = Level(level.board, frozenset(bits_of(plateau.boxes)), plateau.player)
    print(f"the position at expansion {plateau.first}, {plateau.packed} packed:")
    print("\n".join(position.rows()))


if __name__ == "__main__":
    raise SystemExit(main())
