"""The packing plan (goal order and prerequisites) and moving one box: forwards and backwards."""

from __future__ import annotations

from game.core.notation import replay
from game.core.push import lurd_of_pushes
from game.core.xsb import parse_level
from game.solver.analysis.board import Analysis, flood, mask_of
from game.solver.analysis.boxpath import nearest_box_path, push_path
from game.solver.search.packing import PackingPlan

# Three goals at the end of a one-wide dead end: the deepest must be filled first.
DEAD_END = "\n".join(
    [
        "########",
        "#...   #",
        "###  $ #",
        "  #$$ @#",
        "  ######",
    ]
)
# Goals standing apart in an open room: any order will do.
OPEN_ROOM = "\n".join(
    [
        "#######",
        "#.   .#",
        "# $ $ #",
        "#  @  #",
        "#######",
    ]
)


def plan_of(text: str) -> tuple[PackingPlan, Analysis]:
    level = parse_level(text)
    analysis = Analysis(level.board, level.player)
    return PackingPlan(analysis, mask_of(level.boxes), level.player), analysis


def test_a_dead_end_of_goals_is_filled_from_the_far_end() -> None:
    plan, analysis = plan_of(DEAD_END)
    width = analysis.width
    first, second, third = (width + 1, width + 2, width + 3)
    assert plan.order == [first, second, third]
    assert plan.need[first] == 0
    assert plan.need[second] == 1 << first
    assert plan.need[third] == 1 << first | 1 << second


def test_a_box_counts_as_packed_only_after_the_goals_it_would_block() -> None:
    plan, analysis = plan_of(DEAD_END)
    width = analysis.width
    first, second, third = (width + 1, width + 2, width + 3)
    assert plan.packed_mask(1 << second) == 0
    assert plan.packed_mask(1 << first | 1 << second) == 1 << first | 1 << second
    assert plan.targets(0) == [first]
    assert plan.targets(1 << first) == [second]
    assert plan.targets(1 << first | 1 << third) == [second]


def test_apart_goals_need_nothing_first() -> None:
    plan, analysis = plan_of(OPEN_ROOM)
    assert sorted(plan.order) == analysis.goal_list
    assert all(mask == 0 for mask in plan.need.values())
    assert plan.targets(0) == plan.order


def test_nearest_box_path_brings_a_box_to_the_target_and_replays() -> None:
    level = parse_level(DEAD_END)
    analysis = Analysis(level.board, level.player)
    boxes = mask_of(level.boxes)
    region = flood(1 << level.player, analysis.floor & ~boxes, analysis.width)
    target = analysis.width + 1
    path = nearest_box_path(analysis, boxes, region, target, boxes)
    assert path is not None
    lurd = lurd_of_pushes(level, path)
    moved = replay(level, lurd)
    assert moved.pushes == len(path)
    # The box that moved ends on the target.
    last = path[-1]
    assert last.box + last.direction.dx + last.direction.dy * analysis.width == target


def test_nearest_box_path_gives_up_when_no_box_can_reach() -> None:
    level = parse_level("#######\n#.#$  #\n# # @ #\n#  $ .#\n#######")
    analysis = Analysis(level.board, level.player)
    boxes = mask_of(level.boxes)
    # Only the box along the top wall may move, and it can never leave that wall.
    target = analysis.width + 1
    upper = level.board.index(3, 1)
    assert nearest_box_path(analysis, boxes, analysis.floor & ~boxes, target, 1 << upper) is None


def test_push_path_is_the_fewest_pushes_for_one_box() -> None:
    level = parse_level("#######\n#     #\n#@$   #\n#    .#\n#######")
    analysis = Analysis(level.board, level.player)
    box = next(iter(level.boxes))
    goal = next(iter(level.board.goals))
    path = push_path(analysis, 0, box, level.player, goal)
    assert path is not None and len(path) == 4
    assert replay(level, lurd_of_pushes(level, path)).solved
