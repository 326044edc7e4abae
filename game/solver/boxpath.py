"""Moving one box while the others stand still: the fewest pushes from a square to a target,
forwards for a given box or backwards from the target to whichever box is nearest.

Both give the pushes as the search's (box square, direction index, 1) triples.
"""

from __future__ import annotations

from collections import deque

from game.solver.analysis import Analysis, flood

Push = tuple[int, int, int]
# A search state: the box's square and the lowest square of the player's region.
Key = tuple[int, int]


def push_path(
    analysis: Analysis, others: int, box: int, player: int, target: int
) -> list[Push] | None:
    """Fewest pushes of the box on ``box`` to ``target``, the player starting on ``player``
    and the boxes ``others`` standing still; None if it cannot get there."""
    width = analysis.width
    live = analysis.live & ~others
    free = analysis.floor & ~others
    start = flood(1 << player, free & ~(1 << box), width)
    key = (box, start & -start)
    parents: dict[Key, tuple[Key, int, int] | None] = {key: None}
    queue = deque([(box, start, key)])
    while queue:
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
            if ahead == target:
                return _unwind(parents, child)
            queue.append((ahead, moved, child))
    return None


def _unwind(parents: dict[Key, tuple[Key, int, int] | None], state: Key) -> list[Push]:
    pushes: list[Push] = []
    link = parents[state]
    while link is not None:
        previous, at, index = link
        pushes.append((at, index, 1))
        link = parents[previous]
    pushes.reverse()
    return pushes


def nearest_box_path(
    analysis: Analysis, boxes: int, region: int, target: int, movable: int, tries: int = 3
) -> list[Push] | None:
    """Few pushes that bring one of the boxes in ``movable`` onto the empty ``target``, the
    player standing in ``region`` and every other box still; None if none is found.

    A breadth-first search pulls a box backwards from the target over the free squares,
    ignoring where the player can walk; each box it meets is then tried forwards with the
    player's walks checked, nearest first, ``tries`` boxes at most.
    """
    offsets = analysis.offsets
    space = analysis.floor & ~boxes
    live = analysis.live
    # toward[square]: the direction index in which a box there is pushed to come closer.
    toward: dict[int, int] = {target: -1}
    queue = deque([target])
    while queue and tries:
        at = queue.popleft()
        for index, offset in enumerate(offsets):
            stand = at + offset  # the box comes from here, pushed from ``back``
            back = stand + offset
            if stand in toward:
                continue
            if movable >> stand & 1:
                if region >> back & 1:
                    toward[stand] = (index + 2) % 4
                    path = _push_along(analysis, boxes, region, stand, toward)
                    if path is not None:
                        return path
                    tries -= 1
                continue
            if live >> stand & 1 and space >> stand & 1 and analysis.floor >> back & 1:
                toward[stand] = (index + 2) % 4
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
        # Pushing on in the same direction needs no walk, so no flood.
        if behind != player:
            if player >= 0:
                region = flood(1 << player, free & ~(1 << box), width)
            if not region >> behind & 1:
                return None
        pushes.append((box, index, 1))
        player = box
        box += offset
    return pushes
