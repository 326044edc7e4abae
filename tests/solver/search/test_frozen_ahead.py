"""Boxes frozen on goals ahead of the parking plan count against a position only when, as
walls, they cut off a square of a step between the plan's next one and theirs."""

from __future__ import annotations

from game.solver.analysis.board import mask_of
from game.solver.search.frozen_ahead import FrozenAhead
from game.solver.search.parking import ParkingPlan
from tests.solver.helpers import problem_of

# The corner goal (1, 1) freezes any box on it. A box reaches the goal (3, 1) only pushed right
# from (2, 1), the player on (1, 1): a box frozen on the corner shuts (3, 1) for good.
CORNER = "\n".join(
    [
        "#######",
        "#. .###",
        "#  ####",
        "#     #",
        "# $$$ #",
        "#  @ .#",
        "#######",
    ]
)


def square(x: int, y: int) -> int:
    return y * 7 + x


def frozen_ahead_of(order: list[int]) -> FrozenAhead:
    """The counter for a plan that fills the squares of ``order`` in turn, each box from the
    start's boxes (the backward search's pulls, read from the solved position on)."""
    problem = problem_of(CORNER)
    pulls = [(target, square(3, 3), True) for target in reversed(order)]
    return FrozenAhead(problem, ParkingPlan(0, pulls))


def test_a_box_frozen_ahead_that_shuts_an_earlier_step_counts() -> None:
    counter = frozen_ahead_of([square(3, 1), square(5, 5), square(1, 1)])
    boxes = mask_of([square(1, 1), square(2, 4), square(3, 4)])
    assert counter.count(boxes, 0) == 1


def test_a_box_frozen_ahead_counts_not_once_the_steps_it_shuts_are_done() -> None:
    # (3, 1) filled first, (5, 5) next: the corner's box shuts nothing the plan still needs.
    counter = frozen_ahead_of([square(3, 1), square(5, 5), square(1, 1)])
    boxes = mask_of([square(3, 1), square(1, 1), square(3, 4)])
    placed = mask_of([square(3, 1)])
    assert counter.plan.progress(boxes) == (1, placed)
    assert counter.count(boxes, placed) == 0
    # The same box before the step it would shut: counted, with the box frozen on (5, 5) (a
    # corner too, also ahead of the plan).
    assert counter.count(mask_of([square(1, 1), square(5, 5), square(3, 4)]), 0) == 2


def test_a_box_frozen_on_the_plan_s_next_square_does_not_count() -> None:
    counter = frozen_ahead_of([square(1, 1), square(3, 1), square(5, 5)])
    boxes = mask_of([square(1, 1), square(2, 4), square(3, 4)])
    assert counter.count(boxes, mask_of([square(1, 1)])) == 0
