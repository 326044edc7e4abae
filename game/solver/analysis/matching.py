"""Lower bounds from matching boxes to goals over push distances.

The Hungarian minimum-cost matching is admissible (for A*); the greedy one is cheaper guidance.
"""

from __future__ import annotations

import heapq

from game.solver.analysis.board import UNREACHABLE, Poll, no_stop


def hungarian(rows: list[list[int]], poll: Poll = no_stop) -> int:
    """The minimum total cost of a perfect matching of rows to columns (square matrix).

    A cost of UNREACHABLE or more in the result means no finite matching exists.
    """
    size = len(rows)
    infinity = UNREACHABLE * (size + 1)
    # Potentials u (rows) and v (columns), 1-based with a sentinel column 0 (e-maxx form).
    u = [0] * (size + 1)
    v = [0] * (size + 1)
    owner = [0] * (size + 1)
    way = [0] * (size + 1)
    for row in range(1, size + 1):
        poll()
        owner[0] = row
        column = 0
        least = [infinity] * (size + 1)
        used = [False] * (size + 1)
        while True:
            used[column] = True
            current = owner[column]
            cost_row = rows[current - 1]
            delta = infinity
            best = 0
            u_current = u[current]
            for j in range(1, size + 1):
                if not used[j]:
                    reduced = cost_row[j - 1] - u_current - v[j]
                    if reduced < least[j]:
                        least[j] = reduced
                        way[j] = column
                    if least[j] < delta:
                        delta = least[j]
                        best = j
            for j in range(size + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            column = best
            if owner[column] == 0:
                break
        while column:
            previous = way[column]
            owner[column] = owner[previous]
            column = previous
    return sum(rows[owner[j] - 1][j - 1] for j in range(1, size + 1))


def greedy(choices: list[list[tuple[int, int]]], poll: Poll = no_stop) -> int:
    """The cost of matching boxes to goals greedily, cheapest pair first.

    ``choices`` holds, for each box, its (cost, goal) pairs sorted by cost, finite costs only.
    A box left without a free goal adds its cheapest cost; UNREACHABLE if a box has none.
    """
    heap: list[tuple[int, int, int]] = []
    for box, options in enumerate(choices):
        if not options:
            return UNREACHABLE
        heap.append((options[0][0], box, 0))
    heapq.heapify(heap)
    taken = 0
    total = 0
    popped = 0
    while heap:
        popped += 1
        if not popped & 255:
            poll()
        cost, box, rank = heapq.heappop(heap)
        options = choices[box]
        goal = options[rank][1]
        if taken >> goal & 1:
            # Skip every goal taken so far at once: taken goals never come free again.
            rank += 1
            while rank < len(options) and taken >> options[rank][1] & 1:
                rank += 1
            if rank < len(options):
                heapq.heappush(heap, (options[rank][0], box, rank))
            else:
                total += options[0][0]
            continue
        taken |= 1 << goal
        total += cost
    return min(total, UNREACHABLE)
