"""Feature space search: its features, its advisors and its limits, on small hand-made levels."""

from __future__ import annotations

from game.core.direction import Direction
from game.core.notation import replay
from game.core.xsb import parse_level
from game.solver import SolveStatus, solve
from game.solver.advisors import ADVISED
from game.solver.fess import FeatureSearch
from game.solver.result import Limits
from game.solver.search import Problem
from tests.solver.helpers import problem_of
from tests.solver.test_solver import BIG

# A dead end of three goals reached along a corridor: the packing advisor fills it in order.
DEAD_END = "\n".join(
    [
        "##########",
        "#...     #",
        "###  $ $ #",
        "  #  $  @#",
        "  #      #",
        "  ########",
    ]
)
# Two rooms joined by a door that a box closes: the opening advisor pushes it away.
DOORWAY = "\n".join(
    [
        "#########",
        "#   #   #",
        "# @ $  .#",
        "#   #   #",
        "#########",
    ]
)


def search_of(text: str) -> tuple[FeatureSearch, Problem]:
    problem = problem_of(text)
    return FeatureSearch(problem, Limits(10, None, 1 << 30, None, None)), problem


def test_fess_fills_a_dead_end_following_the_packing_advisor() -> None:
    level = parse_level(DEAD_END)
    result = solve(level, method="fess", time_limit=10)
    assert result.status is SolveStatus.SOLVED
    assert replay(level, result.lurd).solved
    # Advised moves alone lead to the solution: only a handful of positions are made.
    assert result.nodes <= 12


def test_the_packing_advice_is_a_path_to_the_first_goal_to_fill() -> None:
    search, problem = search_of(DEAD_END)
    search.start()
    moves = search.expand(0)
    advised = [move for move in moves if move[0] == ADVISED]
    assert advised
    _, _, pushes, boxes, _ = advised[0]
    deepest = problem.width + 1
    assert boxes >> deepest & 1
    assert len(pushes) > 1  # a macro move: several pushes of one box


def test_the_opening_advice_pushes_the_box_out_of_the_doorway() -> None:
    search, _ = search_of(DOORWAY)
    search.start()
    moves = search.expand(0)
    assert moves[0][0] == ADVISED
    pushes = moves[0][2]
    box, direction, _ = pushes[0]
    assert (box, direction) == (parse_level(DOORWAY).board.index(4, 2), Direction.RIGHT)


def test_positions_fall_into_cells_by_packed_boxes_and_areas() -> None:
    search, problem = search_of(DOORWAY)
    search.start()
    assert list(search.cells) == [(0, 2, 0)]
    solved = problem.goals
    region = problem.region(solved, problem.start_player)
    assert search.cell_of(solved, region) == (-1, 1, 0)


def test_fess_honours_the_node_limit_and_cancel() -> None:
    level = parse_level(BIG)
    assert solve(level, method="fess", node_limit=3).status is SolveStatus.TIMEOUT
    assert solve(level, method="fess", cancel=lambda: True).status is SolveStatus.CANCELLED


def test_fess_and_the_portfolio_stop_at_the_memory_cap() -> None:
    level = parse_level(BIG)
    for method in ("fess", "fast"):
        capped = solve(level, method=method, memory_limit=20_000)
        assert capped.status is SolveStatus.MEMORY, method


# The dead end again, with a box on its outer goal while the inner two are empty.
FILLED_TOO_EARLY = "\n".join(
    [
        "##########",
        "#..*     #",
        "###  $   #",
        "  #  $  @#",
        "  #      #",
        "  ########",
    ]
)


def test_a_box_on_a_goal_before_its_turn_counts_as_out_of_plan() -> None:
    search, problem = search_of(FILLED_TOO_EARLY)
    region = problem.region(problem.start_boxes, problem.start_player)
    packed, _, out_of_plan = search.cell_of(problem.start_boxes, region)
    assert (packed, out_of_plan) == (0, 1)


def test_a_step_back_in_the_features_waits_in_the_best_cell_of_its_path() -> None:
    search, problem = search_of(DEAD_END)
    search.start()
    board = parse_level(DEAD_END).board
    player = problem.start_player
    # One box taken to the deepest goal (packed), then back where it was (a step back).
    packed_one = problem.start_boxes & ~(1 << board.index(5, 2)) | 1 << board.index(1, 1)
    search._add(packed_one, problem.region(packed_one, player), 0, (), 0)
    back = problem.start_boxes
    search._add(back, problem.region(back, player), 1, (), 1)
    assert search.cell[1][0] == -1
    assert search.cell_of(back, problem.region(back, player))[0] == 0
    assert search.cell[2] == search.cell[1]

