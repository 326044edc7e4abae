"""Feature space search: its features, its advisors over scored children and its limits, on small
hand-made levels."""

from __future__ import annotations

import contextlib
import random

from game.core.collection import read_collection
from game.core.notation import replay
from game.core.resources import campaign_path
from game.core.xsb import MAX_SIDE, parse_level
from game.solver import SolveStatus, solve
from game.solver.analysis.board import bits_of
from game.solver.result import Limits, StopSearch
from game.solver.search.cells import (
    ADVISED,
    NO_MOVE,
    SQUARE_BITS,
    CellSearch,
    Child,
    Key,
    Rank,
    pack_squares,
    unpack_squares,
)
from game.solver.search.fess import FeatureSearch
from game.solver.search.problem import Problem
from tests.solver.helpers import problem_of, problem_of_level

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
# Two rooms joined by a door that a box closes: the connectivity advisor pushes it away.
DOORWAY = "\n".join(
    [
        "#########",
        "#   #   #",
        "#.@ $  .#",
        "#  $#   #",
        "#   #   #",
        "#########",
    ]
)
# Two boxes, one nearer the goal on the right: the opener moves that one away from it.
CORNER = "\n".join(
    [
        "########",
        "#.    .#",
        "#  $   #",
        "#  $  @#",
        "########",
    ]
)

# Twelve boxes in an open room, twelve goals in a corner: a hundred or more positions to solve.
ROOMY = "\n".join(
    [
        "################",
        "#....  #       #",
        "#....  # $ $ $ #",
        "#....#   $ $ $ #",
        "#    #   $ $ $ #",
        "###  #   $ $ $ #",
        "#              #",
        "#  @ #         #",
        "################",
    ]
)


def search_of(text: str, box_moves: bool = False) -> tuple[FeatureSearch, Problem]:
    problem = problem_of(text)
    limits = Limits(10, None, 1 << 30, None, None)
    return FeatureSearch(problem, limits, box_moves=box_moves), problem


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
    advised = [child for child in search.children_of(0) if child.weight == ADVISED]
    deepest = problem.width + 1
    packing = [child for child in advised if child.boxes >> deepest & 1]
    assert packing
    source, target, _, _ = unpack_squares(packing[0].move)
    # A macro move: several pushes of one box, which ends neither on its square nor beside it.
    assert abs(target - source) not in (0, 1, problem.width)
    assert search.children_of(0)[0] == packing[0]  # the best child comes first


def test_over_box_moves_the_packing_advice_is_the_child_that_packs() -> None:
    search, problem = search_of(DEAD_END, box_moves=True)
    search.start()
    first = search.children_of(0)[0]
    assert first.weight == ADVISED
    assert first.boxes >> problem.width + 1 & 1
    assert -first.rank[0] == 1  # one box packed


def test_the_connectivity_advice_takes_the_box_out_of_the_doorway() -> None:
    search, problem = search_of(DOORWAY, box_moves=True)
    search.start()
    door = parse_level(DOORWAY).board.index(4, 2)
    joining = [
        child
        for child in search.children_of(0)
        if child.weight == ADVISED and child.rank[:2] == (0, 1)  # nothing packed, one area
    ]
    assert len(joining) == 1
    assert not joining[0].boxes >> door & 1 and problem.start_boxes >> door & 1


def test_the_opener_takes_the_box_nearest_the_next_goal_away_from_it() -> None:
    search, problem = search_of(CORNER, box_moves=True)
    search.start()
    advisors = search.ready()
    boxes = problem.start_boxes
    board = parse_level(CORNER).board
    assert advisors.plan.next_squares(boxes)[0] == board.index(6, 1)
    region = problem.region(boxes, problem.start_player)
    root_rank = search.rank_of(boxes, region, 0)
    children = search.expand(0, boxes, region, root_rank)
    chosen = advisors.opener_child(children, root_rank, boxes)
    assert chosen is not None
    source = (boxes & ~children[chosen].boxes).bit_length() - 1
    target = (children[chosen].boxes & ~boxes).bit_length() - 1
    assert source == board.index(3, 2)  # four steps from the goal; the other box is five
    walk = advisors.walks_from(board.index(6, 1))
    assert walk[target] > walk[source]


def test_positions_fall_into_cells_by_packed_boxes_and_areas() -> None:
    search, problem = search_of(DOORWAY)
    search.start()
    assert search.cell[0] == (0, 2, 0)
    solved = problem.goals
    region = problem.region(solved, problem.start_player)
    assert search.rank_of(solved, region, 0)[:3] == (-2, 1, 0)


def test_boxes_cut_the_floor_into_as_many_areas_wherever_the_player_stands() -> None:
    search, problem = search_of(DOORWAY)
    boxes = problem.start_boxes
    left = problem.region(boxes, problem.start_player)
    right = problem.region(boxes, problem.width * 2 + 6)
    assert left != right
    assert search.rank_of(boxes, left, 0)[1] == 2
    assert len(search.features) == 1 and search.features[boxes][1] == 2  # once for both
    assert search.rank_of(boxes, right, 0)[1] == 2


