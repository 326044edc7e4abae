"""Each of the fast portfolio's searches alone on chosen levels, each in a fresh process: solved or
not (and why it stopped), nodes, CPU seconds, and with ``--tree`` a digest of the search's tree
(every node's parent and move), equal for two trees exactly when they made the same search.

A level's time in ``fast`` is mostly one search's own time over its share (XSokoban 28: the guided
far search's some 8 CPU s alone, at 3 of 11 parts), so this is where a change to one search is
measured first. Under valgrind, ``--instructions`` stops the clock's checks and gives the
backward searches a budget they never reach (see tools/solver_speed.py):
``valgrind --tool=callgrind --callgrind-out-file=/dev/null python tools/search_alone.py
xsokoban.xsb --levels 28 --searches fess-base-far --nodes 1500 --instructions``.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import time
from multiprocessing.connection import Connection
from pathlib import Path

import game.solver.result as results
from game.core.collection import read_collection
from game.core.errors import LevelError
from game.core.level import Level
from game.solver.methods import DEFAULT_MEMORY
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.search import plans
from game.solver.search.cells import CellSearch
from game.solver.search.portfolio import (
    Factory,
    Resumable,
    feature_space,
    feature_space_base,
    feature_space_base_far,
    feature_space_base_plain,
    feature_space_base_plain_far,
    feature_space_hf,
    feature_space_meeting,
    girl,
    take_turns,
)
from game.solver.search.problem import Outcome, Problem
from game.solver.search.start import search_level

SEARCHES: dict[str, Factory] = {
    "fess-base": feature_space_base,
    "fess-base-far": feature_space_base_far,
    "fess-base-plain": feature_space_base_plain,
    "fess-base-plain-far": feature_space_base_plain_far,
    "fess": feature_space,
    "fess-meet": feature_space_meeting,
    "fess-hf": feature_space_hf,
    "girl": girl,
}
# A budget in CPU seconds for the backward searches under --instructions: under valgrind's
# fiftyfold slowing a search's plan would otherwise depend on how far it got.
UNREACHED_SECONDS = 1000.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", help="a level collection, e.g. ../shared/benchmarks/xsokoban.xsb")
    parser.add_argument("--levels", default="1", help="level numbers or titles, comma separated")
    parser.add_argument(
        "--searches", default="fess-base-far", help=f"comma separated, of {', '.join(SEARCHES)}"
    )
    parser.add_argument("--time-limit", type=float, help="seconds a level (none by default)")
    parser.add_argument("--nodes", type=int, help="node limit a level (none by default)")
    parser.add_argument("--tree", action="store_true", help="also a digest of each search's tree")
    parser.add_argument(
        "--instructions", action="store_true",
        help="no checks of the clock, and the backward searches' budgets never reached",
    )
    args = parser.parse_args()
    names = args.searches.split(",")
    unknown = [name for name in names if name not in SEARCHES]
    if unknown:
        parser.error(f"unknown search {unknown[0]!r}; choose from {', '.join(SEARCHES)}")
    if args.instructions:
        results.CHECK_SECONDS = float("inf")
        plans.BASE_SECONDS_UNLIMITED = UNREACHED_SECONDS
    try:
        collection = read_collection(Path(args.file))
        levels = [collection.find(text) for text in args.levels.split(",")]
    except (LevelError, OSError) as error:
        parser.error(str(error))
    print(f"{'level':>6} {'search':<20} {'outcome':<10} {'nodes':>8} {'CPU s':>8}  tree  why")
    # Each search in a fresh process: the memory cap is on the resident memory, which a search
    # before it in the same process left high (Aruba8 20 and 40 stopped at once, after 14).
    fresh = multiprocessing.get_context("fork")
    for text, level in zip(args.levels.split(","), levels, strict=True):
        for name in names:
            answer, sender = fresh.Pipe(duplex=False)
            measure = (sender, level, name, args.time_limit, args.nodes, args.tree)
            child = fresh.Process(target=_measured, args=measure)
            child.start()
            sender.close()
            outcome, why, nodes, seconds, digest = answer.recv()
            child.join()
            print(
                f"{text:>6} {name:<20} {outcome:<10} {nodes:>8} {seconds:>8.2f}  "
                f"{digest}  {why}".rstrip()
            )
    return 0


def _measured(
    answer: Connection,
    level: Level,
    name: str,
    time_limit: float | None,
    node_limit: int | None,
    tree: bool,
) -> None:
    """Send the search ``name`` alone on ``level``: its outcome, why it stopped ('' when it
    did not), its nodes, its CPU seconds and, with ``tree``, its tree's digest."""
    limits = Limits(time_limit, node_limit, DEFAULT_MEMORY, None, None)
    started = time.process_time()
    outcome, why, search = _alone(level, SEARCHES[name], limits)
    seconds = time.process_time() - started
    nodes = len(search.parent) if isinstance(search, CellSearch) else 0
    digest = _digest(search) if tree and isinstance(search, CellSearch) else ""
    answer.send((outcome, why, nodes, seconds, digest))


def _alone(level: Level, chosen: Factory, limits: Limits) -> tuple[str, str, Resumable | None]:
    """The outcome of the search ``chosen`` alone on ``level``, why it stopped, and the search
    (the last one made: a search that used macros and ran dry starts again without them)."""
    made: list[Resumable] = []

    def factory(problem: Problem, limits: Limits, macros: bool) -> Resumable:
        made.append(chosen(problem, limits, macros))
        return made[-1]

    def method(problem: Problem, limits: Limits) -> Outcome:
        return take_turns(problem, limits, ((factory, 1),))

    try:
        search_level(level, method, limits)
    except StopSearch as stop:
        outcome = "unsolvable" if stop.status is SolveStatus.UNSOLVABLE else "stopped"
        return outcome, stop.reason, made[-1] if made else None
    except MemoryError:
        return "stopped", "out of memory", made[-1] if made else None
    return "solved", "", made[-1] if made else None


def _digest(search: CellSearch[object]) -> str:
    """Every node's parent and move, hashed: the same for two runs of the same search."""
    return hashlib.sha256(search.parent.tobytes() + search.via.tobytes()).hexdigest()[:12]


if __name__ == "__main__":
    raise SystemExit(main())
