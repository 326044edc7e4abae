"""Two solutions compared: each box's steps, and the pushes aligned into runs that cover both
sequences whole, in order."""

from __future__ import annotations

from game.core.solution_diff import Agreement, BoxStep, align_pushes, compare_solutions
from game.core.xsb import parse_level

# Two boxes, each pushed right onto its goal; either may go first.
ROOMS = parse_level("########\n#@ $ . #\n#  $ . #\n########\n")


def test_the_same_solution_agrees_everywhere() -> None:
    diff = compare_solutions(ROOMS, "rRRlldRR", "rRRlldRR")
    assert diff is not None
    assert [(run.agreement, run.first_count, run.second_count) for run in diff.runs] == [
        (Agreement.SAME, 4, 4)
    ]
    assert diff.same_pushes == 4 and diff.columns == 4


def test_boxes_taken_in_another_order_part_and_meet_again() -> None:
    # The top box first, then the bottom one; against the bottom one first.
    first, second = "rRRlldRR", "drRRlluRR"
    diff = compare_solutions(ROOMS, first, second)
    assert diff is not None
    assert diff.first_steps[0] == BoxStep((3, 1), (4, 1))
    assert diff.second_steps[0] == BoxStep((3, 2), (4, 2))
    covered_first = sum(run.first_count for run in diff.runs)
    covered_second = sum(run.second_count for run in diff.runs)
    assert (covered_first, covered_second) == (4, 4)
    assert any(run.agreement is not Agreement.SAME for run in diff.runs)
    # Each run starts where the one before it ended, on both sides.
    ends = (0, 0)
    for run in diff.runs:
        assert (run.first_start, run.second_start) == ends
        ends = (run.first_start + run.first_count, run.second_start + run.second_count)


def test_a_push_one_solution_has_more_stands_alone() -> None:
    runs = align_pushes([(1, 2), (2, 2), (3, 2)], [(1, 2), (3, 2)])
    assert [(run.agreement, run.width) for run in runs] == [
        (Agreement.SAME, 1),
        (Agreement.FIRST_ONLY, 1),
        (Agreement.SAME, 1),
    ]


def test_only_solutions_are_compared() -> None:
    assert compare_solutions(ROOMS, "rR", "rRRlldRR") is None
