"""The optimizer's cheap passes: pushes walked by the shortest ways, illegal orders refused, and
one box's pushing runs brought together."""

from __future__ import annotations

from game.core.metrics import measure, solves
from game.core.xsb import parse_level
from game.solver.analysis.board import no_stop
from game.solver.optimize.passes import box_runs, regroup_pass, render

TWO_ROWS = parse_level("########\n#      #\n#@$  . #\n# $  . #\n#      #\n########")
RIGHT = 2  # the index of RIGHT in DIRECTIONS


def offsets() -> list[int]:
    return [-1, -TWO_ROWS.width, 1, TWO_ROWS.width]


def test_render_walks_the_shortest_ways_and_refuses_what_cannot_be_pushed() -> None:
    upper, lower = sorted(TWO_ROWS.boxes)
    assert render(TWO_ROWS, [(upper, RIGHT)], no_stop) == "R"
    assert render(TWO_ROWS, [(lower, 0)], no_stop) == "urrddL"
    assert render(TWO_ROWS, [(upper, 3)], no_stop) is None  # down onto the other box
    assert render(TWO_ROWS, [(upper + 1, RIGHT)], no_stop) is None  # no box there


def test_regrouping_brings_one_box_pushes_together() -> None:
    upper, lower = sorted(TWO_ROWS.boxes)
    pushes = [
        (upper, RIGHT), (lower, RIGHT), (lower + 1, RIGHT),
        (upper + 1, RIGHT), (upper + 2, RIGHT), (lower + 2, RIGHT),
    ]
    assert len(box_runs(TWO_ROWS, pushes, offsets())) == 4
    lurd = render(TWO_ROWS, pushes, no_stop)
    assert lurd is not None and solves(TWO_ROWS, lurd)
    before = measure(TWO_ROWS, lurd)

    def fewer_changes(candidate: str) -> bool:
        return measure(TWO_ROWS, candidate).box_changes < before.box_changes

    regrouped = regroup_pass(TWO_ROWS, pushes, offsets(), fewer_changes, no_stop)
    assert regrouped is not None and sorted(regrouped) == sorted(pushes)
    assert len(box_runs(TWO_ROWS, regrouped, offsets())) < 4
    again = render(TWO_ROWS, regrouped, no_stop)
    assert again is not None and solves(TWO_ROWS, again)
