"""Property tests: random text never breaks the reader, and undo always restores the start.

Hypothesis generates the inputs; failures shrink to a minimal example.
"""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import Direction, LevelError, PlayState, parse_level, read_collection_text
from tests.conftest import SMALL_LEVEL

BOARDISH = st.text(alphabet="#@+$*. -_OQXG0123456789|\n", max_size=200)


@settings(max_examples=300, deadline=None)
@given(st.one_of(BOARDISH, st.text(max_size=200)))
def test_random_text_raises_only_level_error(text: str) -> None:
    with contextlib.suppress(LevelError):
        parse_level(text)
    collection = read_collection_text(text)
    assert all(isinstance(error, LevelError) for error in collection.errors)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(list(Direction)), max_size=80))
def test_moves_then_as_many_undos_restore_the_start(directions: list[Direction]) -> None:
    state = PlayState(parse_level(SMALL_LEVEL))
    start = (state.player, state.box_squares())
    made = sum(1 for direction in directions if state.step(direction).moved)
    for _ in range(made):
        assert state.undo() is not None
    assert (state.player, state.box_squares()) == start
    assert state.move_count == state.push_count == 0
    assert not state.can_undo
