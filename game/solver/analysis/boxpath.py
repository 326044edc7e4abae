"""Moving one box while the others stand still: the fewest pushes to a target (forwards), the
fewest pulls out to where a test says it may stop (backwards), and the nearest box to a target.

These are the solver's only searches over one box; the rest of the game asks them too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable

from game.core.board import Board
from game.core.direction import Direction
from game.core.paths import DIRECTIONS
from game.core.push import Push, walks_before
from game.solver.analysis.board import Analysis, flood, mask_of, reaches

# A search state: the box's square and the lowest square of the player's region.
Key = tuple[int, int]


def push_path(
    analysis: Analysis,
    others: int,
    box: int,
    player: int,
    target: int,
    enter: int | None = None,
    ending: int | None = None,
) -> list[Push] | None:
    """Fewest pushes of the box on ``box`` to ``target``, the player starting on ``player``
    and the boxes ``others`` standing still; None if it cannot get there.

    The box only enters the squares of ``enter`` (the live squares unless given); with
    ``ending``, the player ends in the area of that square (the box may then come back to
    ``box``, the player on another side).
    """
    width = analysis.width
    poll = analysis.poll
    live = (analysis.live if enter is None else enter) & ~others
    free = analysis.floor & ~others
    start = flood(1 << player, free & ~(1 << box), width)
    key = (box, start & -start)
    parents: dict[Key, tuple[Key, int, int] | None] = {key: None}
    queue = deque([(box, start, key)])
    while queue:
        poll()
        at, region, state = queue.popleft()
        for index, offset in enumerate(analysis.offsets):
            ahead = at + offset
            if not region >> (at - offset) & 1 or not live >> ahead & 1:
                continue
            moved = flood(1 << at, free & ~(1 << ahead), width)
            child = (ahead, moved & -moved)
            if child in parents:
                continue
            parents[child] = (state, at, index)
            if ahead == target and (ending is None or moved >> ending & 1):
                return _unwind(parents, child)
            queue.append((ahead, moved, child))
    return None


def pushes_of_moves(
    analysis: Analysis, boxes: int, player: int, moves: Iterable[tuple[int, int, int | None]]
) -> list[Push]:
    """The pushes of box moves played in turn from ``boxes``, the player on ``player``: each
    move a box's square, its target and a square of the area the player ends in (None: any),
    made with the fewest pushes. A search's moves can all be made: AssertionError if not."""
    pushes: list[Push] = []
    for box, target, ending in moves:
        others = boxes & ~(1 << box)
        found = push_path(analysis, others, box, player, target, ending=ending)
        if found is None:
            raise AssertionError(f"a box move cannot be made again: {box} -> {target}")
        pushes.extend(found)
        # Without an ending, the square the box left is in the player's area.
        boxes, player = others | 1 << target, box if ending is None else ending
    return pushes


def _unwind(parents: dict[Key, tuple[Key, int, int] | None], state: Key) -> list[Push]:
    pushes: list[Push] = []
    link = parents[state]
    while link is not None:
        previous, at, index = link
        pushes.append(Push(at, DIRECTIONS[index]))
        link = parents[previous]
    pushes.reverse()
    return pushes


def push_steps(
    board: Board, boxes: Collection[int], player: int, box: int, target: int
) -> list[Direction] | None:
    """The player's steps that push the box on ``box`` to ``target`` with the fewest pushes
    (shortest walks between them), the other boxes standing still; None if it cannot."""
    if box == target:
        return []
    analysis = Analysis(board, player, distances=False)
    if box not in boxes or not analysis.floor >> box & 1:
        return None
    others = mask_of(boxes) & ~(1 << box)
    pushes = push_path(analysis, others, box, player, target, analysis.floor)
    if pushes is None:
        return None
    # The search kept only pushes he can walk to: an UnplayablePush here would be a bug.
    walks = walks_before(board, boxes, player, pushes)
    steps: list[Direction] = []
    for walk, push in zip(walks, pushes, strict=True):
        steps.extend(walk)
        steps.append(push.direction)
    return steps


