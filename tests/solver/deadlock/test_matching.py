"""The matching check kept from ask to ask: whatever boxes and goals come one after another,
its answer is the one a matching made from nothing gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.solver.deadlock.rules import MatchingChecker

SQUARES = 8


def matched_from_nothing(reach: list[int], boxes: int, among: int) -> bool:
    """Whether each box gets a goal of its own (of ``among``), by augmenting paths from an
    empty matching."""
    owner: dict[int, int] = {}

    def augment(box: int, tried: set[int]) -> bool:
        options = reach[box] & among
        while options:
            goal = options & -options
            options ^= goal
            if goal in tried:
                continue
            tried.add(goal)
            if goal not in owner or augment(owner[goal], tried):
                owner[goal] = box
                return True
        return False

    return all(augment(box, set()) for box in range(SQUARES) if boxes >> box & 1)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 2**SQUARES - 1), min_size=SQUARES, max_size=SQUARES),
    st.lists(
        st.tuples(st.integers(0, 2**SQUARES - 1), st.sampled_from([-1, 0b1111, 0b11110000])),
        min_size=1,
        max_size=30,
    ),
)
def test_a_kept_matching_answers_as_one_made_from_nothing(
    reach: list[int], asks: list[tuple[int, int]]
) -> None:
    """Boxes on squares 0-7, goals as bits 0-7 of each square's reach; the asks come one after
    another with boxes coming and going and the goals allowed changing."""
    checker = MatchingChecker(reach)
    for boxes, among in asks:
        assert checker.matched(boxes, among) == matched_from_nothing(reach, boxes, among)
        # The goals it finds free are those no box holds.
        taken = 0
        for goal in checker.owner:
            taken |= goal
        assert checker.taken == taken
