"""The greedy estimate after one push, worked out from the matching before it, equals the
estimate worked out afresh: on random box sets and random moves of one box."""

from __future__ import annotations

import random

from game.solver.analysis import bits_of
from game.solver.matching import Pair
from tests.solver.helpers import problem_of

# Open floor with goals spread out, so that boxes compete for goals and ties are common.
ROOM = """\
##########
#.   .  .#
#  ## $  #
#. $  # $#
# $ @ $ .#
#  # $#$ #
#.      .#
##########"""


def test_estimate_after_a_push_equals_a_fresh_one() -> None:
    problem = problem_of(ROOM)
    squares = list(bits_of(problem.live))
    goal_count = problem.goals.bit_count()
    chosen = random.Random(16)
    for _ in range(400):
        boxes = 0
        for square in chosen.sample(squares, chosen.randint(1, goal_count)):
            boxes |= 1 << square
        pairs: list[Pair] = []
        problem.greedy_estimate(boxes, pairs)
        source = chosen.choice(list(bits_of(boxes)))
        target = chosen.choice([square for square in squares if not boxes >> square & 1])
        after = boxes & ~(1 << source) | 1 << target
        assert problem.greedy_after_push(after, pairs, source, target) == (
            problem.greedy_estimate(after)
        )
