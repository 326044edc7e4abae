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
from game.solver.search.box_moves import box_moves
from game.solver.search.fess import FeatureSearch
from game.solver.search.girl import GirlSearch
from game.solver.search.plans import Aim
from game.solver.search.problem import Outcome, Problem

FIRST_SLICE = 0.05  # seconds for a search of weight 1 in the first round
GROWTH = 1.5  # how much longer each round's slices are than the last's
# Which searches the fast method runs, by the level's boxes, and why (the measurements, and the
# sets each choice was made on, XSokoban and Microban, are in docs/solver.md):
# - Small levels (up to SMALL_LEVEL_BOXES): the guided base-planned search, the search over pushes
#   and greedy search, equal shares. Each is the first to solve some small levels, and greedy
#   search, quick there, solves no large one.
# - Medium levels (up to MEDIUM_LEVEL_BOXES): the base-planned search guided and plain (each
#   solves levels the other misses), the search over pushes and the meeting search (below), the
#   guided one and the meeting search with a third of the time each. The meeting search solves
#   A.K.K.Informatika 17 (10 boxes) alone in 3.5-6 s, which every other search misses in 40 s;
#   Microban 153, the guided search's, took 3.3 s with half of the time and 4.6 s with a third
#   (2026-12-05; in 2026-12-02 a third of the time ran past 10 s). The unplanned search over box
#   moves is in no share: the planned ones solve alone what it solved first.
# - Large levels: the two base-planned searches also with the farthest-first tie-break
#   (Festival's): each tie-break solves levels the other misses. The guided one runs only far,
#   with the largest share, as it solved most of the large levels solved; the far search adds
#   nothing on medium levels and slows the small ones.
# - Open large levels (more than OPEN_LEVEL_MOVES box moves from the start): the search over
#   pushes gets the plain twins' second parts. There the searches over box moves weigh a
#   thousand children an expansion and make some 20-150 expansions a second (Aruba6 32: 22,
#   where `fess` makes 513 and solves it alone in 12.3 s; Aruba6 28: 64, and `fess` alone 6.5
#   s). Chosen on Aruba6 and XSokoban: no XSokoban level has more than 106 such moves, and
#   Aruba6's large levels have 107 and 139, then 224 and more.
# - Medium and large levels: the meeting search (Festival's strategy B, :mod:`meeting`), whose
#   backward search's positions every forward search of the solve finishes at. Chosen on
#   Aruba10's levels `fast` missed or was slow on (it gained 19 at 30 s, lost none) and Aruba10
#   and XSokoban whole; judged on the validation sets (docs/solver.md, 2026-12-03); on medium
#   levels from 2026-12-05 (thirtieth session), chosen on A.K.K.Informatika 17. On a large
#   level, where it has 2 of 13 parts, its backward search takes LARGE_MEETING_SHARE of the
#   limit, about a third of them (Festival's B gives a third of its time to its backward
#   search), not MEETING_SHARE, which left its forward search a fifth of its time at 30 s
#   (2026-12-05, thirty-fourth session: ChrysalisCollection10 39 -> 41/50 at 30 s).
# - Large levels also: Festival's HF search towards the goals (`fess-hf`: the meeting search's
#   order, the goals as its squares, no backward search), which solves in a few seconds alone
#   some open levels that every other search misses or takes long over (Aruba10 44: 2.2 s; none
#   of XSokoban's hard ones). Its 2 of 13 gained Aruba10 44 at 30 s (1 of 12 did not, 44 at the
#   edge) and on the validation sets Paulje 13; XSokoban's slowest are slower by its share
#   (docs/solver.md, 2026-12-04 twenty-second session).
SMALL_LEVEL_BOXES = 8
MEDIUM_LEVEL_BOXES = 10
OPEN_LEVEL_MOVES = 150
LARGE_MEETING_SHARE = 1 / 20


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


def feature_space_meeting(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(problem, limits, macros, box_moves=True, aim=Aim.MEETING)


def feature_space_meeting_large(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(
        problem, limits, macros, box_moves=True, aim=Aim.MEETING, meeting_share=LARGE_MEETING_SHARE
    )


def feature_space_hf(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return FeatureSearch(problem, limits, macros, box_moves=True, aim=Aim.GOALS)


def girl(problem: Problem, limits: Limits, macros: bool) -> Resumable:
    return GirlSearch(problem, limits, macros)


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


def fast_shares(boxes: int, open_level: bool) -> tuple[int, ...]:
    """The fast method's slice weights, on a level of ``boxes`` boxes (``open_level``: see
    :func:`is_open`), for feature space search planned by the base search guided (nearest boxes
    first, then farthest), plain (the same), over pushes, greedy search, the meeting search
    (with the shorter backward search of large levels, then the other) and the HF search
    towards the goals (0: not run). A weight of 2 gives larger levels twice the small levels'
    slices."""
    if boxes <= SMALL_LEVEL_BOXES:
        return (1, 0, 0, 0, 1, 1, 0, 0, 0)
    if boxes <= MEDIUM_LEVEL_BOXES:
        return (2, 0, 1, 0, 1, 0, 0, 2, 0)
    return (0, 3, 1, 1, 4, 0, 2, 0, 2) if open_level else (0, 3, 2, 2, 2, 0, 2, 0, 2)


def is_open(problem: Problem) -> bool:
    """Whether the start of a large level has more than OPEN_LEVEL_MOVES box moves (only a
    large level's shares depend on it; counting them takes some 8 ms on XSokoban, 0.2 s on
    Aruba7 7's 4,016)."""
    boxes = problem.start_boxes
    if boxes.bit_count() <= MEDIUM_LEVEL_BOXES:
        return False
    region = problem.region(boxes, problem.start_player)
    return len(box_moves(problem, boxes, region, None)) > OPEN_LEVEL_MOVES


# The methods whose searches take turns, and may run at once on several cores: per method its
# searches and the weights of their slices for a level of so many boxes, open or not.
PORTFOLIOS: dict[str, tuple[tuple[Factory, ...], Callable[[int, bool], tuple[int, ...]]]] = {
    "fast": (
        (
            feature_space_base,
            feature_space_base_far,
            feature_space_base_plain,
            feature_space_base_plain_far,
            feature_space,
            greedy,
            feature_space_meeting_large,
            feature_space_meeting,
            feature_space_hf,
        ),
        fast_shares,
    ),
}


def entries_of(method: str, boxes: int, open_level: bool = False) -> list[tuple[Factory, int]]:
    """The searches of the portfolio ``method`` that run on a level of ``boxes`` boxes, each
    with the weight of its slice (which searches run does not depend on ``open_level``)."""
    factories, shares = PORTFOLIOS[method]
    pairs = zip(factories, shares(boxes, open_level), strict=True)
    return [(factory, weight) for factory, weight in pairs if weight]


def entries_for(method: str, problem: Problem) -> list[tuple[Factory, int]]:
    """The searches of the portfolio ``method`` on ``problem``'s level, with their weights."""
    return entries_of(method, problem.start_boxes.bit_count(), is_open(problem))


def fast(problem: Problem, limits: Limits) -> Outcome:
    """Feature space searches (and greedy search on small levels) in turns, each its share."""
    return take_turns(problem, limits, entries_for("fast", problem))
