"""One generated level from a seed and a few parameters: room, goals, reverse search, checks.

The same :class:`LevelSpec` always gives the same level, so a level's ``Spec:`` line is enough
to make it again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from game.core.board import Board
from game.core.level import Level, board_rows
from game.core.metrics import tally_of
from game.core.notation import push_count, replay
from game.core.paths import walk_path
from game.core.play import PlayState
from game.core.reverse_play import forward_solution
from game.core.xsb import parse_level
from game.levelgen.effort import search_effort
from game.levelgen.rating import Rating, rate
from game.levelgen.reverse import Cancelled as Cancelled
from game.levelgen.reverse import search_starts
from game.levelgen.rooms import Room, random_room
from game.solver import solve
from game.solver.result import CancelCheck

AUTHOR = "Sokoban Arcade generator"
SOLUTION_KEY = "Solution"
SPEC_KEY = "Spec"
RATING_KEY = "Rating"
# Unused floor areas up to this size stay: they shape the room without making it look empty.
POCKET_KEPT = 2


@dataclass(frozen=True)
class LevelSpec:
    """Everything a generated level depends on.

    ``goal_tries`` goal placements are tried in the room; for each, ``stages`` breadth-first
    pull searches of up to ``state_limit`` positions find the hardest start (see
    :func:`_staged_start`). Goals are scattered, or with ``goal_cluster`` 1 they form one
    patch, a store whose filling order matters. The board depends on nothing else: the
    solver only shortens the solution afterwards, within ``solver_nodes`` nodes of A*. The
    ``min_`` fields reject easy levels.
    """

    seed: int
    boxes: int
    blocks_wide: int
    blocks_high: int
    goal_tries: int = 4
    state_limit: int = 20_000
    min_pushes: int = 1
    min_box_changes: int = 0
    max_boxes_on_goals: int = 0
    stages: int = 1
    goal_cluster: int = 0
    solver_nodes: int = 20_000

    def describe(self) -> str:
        """``key=value`` pairs that :meth:`parse` reads back."""
        return " ".join(f"{field.name}={getattr(self, field.name)}" for field in fields(self))

    @classmethod
    def parse(cls, text: str) -> LevelSpec:
        """A spec from :meth:`describe` text; ValueError if it is bad."""
        known = {field.name for field in fields(cls)}
        values: dict[str, int] = {}
        for pair in text.split():
            key, sep, value = pair.partition("=")
            if not sep or key not in known:
                raise ValueError(f"{pair!r} is not one of {', '.join(sorted(known))} as key=value")
            try:
                values[key] = int(value)
            except ValueError:
                raise ValueError(f"{key} must be a whole number, not {value!r}") from None
        missing = {"seed", "boxes", "blocks_wide", "blocks_high"} - values.keys()
        if missing:
            raise ValueError(f"the spec needs {', '.join(sorted(missing))}")
        return cls(**values)


@dataclass(frozen=True)
class GeneratedLevel:
    """A level with its verified solution and the ``Spec:`` line that makes it again (both also
    in ``level.extra``), and its rating."""

    level: Level
    solution: str
    rating: Rating
    spec: str


def generate_level(spec: LevelSpec, cancel: CancelCheck | None = None) -> GeneratedLevel | None:
    """The best level found for ``spec``, or None if no room or start passes the checks.

    ``cancel`` is asked all along; Cancelled is raised soon after it says stop.
    """
    if spec.boxes < 1:
        raise ValueError("a level needs at least one box")
    rng = random.Random(spec.seed)
    # Enough floor that boxes can move about, but rooms stay compact.
    room = random_room(rng, spec.blocks_wide, spec.blocks_high, min_floor=2 * spec.boxes + 8)
    if room is None:
        return None
    squares = sorted(room.floor)
    best: tuple[int, Level, str] | None = None
    for _ in range(spec.goal_tries):
        goals = (
            cluster_goals(room, rng, spec.boxes)
            if spec.goal_cluster
            else rng.sample(squares, spec.boxes)
        )
        board = room.board(frozenset(goals))
        found = _staged_start(board, spec, cancel)
        if found is not None and (best is None or found[0] > best[0]):
            best = found
    if best is None:
        return None
    _, plain, lurd = best
    counts = tally_of(plain, lurd)
    if counts.pushes < spec.min_pushes or counts.box_changes < spec.min_box_changes:
        return None
    tidy = Room.of_board(plain.board).without_pockets(touched_squares(plain, lurd), POCKET_KEPT)
    rows = board_rows(tidy.board(plain.board.goals), plain.boxes, plain.player)
    level = parse_level(rows)
    effort = search_effort(level, cancel=cancel)
    lurd = _best_solution(level, (lurd, effort.lurd), spec.solver_nodes, cancel)
    _check(cancel)
    rating = rate(level, lurd, effort.nodes)
    extra = ((SPEC_KEY, spec.describe()), (SOLUTION_KEY, lurd))
    level = parse_level(rows, author=AUTHOR, extra=extra)
    check = replay(level, lurd)
    if not check.solved:
        raise ValueError(f"generated solution fails for {spec.describe()}: {check.reason}")
    return GeneratedLevel(level, lurd, rating, spec.describe())


def cluster_goals(room: Room, rng: random.Random, size: int) -> list[int]:
    """``size`` floor squares that touch side by side, grown from a random square."""
    patch = [rng.choice(sorted(room.floor))]
    while len(patch) < size:
        edge = sorted(
            {n for s in patch for n in room.neighbours(s) if n in room.floor} - set(patch)
        )
        if not edge:
            break
        patch.append(rng.choice(edge))
    return patch


def _check(cancel: CancelCheck | None) -> None:
    if cancel is not None and cancel():
        raise Cancelled


def _staged_start(
    board: Board, spec: LevelSpec, cancel: CancelCheck | None
) -> tuple[int, Level, str] | None:
    """The hardest start of ``spec.stages`` breadth-first pull searches, each from where the
    last one ended, with a solution (the pulls played forwards) and its score.

    One stage finds a push-optimal start; later stages take rooms with many boxes further than
    one search of ``state_limit`` positions could, and their solution is then only an upper
    bound that the solver may shorten.
    """
    starts = search_starts(board, spec.state_limit, spec.max_boxes_on_goals, cancel=cancel)
    if not starts:
        return None
    start = starts[0]
    score = start.score
    lurd = forward_solution(Level(board, start.boxes, start.player), start.pulls)
    for _ in range(spec.stages - 1):
        position = (start.boxes, start.player)
        further = search_starts(
            board, spec.state_limit, spec.max_boxes_on_goals, start=position, cancel=cancel
        )
        if not further:
            break
        later = further[0]
        later_level = Level(board, later.boxes, later.player)  # squares as in the search
        steps = forward_solution(later_level, later.pulls)
        state = PlayState(later_level)
        for _ in state.play_letters(steps):
            pass
        walk = walk_path(board, start.boxes, state.player, start.player)
        if walk is None:
            raise ValueError("a stage cannot be joined to the last: the search and rules disagree")
        lurd = steps + "".join(direction.letter(False) for direction in walk) + lurd
        score += later.score
        start = later
    return score, parse_level(board_rows(board, start.boxes, start.player)), lurd


def _best_solution(
    level: Level, known: tuple[str, ...], solver_nodes: int, cancel: CancelCheck | None
) -> str:
    """The fewest pushes, then moves, of the ``known`` solutions and A*'s push-optimal one if
    it finds one within ``solver_nodes`` nodes."""
    optimal = solve(level, "astar", time_limit=None, node_limit=solver_nodes, cancel=cancel)
    found = [lurd for lurd in (*known, optimal.lurd) if lurd]
    return min(found, key=_pushes_moves)


def _pushes_moves(lurd: str) -> tuple[int, int]:
    return push_count(lurd), len(lurd)


def touched_squares(level: Level, lurd: str) -> set[int]:
    """Every square the player or a box stands on while ``lurd`` is played."""
    state = PlayState(level)
    touched = {state.player, *state.boxes}
    for _ in state.play_letters(lurd):
        touched.add(state.player)
        touched.update(state.boxes)
    return touched
