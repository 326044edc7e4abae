"""The bitboard fills every search leans on: what they find is what a walk square by square
over the same squares finds, on walled-in boards of any shape with boxes anywhere."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from game.solver.analysis.board import bits_of, flood, reaches
from game.solver.analysis.player_area import area_after_push


def walked(starts: int, free: int, width: int) -> int:
    """The squares of ``free`` a walk from the squares of ``starts`` gets to, a step at a time."""
    found = starts & free
    queue = deque(bits_of(found))
    while queue:
        square = queue.popleft()
        for step in (1, -1, width, -width):
            there = square + step
            if there >= 0 and free >> there & 1 and not found >> there & 1:
                found |= 1 << there
                queue.append(there)
    return found


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, int]:
    """(free squares, starting squares, width): a board walled all round (so no row's end
    touches the next row's start), its inside squares free at random."""
    width = draw(st.integers(3, 20))
    height = draw(st.integers(3, 14))
    free = 0
    for row in range(1, height - 1):
        for column in range(1, width - 1):
            if draw(st.booleans()) or draw(st.booleans()):
                free |= 1 << row * width + column
    starts = 0
    for square in bits_of(free):
        if draw(st.integers(0, 9)) == 0:
            starts |= 1 << square
    return free, starts, width


@settings(max_examples=150, deadline=None)
@given(boards())
def test_a_fill_finds_what_a_walk_finds(board: tuple[int, int, int]) -> None:
    free, starts, width = board
    assert flood(starts, free, width) == walked(starts, free, width)


@settings(max_examples=150, deadline=None)
@given(boards(), st.data())
def test_a_square_is_reached_when_a_walk_gets_there(
    board: tuple[int, int, int], data: st.DataObject
) -> None:
    free, _, width = board
    squares = list(bits_of(free))
    if not squares:
        return
    start = data.draw(st.sampled_from(squares))
    square = data.draw(st.sampled_from(squares))
    walk = walked(1 << start, free, width)
    assert reaches(start, square, free, width) == bool(walk >> square & 1)


@settings(max_examples=300, deadline=None)
@given(boards(), st.data())
def test_the_area_after_a_push_is_what_a_walk_finds(
    board: tuple[int, int, int], data: st.DataObject
) -> None:
    """Whichever way the push cuts the player's area (or joins it to another), the area worked
    out from the one before is the one a walk from his new square finds."""
    free, _, width = board
    pushes = [
        (box, step)
        for box in bits_of(free)
        for step in (1, -1, width, -width)
        if free >> box - step & 1 and free >> box + step & 1
    ]
    if not pushes:
        return
    box, step = data.draw(st.sampled_from(pushes))
    # Other boxes stand at random, never on the three squares of the push.
    others = data.draw(st.integers(0, free)) & free
    others &= ~(1 << box - step | 1 << box | 1 << box + step)
    floor = free & ~others
    area = walked(1 << box - step, floor & ~(1 << box), width)
    after = floor & ~(1 << box + step)
    found = area_after_push(area, box, box + step, after, width)
    assert found == walked(1 << box, after, width)


@settings(max_examples=300, deadline=None)
@given(boards(), st.data())
def test_the_area_after_a_pull_is_what_a_walk_finds(
    board: tuple[int, int, int], data: st.DataObject
) -> None:
    """A pull read as a push backwards: the box comes onto the square the player left, he
    steps back, and his area worked out from the one before is the one a walk finds."""
    free, _, width = board
    pulls = [
        (box, step)
        for box in bits_of(free)
        for step in (1, -1, width, -width)
        if free >> box + step & 1 and free >> box + 2 * step & 1
    ]
    if not pulls:
        return
    box, step = data.draw(st.sampled_from(pulls))
    ahead, back = box + step, box + 2 * step
    others = data.draw(st.integers(0, free)) & free
    others &= ~(1 << box | 1 << ahead | 1 << back)
    floor = free & ~others
    area = walked(1 << ahead, floor & ~(1 << box), width)
    after = floor & ~(1 << ahead)
    found = area_after_push(area, back, ahead, after, width)
    assert found == walked(1 << back, after, width)
