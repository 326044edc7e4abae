"""The optimizer's cheap passes over a solution's pushes: walk each by the shortest way, and move
one box's pushing runs next to each other where the pushes between allow it.

Pushes are IndexedPush values (square of the box, index of the direction in DIRECTIONS).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from game.core.level import Level
from game.core.push import IndexedPush, UnplayablePush, from_indexed, lurd_of_pushes
from game.solver.analysis.board import Poll


def render(level: Level, pushes: Sequence[IndexedPush], poll: Poll) -> str | None:
    """The LURD of ``pushes`` with the shortest walk before each; None where a push cannot
    be made (its square cannot be walked to, or something stands where the box would go)."""

    def polled() -> Iterator[IndexedPush]:
        for indexed in pushes:
            poll()
            yield indexed

    try:
        return lurd_of_pushes(level, from_indexed(polled()))
    except UnplayablePush:
        return None


def box_runs(
    level: Level, pushes: Sequence[IndexedPush], offsets: Sequence[int]
) -> list[list[IndexedPush]]:
    """``pushes`` cut into runs that each push one box (the same box twice never in a row)."""
    runs: list[list[IndexedPush]] = []
    last_target = -1
    for square, way in pushes:
        if square == last_target:
            runs[-1].append((square, way))
        else:
            runs.append([(square, way)])
        last_target = square + offsets[way]
    return runs


def regrouped(runs: list[list[IndexedPush]], offsets: Sequence[int]) -> list[list[IndexedPush]]:
    """Every order of ``runs`` that brings a later run of a box next to its run before (the
    later run moved forward, or the earlier one moved back), nearest pairs first."""
    orders: list[list[list[IndexedPush]]] = []
    ends = [run[-1][0] + offsets[run[-1][1]] for run in runs]
    pairs = []
    for later, run in enumerate(runs):
        earlier = next((i for i in range(later - 1, -1, -1) if ends[i] == run[0][0]), -1)
        # The box of ``run`` must not have moved between its two runs.
        if earlier >= 0 and earlier + 1 < later:
            pairs.append((later - earlier, earlier, later))
    for _, earlier, later in sorted(pairs):
        between = runs[earlier + 1 : later]
        head, tail = runs[:earlier], runs[later + 1 :]
        orders.append([*head, runs[earlier], runs[later], *between, *tail])
        orders.append([*head, *between, runs[earlier], runs[later], *tail])
    return [[push for run in order for push in run] for order in orders]


def regroup_pass(
    level: Level,
    pushes: list[IndexedPush],
    offsets: Sequence[int],
    better: Callable[[str], bool],
    poll: Poll,
) -> list[IndexedPush] | None:
    """The first regrouping of ``pushes`` whose shortest-walk LURD ``better`` accepts, or None."""
    for order in regrouped(box_runs(level, pushes, offsets), offsets):
        lurd = render(level, order, poll)
        if lurd is not None and better(lurd):
            return order
    return None
