"""Corral deadlocks: boxes that shut the player out of an area they can never leave."""

from __future__ import annotations

from game.core.xsb import parse_level
from game.solver import SolveStatus, solve
from game.solver.deadlock.corral_deadlock import CorralDeadlocks
from game.solver.search.problem import Problem
from tests.solver.helpers import corrals_of, problem_of

# Two boxes stand in the two doors of a room below the corridor. Each door alone could be
# opened from inside, so no square is dead, nothing is frozen and the matching holds, but
# the player can only push them down into the room, where they stick in its corners.
SHUT_OUT = "\n".join(
    [
        "##########",
        "#@   ..  #",
        "#        #",
        "####$##$##",
        "   #    #",
        "   #    #",
        "   ######",
    ]
)

# The same room with its goals inside: pushing the boxes in is the solution.
GOALS_INSIDE = "\n".join(
    [
        "##########",
        "#@       #",
        "#        #",
        "####$##$##",
        "   #    #",
        "   #.  .#",
        "   ######",
    ]
)


def problem_and_region(text: str) -> tuple[Problem, int]:
    """The level's search problem and the player's area at the start."""
    problem = problem_of(text)
    return problem, problem.region(problem.start_boxes, problem.start_player)


def test_a_corral_the_player_can_never_open_is_dead() -> None:
    problem, region = problem_and_region(SHUT_OUT)
    boxes = problem.start_boxes
    # The simpler rules see nothing wrong ...
    assert boxes & problem.live == boxes
    assert problem.matching.matched(boxes)
    assert all(not problem.freeze.frozen_group(box, boxes) for box in parse_level(SHUT_OUT).boxes)
    # ... the corral search does.
    corrals = CorralDeadlocks(problem)
    assert corrals.is_deadlock(boxes, region, corrals_of(problem, boxes, region))
    assert corrals.proofs == 1
    for method in ("fast", "fess", "greedy", "bfs", "astar"):
        assert solve(parse_level(SHUT_OUT), method=method).status is SolveStatus.UNSOLVABLE


def test_a_corral_holding_its_goals_is_not_dead() -> None:
    problem, region = problem_and_region(GOALS_INSIDE)
    boxes = problem.start_boxes
    corrals = corrals_of(problem, boxes, region)
    assert not CorralDeadlocks(problem).is_deadlock(boxes, region, corrals)
    result = solve(parse_level(GOALS_INSIDE), method="fess")
    assert result.status is SolveStatus.SOLVED
