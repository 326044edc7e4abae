"""The comparison's model: the first stretch where the two solutions part is chosen first, the
keys step through the stretches, and each is said in one line."""

from __future__ import annotations

from game.app.library.compare_screen import CompareKey, CompareModel
from game.app.screens import CompareScreen
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.core.solution_diff import Agreement
from tests.app.fake_shell import FakeShell

# Two boxes, each pushed right onto its goal; the top one first, or the bottom one first.
ROOMS = "; rooms\n########\n#@ $ . #\n#  $ . #\n########\n"


def compared(first: str, second: str) -> tuple[FakeShell, CompareModel]:
    shell = FakeShell()
    shell.context.session.open(read_collection_text(ROOMS), LevelFile("rooms.xsb"))
    return shell, CompareModel(shell, CompareScreen(0, first, "#1", second, "#2"))


def test_the_first_stretch_where_they_part_is_chosen_and_the_keys_step_through() -> None:
    shell, model = compared("rRRlldRR", "drRRlluRR")
    view = model.view()
    runs = view.diff.runs
    assert runs[view.chosen].agreement is not Agreement.SAME
    assert view.first_line == "#1: 8 moves, 4 pushes, 2 box lines, 1 box change"
    assert view.stretch.startswith(f"Stretch {view.chosen + 1} of {len(runs)}: ")
    model.handle(CompareKey.LAST)
    assert model.view().chosen == len(runs) - 1
    model.handle(CompareKey.NEXT)  # no further
    assert model.view().chosen == len(runs) - 1
    model.handle(CompareKey.FIRST)
    model.handle(CompareKey.PREVIOUS)
    assert model.view().chosen == 0
    model.handle(CompareKey.BACK)
    assert shell.closed


def test_each_stretch_is_said_with_the_pushes_it_covers() -> None:
    _, model = compared("rRRlldRR", "drRRlluRR")
    model.handle(CompareKey.FIRST)
    lines = []
    for _ in model.view().diff.runs:
        lines.append(model.view().stretch)
        model.handle(CompareKey.NEXT)
    # The bottom box first against the top one first: they agree on the top box's two pushes.
    assert lines == [
        "Stretch 1 of 3: 2 pushes of #2 only (pushes 1-2)",
        "Stretch 2 of 3: 2 pushes the same (pushes 1-2)",
        "Stretch 3 of 3: 2 pushes of #1 only (pushes 3-4)",
    ]