def test_under_the_goal_order_plan_the_opening_advice_gains_the_most_squares() -> None:
    search, problem = search_of(DOORWAY, box_moves=True)
    search.start()
    assert not search.ready().opener
    region = problem.region(problem.start_boxes, problem.start_player)
    children = search.children_of(0)
    most = max((child.region & ~region).bit_count() for child in children)
    assert most > 0
    advised = [child for child in children if child.weight == ADVISED]
    assert any((child.region & ~region).bit_count() == most for child in advised)


def test_fess_honours_the_node_limit_and_cancel() -> None:
    # Large enough that the search runs past the first look at the cancel flag.
    level = parse_level(ROOMY)
    assert solve(level, method="fess", node_limit=3).status is SolveStatus.TIMEOUT
    assert solve(level, method="fess", cancel=lambda: True).status is SolveStatus.CANCELLED


def test_fess_and_the_portfolio_stop_at_the_memory_cap() -> None:
    level = parse_level(ROOMY)
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
    packed, _, out_of_plan, _, _ = search.rank_of(problem.start_boxes, region, 0)
    assert (packed, out_of_plan) == (0, 1)


def test_a_step_back_in_the_features_waits_in_the_best_cell_of_its_path() -> None:
    search, _ = search_of(DEAD_END)
    search.start()
    packed_one = search.add(0, NO_MOVE, 0, (-1, 2, 0))
    # One fewer box packed and no fewer areas: it stays in its parent's cell.
    assert search.cell_of((0, 2, 0, 5), packed_one) == (-1, 2, 0)
    # One fewer box packed but fewer areas: a cell of its own.
    assert search.cell_of((0, 1, 0, 5), packed_one) == (0, 1, 0)


class Numbered(CellSearch[int]):
    """A bare cell search whose children's moves are numbers that are their keys."""

    def pack_move(self, node: int, child: Child[int]) -> int:
        return child.move

    def child_key(self, node: int, move: int) -> Key:
        return (move,)

    def region_of(self, key: Key) -> int:
        return 0


def test_a_cell_found_is_visited_next_when_new_cells_come_first() -> None:
    def visits(first: bool) -> list[tuple[int, ...]]:
        search = Numbered(Limits(None, None, 1 << 30, None, None), 1)
        search.new_cells_first = first
        cells = [(0, 3, 0), (0, 2, 0), (-1, 2, 0)]
        for number, cell in enumerate(cells):
            node = search.add(-1, NO_MOVE, 0, cell)
            search.offer(node, [Child(ADVISED, (number,), (number,), 0, 0, number)])
        order: list[tuple[int, ...]] = []
        while (picked := search.next_child()) is not None:
            node, child = picked
            search.seen.add(child.key)
            order.append(search.cell[node])
        return order

    # Visits alternate: the best cell, then the cycle's next. In turn, the cycle's next is the
    # first cell found, (0, 3, 0); new cells first, it is the last found, (-1, 2, 0), empty by
    # then, so the best cell left, (0, 2, 0), comes before (0, 3, 0).
    assert visits(first=False) == [(-1, 2, 0), (0, 3, 0), (0, 2, 0)]
    assert visits(first=True) == [(-1, 2, 0), (0, 2, 0), (0, 3, 0)]


def test_the_digging_visits_take_the_front_of_packing_and_boxes_out_of_plan_in_turn() -> None:
    def digs(feature: int | None) -> list[tuple[int, ...]]:
        search = Numbered(Limits(None, None, 1 << 30, None, None), 2)
        search.front_feature = feature
        cells = [(-2, 1, 3), (-1, 2, 3), (-1, 1, 1), (0, 1, 0)]
        for number, cell in enumerate(cells):
            node = search.add(-1, NO_MOVE, 0, cell)
            moves = enumerate(range(number * 8, number * 8 + 8))
            children = [Child(ADVISED, (number, n), (move,), 0, 0, move) for n, move in moves]
            search.offer(node, children)
        order: list[tuple[int, ...]] = []
        for _ in range(8):
            picked = search.next_child()
            assert picked is not None
            node, child = picked
            search.seen.add(child.key)
            order.append(search.cell[node])
        return order[::2]  # visits alternate, a dig first

    # (-1, 2, 3) is behind (-2, 1, 3) in both: not on the front.
    assert digs(2) == [(-1, 1, 1), (0, 1, 0), (-2, 1, 3), (-1, 1, 1)]
    assert digs(None) == [(-2, 1, 3)] * 4
    assert search_of(DEAD_END)[0].front_feature == 2  # the forward search asks for it


def test_of_children_equal_in_every_feature_the_farthest_search_takes_the_farthest_first() -> None:
    def ties(farthest: bool) -> list[list[int]]:
        problem = problem_of(ROOMY)
        limits = Limits(10, None, 1 << 30, None, None)
        search = FeatureSearch(problem, limits, box_moves=True, farthest=farthest)
        search.start()
        nearest = problem.analysis.nearest
        groups: dict[tuple[int, ...], list[int]] = {}
        for child in search.children_of(0):
            distance = sum(nearest[square] for square in bits_of(child.boxes))
            groups.setdefault((child.weight, *child.rank[:4]), []).append(distance)
        return [distances for distances in groups.values() if len(set(distances)) > 1]

    near, far = ties(farthest=False), ties(farthest=True)
    assert near and all(distances == sorted(distances) for distances in near)
    assert far and all(distances == sorted(distances, reverse=True) for distances in far)


