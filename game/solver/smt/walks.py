"""Where the player can be k moves after the start or before the end, and the fewest moves a
plan needs: constant masks and bounds for the move-by-move encoding.

Both ignore what the boxes do later, so they only ever rule out what no plan can do.
"""

from __future__ import annotations

from game.solver.analysis.board import bits_of, shift
from game.solver.search.problem import Problem
from game.solver.smt.backend import push_lower_bound


def grow(region: int, problem: Problem, free: int) -> int:
    """``region`` and the squares of ``free`` one step from it."""
    grown = region
    for offset in problem.offsets:
        grown |= shift(region, offset)
    return grown & free


class WalkWindows:
    """The squares within k moves of a set of squares over the floor, grown on demand."""

    def __init__(self, problem: Problem, start: int) -> None:
        self.problem = problem
        self.layers = [start & problem.floor]

    def within(self, moves: int) -> int:
        layers = self.layers
        while len(layers) <= moves:
            layers.append(grow(layers[-1], self.problem, self.problem.floor))
        return layers[moves]


def last_push_squares(problem: Problem) -> int:
    """Where the player can stand after the last push: next to a goal, where its box stood."""
    goals, squares = problem.goals, 0
    for offset in problem.offsets:
        squares |= shift(goals, -offset)
    return squares & problem.floor


def first_push_squares(problem: Problem) -> int:
    """The squares the player could push a box from at the start (box ahead, free beyond)."""
    boxes, squares = problem.start_boxes, 0
    for box in bits_of(boxes):
        for offset in problem.offsets:
            behind, target = box - offset, box + offset
            stand = problem.floor >> behind & 1 and not boxes >> behind & 1
            if stand and problem.live >> target & 1 and not boxes >> target & 1:
                squares |= 1 << behind
    return squares


def move_lower_bound(problem: Problem) -> int:
    """Moves every plan needs at least: the pushes of the cheapest matching and the walk to the
    nearest square a first push can start from."""
    pushes = push_lower_bound(problem)
    if pushes == 0:
        return 0
    targets = first_push_squares(problem)
    free = problem.floor & ~problem.start_boxes
    region, walk = 1 << problem.start_player, 0
    while not region & targets:
        grown = grow(region, problem, free)
        if grown == region:
            return pushes  # no push can start: leave the proof of that to the solver
        region, walk = grown, walk + 1
    return pushes + walk
