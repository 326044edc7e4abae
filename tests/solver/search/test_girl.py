"""Festival's strategy C (girl mode): the walk down takes the child worth most and every
(boxes + 1)-th pass the next in turn, worth is backed up as the most of a node's children, the
backward search's positions go home, and a level it cannot solve is proved unsolvable."""

from __future__ import annotations

import random

import pytest

from game.core.notation import replay
from game.core.push import lurd_of_pushes
from game.core.xsb import parse_level
from game.solver.analysis.board import bits_of
from game.solver.methods import solve
from game.solver.result import Limits, SolveStatus, StopSearch
from game.solver.search.girl import LOST, GirlPerimeter, ValueTree
from game.solver.search.portfolio import girl, take_turns
from tests.solver.helpers import problem_of_level
from tests.solver.search.test_base_search import CLUSTER, UNSOLVABLE
from tests.solver.search.test_meeting import ROOMS


class _Tree:
    """The little of a search that a ValueTree reads: parents, children, the dead."""

    def __init__(self) -> None:
        self.parent: list[int] = []
        self.children: list[tuple[int, ...]] = []
        self.dead = bytearray()

    def add(self, parent: int, moves: int) -> int:
        self.parent.append(parent)
        self.children.append(tuple(range(moves)))  # child i's packed move is i
        self.dead.append(0)
        return len(self.parent) - 1


def _tree(boxes: int) -> tuple[_Tree, ValueTree]:
    search = _Tree()
    return search, ValueTree(search, boxes)  # type: ignore[arg-type]


def test_a_node_is_worth_its_best_child_backed_up_to_the_root() -> None:
    search, tree = _tree(boxes=9)  # a pass in turn only every 10th
    root = search.add(-1, 3)
    tree.added(root, -1, -1)
    tree.offered(root, [0.1, 0.5, 0.3])
    assert tree.pick() == (root, 0)  # the root has no node under it: its first pass is in turn
    child = search.add(root, 2)
    tree.added(child, root, 1)
    tree.offered(child, [0.9, 0.2])
    assert list(tree.worth[root]) == [0.1, 0.9, 0.3]  # the child's best backed up
    assert tree.pick() == (child, 0)  # down through the best child (to its first, in turn)
    tree.lose(child, 0)
    assert list(tree.worth[root]) == [0.1, 0.2, 0.3]
    tree.lose(child, 1)  # nothing left under it: the root's best is its third child
    assert tree.worth[root][1] == LOST and tree.pick() == (root, 2)


def test_every_turns_th_pass_takes_the_children_in_turn() -> None:
    search, tree = _tree(boxes=1)  # every second pass
    root = search.add(-1, 3)
    tree.added(root, -1, -1)
    tree.offered(root, [0.9, 0.1, 0.2])
    places = []
    for _ in range(4):
        node, place = picked = tree.pick() or (-1, -1)
        places.append(picked)
        made = search.add(node, 0)
        tree.added(made, node, place)
        tree.offered(made, [])  # a dead end: its place leads nowhere now
    assert places == [(root, 0), (root, 2), (root, 1), (-1, -1)]


def test_every_position_of_the_girl_perimeter_goes_home_by_its_pulls() -> None:
    level = parse_level(ROOMS)
    perimeter = GirlPerimeter(problem_of_level(level), Limits(None, 300, 1 << 30, None, None))
    with pytest.raises(StopSearch):
        perimeter.run()
    assert len(perimeter.met) > 300
    assert perimeter.imagined() != perimeter.problem.goals  # aims away from the goals
    for key in random.Random(3).sample(sorted(perimeter.met), 100):
        boxes, stand = key
        position = level.with_position(frozenset(bits_of(boxes)), stand - 1)
        result = replay(position, lurd_of_pushes(position, perimeter.pushes_home(key)))
        assert result.solved, key


@pytest.mark.parametrize("text", [ROOMS, CLUSTER])
def test_the_girl_method_solves_and_its_solution_replays(text: str) -> None:
    level = parse_level(text)
    result = solve(level, "girl", time_limit=60)
    assert result.status is SolveStatus.SOLVED
    assert replay(level, result.lurd).solved


def test_the_girl_search_alone_proves_an_unsolvable_level_unsolvable() -> None:
    problem = problem_of_level(parse_level(UNSOLVABLE))
    outcome = take_turns(problem, Limits(60, None, 1 << 30, None, None), [(girl, 1)])
    assert outcome.pushes is None and not outcome.used_macros
    assert isinstance(problem.perimeter[0], GirlPerimeter)
    assert solve(parse_level(UNSOLVABLE), "fast", time_limit=60).status is SolveStatus.UNSOLVABLE