def test_packed_children_come_back_in_order_with_their_ranks_and_weights() -> None:
    search = Numbered(Limits(None, None, 1 << 30, None, None), 3)
    node = search.add(-1, NO_MOVE, 5, (0,))
    ranks = [(-3, 5, -70_000), (-3, 5, 12), (-1, -2, 0), (0, 0, 0)]
    weights = [0, 1, 1, 1]
    children = [
        Child(weight, rank, (move,), 0, 0, move)
        for move, (weight, rank) in enumerate(zip(weights, ranks, strict=True))
    ]
    search.offer(node, children)
    taken: list[tuple[int, tuple[int, ...], int]] = []
    while (picked := search.next_child()) is not None:
        _, child = picked
        search.seen.add(child.key)
        taken.append((child.weight, child.rank, child.move))
    pairs = enumerate(zip(weights, ranks, strict=True))
    assert taken == [(5 + weight, rank, move) for move, (weight, rank) in pairs]


def test_children_offered_in_any_order_come_back_best_first_equal_ones_as_made() -> None:
    search = Numbered(Limits(None, None, 1 << 30, None, None), 1)
    node = search.add(-1, NO_MOVE, 0, (0,))
    made = [(1, (4,)), (1, (2,)), (0, (9,)), (1, (2,)), (1, (-3,)), (0, (9,))]
    children = [Child(w, rank, (move,), 0, 0, move) for move, (w, rank) in enumerate(made)]
    search.offer(node, children)
    taken: list[int] = []
    while (picked := search.next_child()) is not None:
        search.seen.add(picked[1].key)
        taken.append(picked[1].move)
    assert taken == [2, 5, 4, 1, 3, 0]


def test_a_packed_move_keeps_its_squares_and_flag() -> None:
    for move in ((0, 0, 0, False), (9_999, 17, 65_535, True), (40, 40, 3, False)):
        assert unpack_squares(pack_squares(*move)) == move
    assert MAX_SIDE * MAX_SIDE <= 1 << SQUARE_BITS  # every square of a level fits


def test_frozen_boxes_found_from_kept_groups_are_those_found_box_by_box() -> None:
    # Boxes on goals in corners and along walls freeze in groups; the groups' verdicts are
    # kept between positions, so each position's count is checked against a count made box by
    # box, positions sharing most of their groups coming one after another.
    problem = problem_of(ROOMY)
    freeze, goals = problem.freeze, problem.goals
    squares = list(bits_of(problem.floor))
    chooser = random.Random(52)
    boxes = problem.start_boxes
    counted = []
    for _ in range(300):
        gone = chooser.choice(list(bits_of(boxes)))
        boxes = boxes & ~(1 << gone) | 1 << chooser.choice(
            [square for square in squares if not boxes >> square & 1]
        )
        placed = chooser.getrandbits(problem.floor.bit_length()) & boxes & goals
        frozen = 0
        for box in bits_of(freeze.candidates(boxes) & goals & ~placed):
            if not frozen >> box & 1:
                frozen |= freeze.frozen_group(box, boxes)
        counted.append((freeze.frozen_on_goals(boxes, placed) & ~placed).bit_count())
        assert counted[-1] == (frozen & ~placed).bit_count()
    assert len(set(counted)) > 2  # positions with none, one and more boxes frozen ahead
    assert freeze._frozen_in  # the groups were kept


def test_every_child_s_packed_move_makes_its_position_again() -> None:
    """The forward search packs a child's move where it makes the child: on the campaign's
    larger levels, over box moves and over pushes, the packed move of every child gives back
    its key, the player's area and the box that moved (one that came back among them)."""
    levels = [level for level in read_collection(campaign_path()).levels if len(level.boxes) >= 5]
    checked = came_back = 0
    for level in levels[::2]:
        for over_box_moves in (True, False):
            search = _RecheckedSearch(
                problem_of_level(level),
                Limits(None, 300, 1 << 30, None, None),
                box_moves=over_box_moves,
            )
            with contextlib.suppress(StopSearch):
                search.run()
            checked, came_back = checked + search.checked, came_back + search.came_back
    assert checked > 5000
    assert came_back > 0


class _RecheckedSearch(FeatureSearch):
    """A forward search that makes every child's position again from its packed move."""

    checked = 0
    came_back = 0

    def expand(self, node: int, boxes: int, region: int, rank: Rank) -> list[Child[int]]:
        children = super().expand(node, boxes, region, rank)
        for child in children:
            key = self.child_key(node, child.move)
            assert key == child.key
            assert self.region_of(key) == child.region
            source, target, _, _ = unpack_squares(child.move)
            assert boxes >> source & 1 and child.boxes >> target & 1  # the box moved
            self.came_back += child.boxes == boxes
        self.checked += len(children)
        return children
