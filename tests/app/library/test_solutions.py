"""The library as the game uses it, without a window: solutions checked on their level, the
best by moves and by pushes with their tie-breaks, entries that no longer fit, Solution lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app.context import PlayContext
from game.app.filing import SolutionRefused, checked_solution, keep_solver_solution
from game.app.library.solutions import (
    ShownEntry,
    best_marked,
    check_imports,
    file_solution_texts,
    read_entries,
    section_moves,
    shown_entries,
    solution_texts,
)
from game.core.collection import Collection
from game.core.direction import Direction
from game.core.level_ref import LevelFile
from game.core.metrics import SolutionMetrics
from game.core.play import PlayState
from game.core.xsb import parse_level
from game.storage.library import SolutionLibrary
from game.storage.library_entry import LevelKey, LibraryEntry, Origin

ROOM = parse_level("#######\n#@    #\n#  $. #\n#######\n")


def test_a_solution_is_replayed_with_its_case_made_true_and_measured() -> None:
    lurd, metrics = checked_solution(ROOM, "d r r")  # typed without the push's capital
    assert lurd == "drR"
    assert metrics == SolutionMetrics(3, 1, 1, 0, 1, 2)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("rddR", "move 3, 'd', is blocked"),
        ("dr", "it does not solve the level"),
        ("drQ", "character 3 of the solution, 'Q', is not a move"),
        ("r" * 100_001, "the solution is longer than 100,000 moves, the most accepted"),
        ("", "it has no moves"),
    ],
)
def test_a_solution_that_is_not_one_is_refused_with_one_line(text: str, reason: str) -> None:
    with pytest.raises(SolutionRefused) as refused:
        checked_solution(ROOM, text)
    assert str(refused.value) == reason


def test_solution_sections_take_the_lurd_lines_that_follow_them() -> None:
    text = (
        "Title: x\n#####\n#@$.#\n#####\n"
        "Solution (12/3):\n3r dd\nUU\n\nComment: not moves\nsolution: lR\nAuthor: me\n"
    )
    assert section_moves(text) == ["3rddUU", "lR"]
    assert solution_texts("rrR") == ["rrR"]  # no Solution line: the whole text is one
    assert solution_texts(" \n") == []


def test_a_solutions_file_that_begins_with_a_byte_order_mark_loses_no_solution(
    tmp_path: Path,
) -> None:
    # The mark stuck to the first line, which then was not a Solution line: dropped unsaid.
    path = tmp_path / "solutions.txt"
    path.write_bytes("Solution: rR\nSolution: 2rR\n".encode("utf-8-sig"))
    assert file_solution_texts(str(path)) == ["rR", "2rR"]


def metrics(moves: int, pushes: int, box_lines: int = 1, player_lines: int = 1) -> SolutionMetrics:
    return SolutionMetrics(moves, pushes, box_lines, 0, 1, player_lines)


def shown(number: int, counts: SolutionMetrics | None) -> ShownEntry:
    return ShownEntry(LibraryEntry("c", "f", "r", Origin.PLAYER, number=number), counts)


def test_the_best_by_moves_and_by_pushes_break_ties_on_the_secondary_metrics() -> None:
    entries = [
        shown(1, metrics(10, 4, box_lines=3)),
        shown(2, metrics(12, 2)),
        shown(3, metrics(10, 4, box_lines=2)),  # ties #1 on moves and pushes, fewer box lines
        shown(4, None),  # does not fit: never the best, however short
        shown(5, metrics(12, 2)),  # the same in every metric as #2: the earlier one stays
        shown(6, metrics(14, 2, player_lines=0)),  # more moves: no tie-break saves it
    ]
    marked = best_marked(entries)
    assert [(i.entry.number, i.best_moves, i.best_pushes) for i in marked] == [
        (1, False, False),
        (2, False, True),
        (3, True, False),
        (4, False, False),
        (5, False, False),
        (6, False, False),
    ]


def test_entries_are_measured_once_and_those_of_a_changed_level_checked_each_time() -> None:
    context = PlayContext.in_memory()
    library = SolutionLibrary(context.progress)
    key = LevelKey("c", ROOM.fingerprint(), 4)
    # Kept before the library counted box lines (a migrated best solution).
    library.add(LibraryEntry("c", ROOM.fingerprint(), "drR", Origin.PLAYER, place=4))
    # Filed under the old layout of level 4: one still solves the level, one does not.
    library.add(LibraryEntry("c", "0" * 20, "rdR", Origin.SOLVER, place=4))
    library.add(LibraryEntry("c", "0" * 20, "rrR", Origin.SOLVER, place=4))
    first = shown_entries(library, key, ROOM)
    assert [(i.entry.number, i.fits, i.best_moves) for i in first] == [
        (1, True, True),
        (2, True, False),
        (3, False, False),
    ]
    stored = library.entries(key)
    assert stored[0].metrics == SolutionMetrics(3, 1, 1, 0, 1, 2)  # kept for next time
    assert stored[1].metrics is None  # counted on another layout than it was filed under


def test_a_read_asked_to_stop_stops_within_a_thousand_rows_and_gives_nothing() -> None:
    library = SolutionLibrary(PlayContext.in_memory().progress)
    key = LevelKey("c", ROOM.fingerprint(), 4)
    entries = [
        LibraryEntry("c", ROOM.fingerprint(), "rl" * n + "drR", Origin.PLAYER, place=4)
        for n in range(2500)
    ]
    assert library.add_all(entries)[1] is None
    asked = 0

    def cancelled() -> bool:
        nonlocal asked
        asked += 1
        return asked >= 2  # the screen is left after the first thousand rows

    assert read_entries(library, key, ROOM, cancelled) is None
    assert len(library.entries(key, lambda: True)) == 999  # decoding stopped there
    assert len(library.entries(key)) == 2500


def test_the_solver_s_answer_is_kept_as_a_whole_solution_from_the_start() -> None:
    context = PlayContext.in_memory()
    context.session.open(Collection(title="Rooms", levels=[ROOM]), LevelFile("rooms.xsb"))
    state = PlayState(ROOM)
    state.step(Direction.DOWN)
    added = keep_solver_solution(context, 0, state, [Direction.RIGHT, Direction.RIGHT])
    assert (added.number, added.new, added.error) == (1, True, None)
    key = LevelKey(context.session.collection_id, ROOM.fingerprint(), 1)
    [kept] = SolutionLibrary(context.progress).entries(key)
    assert (kept.lurd, kept.origin) == ("drR", Origin.SOLVER)


def test_an_import_stops_between_two_solutions_and_says_where_it_is() -> None:
    lines: list[str] = []
    asked = iter([False, True])
    checked = check_imports(ROOM, ["drR", "rdR", "rddR"], lambda: next(asked), lines.append)
    assert [item.lurd for item in checked] == ["drR"]
    assert lines == ["Replaying 3 solutions: 0% (Esc stops)"]