# Where a pull may stop: the box's square after the pull and the direction index of the pull
# (the player stepped back that way, onto the square beyond it).
Arrival = Callable[[int, int], bool]


def pull_out(
    analysis: Analysis, space: int, box: int, regions: list[int], arrived: Arrival
) -> int | None:
    """Fewest pulls that take a lone box from ``box`` over the squares of ``space`` until
    ``arrived`` accepts a pull, the player starting in any of ``regions``; None if none does.

    The player pulls by standing next to the box and stepping back; he needs the square
    behind him free (in ``space``) to go on pulling, but not for the pull ``arrived`` accepts.
    """
    width = analysis.width
    poll = analysis.poll
    queue: deque[tuple[int, int, int]] = deque()
    seen: set[Key] = set()
    for region in regions:
        key = (box, region & -region)
        if key not in seen:
            seen.add(key)
            queue.append((box, region, 0))
    while queue:
        poll()
        at, region, pulls = queue.popleft()
        for index, offset in enumerate(analysis.offsets):
            stand = at + offset
            if not region >> stand & 1:
                continue
            if arrived(stand, index):
                return pulls + 1
            back = stand + offset
            if not space >> back & 1:
                continue
            moved = flood(1 << back, space & ~(1 << stand), width)
            key = (stand, moved & -moved)
            if key not in seen:
                seen.add(key)
                queue.append((stand, moved, pulls + 1))
    return None


def nearest_box_path(
    analysis: Analysis, boxes: int, region: int, target: int, movable: int, tries: int = 3
) -> list[Push] | None:
    """Few pushes that bring one of the boxes in ``movable`` onto the empty ``target``, the
    player standing in ``region`` and every other box still; None if none is found.

    A breadth-first search pulls a box backwards from the target over the free squares,
    ignoring where the player can walk; each box it meets is then tried forwards with the
    player's walks checked, nearest first, ``tries`` boxes at most.
    """
    poll = analysis.poll
    passable = analysis.live & ~boxes  # where a box pulled back may go on
    pushed_from = analysis.pushed_from
    # toward[square]: the direction index in which a box there is pushed to come closer.
    toward: dict[int, int] = {target: -1}
    queue = deque([target])
    popped = 0
    while queue and tries:
        popped += 1
        if not popped & 63:
            poll()
        at = queue.popleft()
        # The box comes from ``stand``, pushed by the player from ``back``.
        for stand, back, direction in pushed_from[at]:
            if stand in toward:
                continue
            if movable >> stand & 1:
                if region >> back & 1:
                    toward[stand] = direction
                    path = _push_along(analysis, boxes, region, stand, toward)
                    if path is not None:
                        return path
                    tries -= 1
                continue
            if passable >> stand & 1:
                toward[stand] = direction
                queue.append(stand)
    return None


def _push_along(
    analysis: Analysis, boxes: int, region: int, box: int, toward: dict[int, int]
) -> list[Push] | None:
    """Push the box on ``box`` along ``toward`` to its end, checking that the player can walk
    to each push and that no other box stands behind; None where that fails."""
    offsets = analysis.offsets
    width = analysis.width
    boxes &= ~(1 << box)
    free = analysis.floor & ~boxes
    pushes: list[Push] = []
    player = -1  # where the player stands after the last push; ``region`` is stale then
    while toward[box] >= 0:
        index = toward[box]
        offset = offsets[index]
        behind = box - offset
        if boxes >> (box + offset) & 1:
            return None
        # Pushing on in the same direction needs no walk, so no fill.
        if behind != player:
            if player < 0:
                if not region >> behind & 1:
                    return None
            else:
                analysis.poll()
                if not reaches(player, behind, free & ~(1 << box), width):
                    return None
        pushes.append(Push(box, DIRECTIONS[index]))
        player = box
        box += offset
    return pushes
