"""The parking plan: the backward search's pulls read forwards, its "until" steps and the filled
prefix that the forward search counts as packed."""

from __future__ import annotations

from game.solver.search.parking import INIT, NEVER, OUTSIDE, ParkingPlan

# Squares by name; the plan only compares them.
GOAL_A, GOAL_B, GOAL_C, PARK, HALL = 10, 11, 12, 20, 21


def test_pulls_read_backwards_with_a_parking_square() -> None:
    # Backwards: A's box is pulled to the parking square, B's retires, then the parked box
    # retires from there. Forwards: a box parks, B is filled, the parked box goes on to A.
    plan = ParkingPlan(0, [(GOAL_A, PARK, False), (GOAL_B, HALL, True), (PARK, HALL, True)])
    assert plan.sources == [OUTSIDE, OUTSIDE, PARK]
    assert plan.squares == [PARK, GOAL_B, GOAL_A]
    assert plan.until == [2, NEVER, NEVER]
    assert plan.retired == 2


def test_a_box_pulled_on_at_once_is_one_step() -> None:
    # Pulled A to the hall, then on from the hall to the parking square, then retired.
    plan = ParkingPlan(0, [(GOAL_A, HALL, False), (HALL, PARK, False), (PARK, HALL, True)])
    assert list(zip(plan.sources, plan.squares, strict=True)) == [(OUTSIDE, GOAL_A)]


def test_the_prefix_counts_a_parked_box_that_has_moved_on() -> None:
    plan = ParkingPlan(0, [(GOAL_A, PARK, False), (GOAL_B, HALL, True), (PARK, HALL, True)])
    park, a, b = 1 << PARK, 1 << GOAL_A, 1 << GOAL_B
    assert plan.progress(0) == (0, 0)
    assert plan.progress(park) == (1, park)
    assert plan.progress(park | b) == (2, park | b)
    # The parked box went on to A: the parking square is empty, and all three steps are done.
    assert plan.progress(a | b) == (3, a | b)
    # A filled before B: the parking step is not done, so nothing counts.
    assert plan.progress(a) == (0, 0)
    assert plan.next_squares(park) == [GOAL_B]
    assert plan.next_squares(a | b) == []


def test_boxes_left_by_the_backward_search_must_all_stand_first() -> None:
    # The search stopped with boxes on A and the parking square; the parked one goes to B.
    plan = ParkingPlan(1 << GOAL_A | 1 << PARK, [(GOAL_B, PARK, False), (GOAL_C, HALL, True)])
    assert plan.sources[:2] == [INIT, INIT]
    assert plan.squares[0] == GOAL_A  # the box that stays to the end comes first
    c = 1 << GOAL_C
    # Without the box that stays on A nothing further counts.
    assert plan.progress(c | 1 << PARK) == (0, 0)
    assert plan.next_squares(c) == [GOAL_A]
    done = 1 << GOAL_A | 1 << GOAL_B | c
    assert plan.progress(done) == (len(plan), done)


def test_a_box_left_by_the_backward_search_starts_on_its_first_parking_square() -> None:
    # Backwards: A's box is pulled to the parking square, B's retires, and the search ends with
    # the parked box pulled on to the hall (its start square, say). Forwards, pushing it from
    # the hall to the parking square is no step of the order: it starts there, taken on to A.
    pulls = [(GOAL_A, PARK, False), (GOAL_B, HALL, True), (PARK, HALL, False)]
    # Stopped there by its budget, the search's last position is where the plan starts.
    assert ParkingPlan(1 << HALL, pulls).sources[:2] == [INIT, HALL]
    plan = ParkingPlan(1 << HALL, pulls, home=True)
    assert list(zip(plan.sources, plan.squares, strict=True)) == [
        (INIT, PARK), (OUTSIDE, GOAL_B), (PARK, GOAL_A)
    ]
    assert plan.until == [2, NEVER, NEVER]
    assert plan.fixed == 0  # it need not be there: B counts before it is
    assert plan.progress(1 << GOAL_B) == (1, 1 << GOAL_B)
    assert plan.progress(1 << GOAL_B | 1 << GOAL_A) == (3, 1 << GOAL_B | 1 << GOAL_A)
