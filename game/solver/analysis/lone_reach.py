"""Which goals a lone box can be pushed to from each square, for all the goals in one pass over
the push graph (its strongly connected parts), not a pull search from every goal.

The hotspots and the frozen goals rule ask it for floors with walls added.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.solver.analysis.board import Poll, bits_of, no_stop


def lone_box_reach(
    goals: int,
    floor: int,
    side_groups: dict[int, list[int]],
    offsets: tuple[int, ...],
    size: int,
    poll: Poll = no_stop,
    sides: bool = False,
) -> list[int]:
    """Per square of ``floor``, the goals of ``goals`` a lone box there can be pushed to: what
    :func:`~game.solver.analysis.board.goal_reach` finds from the
    :func:`~game.solver.analysis.board.pull_distances` of every goal. With ``sides``, per
    square times 4 plus a side (an index of ``offsets``), the goals it can be pushed to when
    the player stands on that side of it (0 where that side is not floor).

    A part reaches the goals in it and those its pushes lead to; the parts come sinks first,
    so those are known when it comes.
    """
    squares, state_of, pushes = _push_graph(floor, side_groups, offsets)
    reach_of_state = [0] * len(squares)
    for part in _parts_sinks_first(pushes, poll):
        members = set(part)
        reached = 0
        for member in part:
            reached |= goals & 1 << squares[member]
            for child in pushes[member]:
                if child not in members:
                    reached |= reach_of_state[child]
        for member in part:
            reach_of_state[member] = reached
    if sides:
        by_side = [0] * (size * 4)
        for key, state in state_of.items():
            by_side[key] = reach_of_state[state]
        return by_side
    reach = [0] * size
    for state, square in enumerate(squares):
        reach[square] |= reach_of_state[state]
    return reach


def _push_graph(
    floor: int, side_groups: dict[int, list[int]], offsets: tuple[int, ...]
) -> tuple[list[int], dict[int, int], list[list[int]]]:
    """The states of a lone box (its square and a group of its sides the player joins, see
    :func:`~game.solver.analysis.board.sides_connected`), numbered: each one's square, the
    state per square * 4 + side, and the states its pushes lead to (the player pushes the box
    away from his side and stands on that side of it after)."""
    state_of: dict[int, int] = {}  # per square * 4 + side, the state of the player there
    squares: list[int] = []
    groups: list[int] = []
    for square in bits_of(floor):
        for group in side_groups[square]:
            if group and square * 4 + (group & -group).bit_length() - 1 not in state_of:
                for side in range(4):
                    if group >> side & 1:
                        state_of[square * 4 + side] = len(squares)
                squares.append(square)
                groups.append(group)
    pushes: list[list[int]] = []
    for square, group in zip(squares, groups, strict=True):
        ahead = []
        for side in range(4):
            target = square - offsets[side]
            if group >> side & 1 and floor >> target & 1:
                ahead.append(state_of[target * 4 + side])
        pushes.append(ahead)
    return squares, state_of, pushes


def _parts_sinks_first(edges: list[list[int]], poll: Poll) -> Iterator[list[int]]:
    """The strongly connected parts of the graph ``edges`` (per node, the nodes it leads to),
    each after every part it leads to (Tarjan's search, without recursion)."""
    count = len(edges)
    index = [-1] * count
    low = [0] * count
    on_stack = bytearray(count)
    stack: list[int] = []
    counter = 0
    for root in range(count):
        if index[root] >= 0:
            continue
        poll()
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = 1
        work = [(root, 0)]  # nodes being searched, with the next edge to follow
        while work:
            node, next_edge = work[-1]
            if next_edge < len(edges[node]):
                work[-1] = (node, next_edge + 1)
                child = edges[node][next_edge]
                if index[child] < 0:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack[child] = 1
                    work.append((child, 0))
                elif on_stack[child] and index[child] < low[node]:
                    low[node] = index[child]
                continue
            work.pop()
            if work and low[node] < low[work[-1][0]]:
                low[work[-1][0]] = low[node]
            if low[node] == index[node]:
                part: list[int] = []
                while True:
                    member = stack.pop()
                    on_stack[member] = 0
                    part.append(member)
                    if member == node:
                        break
                yield part
