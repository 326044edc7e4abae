"""Random levels in the player's progress: each one solved counts in the statistics' row of
random levels as in their total, and playing one leaves Continue with the game before."""

from __future__ import annotations

from game.app import navigation, saving
from game.app.context import PlayContext
from game.core.collection import Collection
from game.core.direction import Direction
from game.core.level_ref import LevelTexts, TextOrigin
from game.core.play import PlayState
from game.core.xsb import parse_level
from game.solver import solve

RANDOM = LevelTexts(TextOrigin.RANDOM)
FIRST = "#####\n#@$.#\n#####"
SECOND = "######\n#@ $.#\n######"


def solve_random(context: PlayContext, text: str) -> None:
    level = parse_level(text)
    context.session.open(Collection(title=TextOrigin.RANDOM.title, levels=[level]), RANDOM)
    navigation.remember_collection(context)
    state = PlayState(level)
    for letter in solve(level, time_limit=10).lurd:
        assert state.step(Direction.from_letter(letter)).moved
    assert state.is_solved
    saving.record_solution(context, 0, state, score=900)


def test_every_random_level_solved_counts_in_its_row() -> None:
    context = PlayContext.in_memory()
    solve_random(context, FIRST)
    solve_random(context, SECOND)
    rows = [info for info in context.progress.collections() if info.title == "Random levels"]
    assert [info.solved for info in rows] == [2]
    assert context.progress.totals().levels_solved == 2
