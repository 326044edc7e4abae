"""Levels made to order: a size, a box count and a star rating, from a seed, in seconds.

Each attempt lays out a room and goals, then lets the pull tree search grow starts toward the
rating; the first start whose rating lands in the stars' band is the level.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, fields

from game.core.level import Level, board_rows
from game.core.push import from_indexed, lurd_of_pushes
from game.core.xsb import parse_level
from game.levelgen.bitboard import Masks, squares_of
from game.levelgen.effort import EFFORT_NODES, push_distances, search_effort
from game.levelgen.generate import (
    AUTHOR,
    POCKET_KEPT,
    SOLUTION_KEY,
    SPEC_KEY,
    GeneratedLevel,
    cluster_goals,
    touched_squares,
)
from game.levelgen.pulltree import Aim, Found, PullTreeSearch
from game.levelgen.rating import EFFORT_WEIGHT, rate, stars_band
from game.levelgen.reorder import fewest_changes
from game.levelgen.reverse import Cancelled
from game.levelgen.rooms import BLOCK, Room, random_room
from game.solver.result import CancelCheck

# Rooms (each with goals and a start for the player) tried before a target is given up.
ATTEMPTS = 300
# Playouts of the tree search in each room by stars, and its best starts rated in full.
PLAYOUTS = {1: 60, 2: 80, 3: 120, 4: 250, 5: 500}
RATED_PER_ROOM = 3
# A room whose best start after a quarter of the playouts earns less reward than this is left.
PROMISE = 0.7
# What the effort term of the rating is guessed to add, in pushes of effort: the aim of the
# search is the stars' band less this.
EFFORT_GUESS = 24
# Goal layouts tried in a room, and the share of its floor from which a box must be able to
# reach a goal (a room whose boxes could only shuffle near their goals makes no level).
GOAL_TRIES = 4
LIVE_SHARE = 0.6
# Share of attempts with the goals in one patch, a store whose filling order matters.
CLUSTERED = 0.85
# Progress is told as a share of the work: attempts, and playouts within one.
Progress = Callable[[float], None]


@dataclass(frozen=True)
class Target:
    """What to make: a level of at most ``width`` x ``height`` squares with ``boxes`` boxes
    whose rating earns ``stars`` stars."""

    width: int
    height: int
    boxes: int
    stars: int

    def spec(self, seed: int) -> str:
        """The ``Spec:`` line of the level this target makes from ``seed``."""
        return " ".join(
            f"{field.name}={getattr(self, field.name)}" for field in fields(self)
        ) + f" seed={seed}"

    @classmethod
    def parse_spec(cls, text: str) -> tuple[Target, int] | None:
        """The target and seed of a :meth:`spec` line; None if ``text`` is not one (it names
        no stars); ValueError if it is a bad one."""
        values = dict(pair.partition("=")[::2] for pair in text.split())
        if "stars" not in values:
            return None
        names = [field.name for field in fields(cls)]
        if sorted(values) != sorted([*names, "seed"]):
            raise ValueError(f"a spec with stars names {', '.join([*names, 'seed'])}")
        try:
            numbers = {key: int(value) for key, value in values.items()}
        except ValueError:
            raise ValueError(f"the spec {text!r} holds a value that is not a number") from None
        seed = numbers.pop("seed")
        return cls(**numbers), seed


def aimed_level(
    target: Target, seed: int, cancel: CancelCheck | None = None, progress: Progress | None = None
) -> GeneratedLevel | None:
    """A level for ``target`` made from ``seed`` (always the same for the same two), or None
    if no attempt lands in the band. Raises Cancelled soon after ``cancel()`` turns true."""
    rng = random.Random(seed)
    low, high = stars_band(target.stars)
    aim = Aim(
        max(1, low - EFFORT_GUESS),
        max(2, high - 1 - EFFORT_GUESS),
        pulls=80,
        on_goals=target.boxes // 4,
    )
    most_effort = round(EFFORT_WEIGHT * math.log2(1 + EFFORT_NODES))
    for attempt in range(ATTEMPTS):
        if progress is not None:
            progress(attempt / ATTEMPTS)
        _check(cancel)
        room = random_room(
            rng, (target.width - 2) // BLOCK, (target.height - 2) // BLOCK, 2 * target.boxes + 8
        )
        if room is None:
            continue
        placed = _goals(room, target.boxes, rng)
        if placed is None:
            continue
        goals, masks = placed
        starts = _pulling_squares(masks)
        if not starts:
            continue
        search = PullTreeSearch(masks, rng.choice(starts), aim, rng, cancel)
        search.run(PLAYOUTS[target.stars], PROMISE)
        for found in search.best(RATED_PER_ROOM):
            if found.plain + most_effort < low or found.plain >= high:
                continue  # no effort can bring it into the band
            made = _level(room, goals, found, target.spec(seed), cancel)
            if made.rating.stars == target.stars:
                return made
    return None


def _goals(
    room: Room, boxes: int, rng: random.Random
) -> tuple[frozenset[int], Masks] | None:
    """Goals for ``boxes`` boxes in ``room`` (scattered, or in one patch) from which boxes can
    be pulled over most of the floor, with the masks of the board; None if a few tries fail."""
    for _ in range(GOAL_TRIES):
        clustered = rng.random() < CLUSTERED
        goals = frozenset(
            cluster_goals(room, rng, boxes) if clustered else rng.sample(sorted(room.floor), boxes)
        )
        masks = Masks.of(room.board(goals))
        if len(goals) == boxes and len(push_distances(masks)) >= LIVE_SHARE * len(room.floor):
            return goals, masks
    return None


def _pulling_squares(masks: Masks) -> list[int]:
    """Free squares beside a goal, with room behind to step back and pull its box off."""
    free = masks.floor & ~masks.goals
    squares = set()
    for goal in squares_of(masks.goals):
        for offset in masks.offsets:
            if free >> goal + offset & 1 and free >> goal + 2 * offset & 1:
                squares.add(goal + offset)
    return sorted(squares)


def _level(
    room: Room, goals: frozenset[int], found: Found, spec: str, cancel: CancelCheck | None
) -> GeneratedLevel:
    """The found start as a tidy level with its best known solution, rated."""
    boxes = frozenset(squares_of(found.boxes))
    walls = Room(room.width, room.height, frozenset(squares_of(found.floor)))
    # Squares are numbered on the room's grid until the level is parsed; LURD does not care.
    rough = Level(walls.board(goals), boxes, found.player)
    pulled = lurd_of_pushes(rough, from_indexed(found.pushes))
    tidy = walls.without_pockets(touched_squares(rough, pulled), POCKET_KEPT)
    rows = board_rows(tidy.board(goals), boxes, found.player)
    level = parse_level(rows)
    effort = search_effort(level, cancel=cancel)
    solutions = [lurd for lurd in (pulled, effort.lurd) if lurd]
    best = min(solutions, key=lambda lurd: (sum(map(str.isupper, lurd)), len(lurd)))
    lurd = fewest_changes(level, best)
    rating = rate(level, lurd, effort.nodes)
    extra = ((SPEC_KEY, spec), (SOLUTION_KEY, lurd))
    return GeneratedLevel(parse_level(rows, author=AUTHOR, extra=extra), lurd, rating, spec)


def _check(cancel: CancelCheck | None) -> None:
    if cancel is not None and cancel():
        raise Cancelled
