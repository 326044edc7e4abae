"""The collection's solutions: every level with its best by moves and by pushes, those with
none, an entry of a changed layout left out, and a level's Solutions opened from its row."""

from __future__ import annotations

from game.app.collection_solutions import CollectionKey, CollectionSolutions
from game.app.screens import SolutionsScreen
from game.app.solutions import keep_solution
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.storage.library import LibraryEntry, Origin, SolutionLibrary
from tests.app.fake_shell import FakeShell

ROOMS = (
    "; one\n#######\n#@    #\n#  $. #\n#######\n\n"
    "; two\n#######\n#@ $ .#\n#######\n\n"
    "; three\n######\n#@$ .#\n######\n"
)


def rooms() -> tuple[FakeShell, CollectionSolutions]:
    shell = FakeShell()
    collection = read_collection_text(ROOMS)
    collection.title = "Rooms"
    shell.context.session.open(collection, LevelFile("rooms.xsb"))
    levels = collection.levels
    # Level one: 5 moves against 3 (both one push); level three: one solution.
    for index, lurd in ((0, "rldrR"), (0, "drR"), (2, "RR")):
        assert keep_solution(shell.context, index, levels[index], lurd, Origin.PLAYER).new
    # Filed under level two's place with another layout: it may not fit, so it is not counted.
    stale = LibraryEntry(shell.context.session.collection_id, "0" * 20, "rR", Origin.SOLVER,
                         place=2)
    assert SolutionLibrary(shell.context.progress).add(stale).error is None
    model = CollectionSolutions(shell)
    model.refresh()
    return shell, model


def test_each_level_shows_its_best_by_moves_and_by_pushes_or_none() -> None:
    _, model = rooms()
    view = model.view()
    rows = [(r.number, r.title, r.count, r.best_moves, r.best_pushes) for r in view.rows]
    assert rows == [
        (1, "one", 2, "3/1 (#2)", "3/1 (#2)"),
        (2, "two", 0, "", ""),
        (3, "three", 1, "2/2 (#1)", "2/2 (#1)"),
    ]
    assert view.totals == "2 of 3 levels have solutions, 1 have none"


def test_n_finds_the_next_level_with_none_and_enter_opens_a_level_s_solutions() -> None:
    shell, model = rooms()
    model.handle(CollectionKey.NEXT_UNSOLVED)
    assert [row.chosen for row in model.view().rows] == [False, True, False]
    model.handle(CollectionKey.DOWN)
    model.handle(CollectionKey.OPEN)
    assert shell.screens == [SolutionsScreen(2)]


def test_esc_leaves() -> None:
    shell, model = rooms()
    model.handle(CollectionKey.BACK)
    assert shell.closed
