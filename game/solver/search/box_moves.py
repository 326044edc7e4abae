"""Feature space search's moves: one box taken from its square to any square it can reach
while the other boxes stand still, as one move (Festival's macro moves).

A single push is such a move too, so the moves of a position include all its pushes: a search
over them misses nothing a search over pushes would find.
"""

from __future__ import annotations

from collections import deque

from game.core.push import Push
from game.solver.analysis.board import POLL_SQUARES, bits_of
from game.solver.analysis.player_area import area_after_push
from game.solver.search.problem import Problem

# A move of the forward search: its pushes, the boxes after them and the player's area then.
Step = tuple[tuple[Push, ...], int, int]
# How many sets of boxes standing still the verdicts of the deadlock rules are kept for (some
# 320 bytes each, the dict of squares where a box freezes on a goal among them; 8,000 nodes of
# XSokoban 74 keep 17,653): when full, they are forgotten.
VERDICTS_KEPT = 200_000


def box_moves(problem: Problem, boxes: int, region: int, only: list[int] | None) -> list[Step]:
    """Every move of one box to a square it can reach, for each box the player can push;
    ``only`` limits the first push, per direction, to a mask of boxes (as in
    :meth:`Problem.pushes`)."""
    moves: list[Step] = []
    # Only boxes with a first push: most boxes of a position have none, and a search of a
    # box's moves costs more than this.
    pushable = 0
    for movable in problem.movable(boxes, region, only):
        pushable |= movable
    poll = problem.poll
    for box in bits_of(pushable):
        poll()
        moves.extend(_moves_of(problem, boxes, region, box, only))
    return moves


def _moves_of(
    problem: Problem, boxes: int, region: int, box: int, only: list[int] | None
) -> list[Step]:
    """The moves of the box on ``box``: per square and side it can end on, the fewest
    pushes that bring it there, kept when the position after passes the deadlock rules."""
    width, poll, box_pushes = problem.width, problem.poll, problem.analysis.box_pushes
    others = boxes & ~(1 << box)
    free = problem.floor & ~others
    live = problem.live & ~others
    learned = problem.learned
    # The rules look at the boxes only, so the verdicts for the others' set hold at every
    # node where they stand still: moving the box a node has just moved again asks again.
    verdicts = problem.verdicts
    # Per square: the box may stand there, may not, or may and froze with boxes on goals (then
    # whether the player still reaches the sides of the loose boxes depends on his side).
    passed, failed, frozen_at = verdicts.get(others, (0, 0, {}))
    # Most squares pass the rules at a glance, without the freeze and matching searches: no
    # wall or box stops the box there along both axes (it cannot freeze), and a lone box there
    # reaches every goal it reached from its square (the matching's own shortcut).
    stoppable = problem.freeze.stoppable(others)
    keeps_goals = problem.matching.keeps_goals
    # Per square, the player's areas found with the box there (joined: they are disjoint):
    # the box arriving from a side already in them is a position already found, known
    # without a fill (-1 holds every side: the box may not stand there).
    areas: dict[int, int] = {box: region}
    queue: deque[tuple[int, int, tuple[Push, ...]]] = deque([(box, region, ())])
    moves: list[Step] = []
    squares = 0  # the clock is read at each box and once in POLL_SQUARES squares
    while queue:
        squares += 1
        if not squares % POLL_SQUARES:
            poll()
        at, area, path = queue.popleft()
        for ahead, behind, index, push in box_pushes[at]:
            if not area >> behind & 1 or not live >> ahead & 1:
                continue
            if not path and only is not None and not only[index] >> box & 1:
                continue
            known = areas.get(ahead)
            if known is not None and known >> at & 1:
                continue  # found from this side before (or the box may not stand there)
            square = 1 << ahead
            after = others | square
            if known is None:
                if not passed & square:
                    frozen = -1 if failed & square else 0
                    if not frozen and (stoppable & square or not keeps_goals(box, ahead)):
                        frozen = problem.frozen_on_goals(box, ahead, after)
                    if frozen < 0:
                        failed |= square
                        areas[ahead] = -1  # frozen or unmatched: it could not be pushed on
                        continue
                    passed |= square
                    if frozen:
                        frozen_at[ahead] = frozen
                known = 0
            # Frozen on a goal there, the box may shut the player off from a box he must push,
            # which depends on his side: he stands where the box was.
            frozen = frozen_at.get(ahead, 0)
            if frozen and not problem.frozen_goals.player_reaches(after, frozen, at):
                continue
            moved = area_after_push(area, at, ahead, free & ~square, width)
            areas[ahead] = known | moved
            pushes = (*path, push)
            queue.append((ahead, moved, pushes))
            if ahead in learned.holding and learned.dead_after(after, ahead, at):
                continue  # dead here, but pushed on it may leave the pattern
            moves.append((pushes, after, moved))
    if len(verdicts) >= VERDICTS_KEPT:
        verdicts.clear()
    verdicts[others] = passed, failed, frozen_at
    return moves
