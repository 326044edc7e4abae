"""Several searches taking turns on one core: each runs for a slice of time and goes on where
it stopped at its next turn, until one solves the level or proves it unsolvable.

Slices grow each round, so a level that one search solves quickly costs little more than that
search alone would, whichever search it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from game.solver.result import Limits, PhaseOver
from game.solver.search.best_first import BestFirst
from game.solver.search.fess import FeatureSearch
from game.solver.search.problem import Outcome, Problem

FIRST_SLICE = 0.05  # seconds for a search of weight 1 in the first round
GROWTH = 1.5  # how much longer each round's slices are than the last's
# Up to this many boxes the fast method gives a third of its time each to the guided feature
# space search planned by the backward base search, feature space search over pushes and greedy
# search (Microban 40 s -> 33 s: the guided one solves 139, 111 and 122 in under 0.2 s, greedy
# took 4-7 s); beyond it, up to 10 boxes, a third each to the base-planned search guided
# (hotspots, out-of-plan zones, the explorer) and plain (each solves XSokoban levels the other
# misses) and to the search over pushes. Greedy search runs on small levels only: beyond them it
# solved no XSokoban level, and its eighth of the time, given to the others, took XSokoban's
# levels solved from 529 s to 463 s. The unplanned search over box moves (``fess-boxes``) was a
# seventh there and solved first only 14 and 37, which the planned ones solve alone in 8 and 2 s:
# its time given to the others took XSokoban from 84 to 85 levels (74) and the 84 from 357 s to
# 295 s. In the three, shares only moved time between levels: 3 of 7 parts for the guided search
# took XSokoban 74 from 37.7 s to 30.5 s, and the other 84 solved from 201.2 s to 219.4 s.
#
# Beyond 10 boxes the two base-planned searches also run with the other tie-break, the boxes
# farthest from the goals first (Festival's), and the guided one only so: the guided far, plain
# near, plain far, and over pushes. Each tie-break solves levels the other misses (XSokoban 28
# only the guided far, 69 only the plain far, 39 only the plain near), so the four gained 28 and
# 69 and lost none. A fourth search makes each level cost more: the 85 solved before took 216 s,
# and 276-290 s with the four (36 took 25-33 s, not 5 s, without the guided near search). With
# equal shares the guided far search won 23 of the 76 levels of over 10 boxes solved, and over
# half of their seconds (52-55% in two runs), so it has 3 parts of 9, the others 2 each: those
# 87 levels took 321-327 s, not 336 s, 28 25-26 s, not 32 s, 36 25-26 s, not 33 s, and 39 (the
# plain near) 29 s, not 25 s. Up to 10 boxes the three of before run: Microban 153 (10 boxes)
# ran past its 10 s under the four, and no XSokoban level of 9 or 10 boxes needs the far one.
SMALL_LEVEL_BOXES = 8
MEDIUM_LEVEL_BOXES = 10


class Resumable(Protocol):
    """A search that may stop with PhaseOver and go on at the next ``run``."""

    used_macros: bool
    name: str  # how reports call it

    def run(self) -> Outcome: ...


# Makes a search for a problem; the flag says whether it may use macros.
Factory = Callable[[Problem, Limits, bool], Resumable]


def feature_space(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(problem, limits, macros)


def feature_space_boxes(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(problem, limits, macros, box_moves=True)


def feature_space_base(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(problem, limits, macros, box_moves=True, base_plan=True)


def feature_space_base_far(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(problem, limits, macros, box_moves=True, base_plan=True, farthest=True)


def feature_space_base_plain(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(problem, limits, macros, box_moves=True, base_plan=True, guided=False)


def feature_space_base_plain_far(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(
        problem, limits, macros, box_moves=True, base_plan=True, guided=False, farthest=True
    )


def greedy(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return BestFirst(problem, limits, 1, 0, macros)


# Searches that learn no patterns and have no advisors: a pattern another search learned only
# takes dead positions off their queue, so they expand what they expand alone, less the dead
# (greedy on Microban 139: 50,000 nodes with the patterns of FESS, 62,000 without).
READS_ONLY: frozenset[Factory] = frozenset({greedy})


def take_turns(problem: Problem, limits: Limits, entries: Sequence[tuple[Factory, int]]) -> Outcome:
    """Run the searches of ``entries`` (each with the weight of its slice) in turns.

    A search that runs dry is a proof of unsolvability unless it used a macro, which can skip
    solutions; then it starts again without macros in its place. Each search learns deadlock
    patterns into a table of its own (see ``Problem.apart``) and slices end between its steps,
    so each takes the same path as it would alone: the portfolio solves what any of its
    searches solves alone, in that time over the search's share. A search that only reads
    patterns (see ``READS_ONLY``) reads the first search's table.
    """
    problems = [problem.apart() if len(entries) > 1 else problem for _ in entries]
    learners = [problems[i] for i, (factory, _) in enumerate(entries) if factory not in READS_ONLY]
    for index, (factory, _) in enumerate(entries):
        if factory in READS_ONLY and learners:
            problems[index] = learners[0]
    searches = [
        factory(own, limits, True) for own, (factory, _) in zip(problems, entries, strict=True)
    ]
    length = FIRST_SLICE
    while True:
        for index, (factory, weight) in enumerate(entries):
            alone = len(entries) == 1
            limits.start_slice(None if alone else length * weight)
            try:
                outcome = searches[index].run()
            except PhaseOver:
                continue
            if outcome.pushes is not None or not outcome.used_macros:
                outcome.found_by = searches[index].name
                return outcome
            searches[index] = factory(problems[index], limits, False)
        length *= GROWTH


def fast_shares(boxes: int) -> tuple[int, ...]:
    """The fast method's slice weights, on a level of ``boxes`` boxes, for feature space search
    planned by the base search guided (nearest boxes first, then farthest), plain (the same),
    over pushes, and greedy search (0: not run). A weight of 2 gives larger levels twice the
    small levels' slices."""
    if boxes <= SMALL_LEVEL_BOXES:
        return (1, 0, 0, 0, 1, 1)
    if boxes <= MEDIUM_LEVEL_BOXES:
        return (2, 0, 2, 0, 2, 0)
    return (0, 3, 2, 2, 2, 0)


# The methods whose searches take turns, and may run at once on several cores: per method its
# searches and the weights of their slices for a level of so many boxes.
PORTFOLIOS: dict[str, tuple[tuple[Factory, ...], Callable[[int], tuple[int, ...]]]] = {
    "fast": (
        (
            feature_space_base,
            feature_space_base_far,
            feature_space_base_plain,
            feature_space_base_plain_far,
            feature_space,
            greedy,
        ),
        fast_shares,
    ),
}


def entries_of(method: str, boxes: int) -> list[tuple[Factory, int]]:
    """The searches of the portfolio ``method`` that run on a level of ``boxes`` boxes, each
    with the weight of its slice."""
    factories, shares = PORTFOLIOS[method]
    pairs = zip(factories, shares(boxes), strict=True)
    return [(factory, weight) for factory, weight in pairs if weight]


def fast(problem: Problem, limits: Limits) -> Outcome:
    """Feature space searches (and greedy search on small levels) in turns, each its share."""
    return take_turns(problem, limits, entries_of("fast", problem.start_boxes.bit_count()))
