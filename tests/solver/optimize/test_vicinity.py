"""The vicinity search's parts: the pushes a player can make with their walks, and the pushes each
allowed layout still needs at least, which guides and prunes the search."""

from __future__ import annotations

from collections import deque

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.direction import Direction
from game.core.metrics import MetricOrder, pushes_of
from game.core.xsb import parse_level
from game.solver import solve
from game.solver.analysis.board import bits_of, mask_of
from game.solver.optimize.vicinity import (
    Grid,
    Vicinity,
    cheapest_path,
    layouts_along,
    pushes_to_go,
    vicinity_layouts,
)
from game.solver.result import Limits
from tests.solver.optimize.test_optimizer import MICROBAN, wander

ROW = parse_level("#######\n#@$  .#\n#######")
NO_LIMITS = Limits(None, None, 1 << 40, None, None)


def walks(grid: Grid, player: int, boxes: int) -> dict[int, int]:
    """Steps from ``player`` to every square he can reach in layout ``boxes``, square by square."""
    steps = {player: 0}
    queue = deque([player])
    while queue:
        square = queue.popleft()
        for offset in grid.offsets:
            near = square + offset
            if grid.floor >> near & 1 and not boxes >> near & 1 and near not in steps:
                steps[near] = steps[square] + 1
                queue.append(near)
    return steps


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(MICROBAN) - 1),
    steps=st.lists(st.sampled_from(list(Direction)), max_size=20),
)
def test_the_pushes_after_walks_are_every_push_with_its_shortest_walk(
    index: int, steps: list[Direction]
) -> None:
    position, _ = wander(MICROBAN[index], steps)
    grid = Grid(position, NO_LIMITS)
    boxes = mask_of(position.boxes)
    reach = walks(grid, position.player, boxes)
    expected = {
        (reach[box - offset], box, way)
        for box in bits_of(boxes)
        for way, offset in enumerate(grid.offsets)
        if box - offset in reach
        and grid.live >> (box + offset) & 1
        and not boxes >> (box + offset) & 1
    }
    found = grid.pushes_after_walks(position.player, boxes)
    assert set(found) == expected and len(found) == len(expected)
    assert [walk for walk, _, _ in found] == sorted(walk for walk, _, _ in found)


def test_pushes_to_go_counts_the_pushes_left_and_leaves_out_dead_ends() -> None:
    grid = Grid(ROW, NO_LIMITS)
    start, middle, near = (mask_of([ROW.board.width + x]) for x in (2, 3, 4))
    assert grid.goals == mask_of([ROW.board.width + 5])
    along = layouts_along(ROW, pushes_of(ROW, "RRR"), grid.offsets)
    assert pushes_to_go(grid, set(along), NO_LIMITS) == {
        along[0]: 3, along[1]: 2, along[2]: 1, along[3]: 0
    }
    gapped = {start, near, grid.goals}  # the box cannot get past the square left out
    assert middle not in gapped
    assert pushes_to_go(grid, gapped, NO_LIMITS) == {grid.goals: 0, near: 1}
    assert cheapest_path(grid, ROW, gapped, MetricOrder.MOVES, 1 << 60, NO_LIMITS) is None


def test_pushes_to_go_never_counts_more_than_an_optimal_solution_needs() -> None:
    for level in MICROBAN:
        optimal = solve(level, method="bfs", time_limit=30)
        assert optimal.solved
        grid = Grid(level, NO_LIMITS)
        along = layouts_along(level, pushes_of(level, optimal.lurd), grid.offsets)
        allowed = vicinity_layouts(grid, along, Vicinity(boxes=2, radius=2), NO_LIMITS)
        to_go = pushes_to_go(grid, allowed, NO_LIMITS)
        for done, layout in enumerate(along):
            assert to_go[layout] <= len(along) - 1 - done
