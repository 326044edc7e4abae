"""One generated level from a seed and a few parameters: room, goals, reverse search, checks.

The same :class:`LevelSpec` always gives the same level, so a campaign level's comment is
enough to make it again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from game.core.board import Board
from game.core.direction import Direction
from game.core.level import Level, board_rows
from game.core.notation import replay
from game.core.play import PlayState
from game.core.xsb import parse_level
from game.levelgen.reverse import ReverseStart, forward_solution, search_starts
from game.levelgen.rooms import Room, random_room
from game.levelgen.score import SolutionCounts, solution_counts
from game.solver import solve

AUTHOR = "Sokoban Arcade generator"
SOLUTION_KEY = "Solution"
PAR_KEY = "Par"
# The comment of a generated level starts with this, then the spec that makes it again.
COMMENT_PREFIX = "Generator spec, seed and parameters: "
# Unused floor areas up to this size stay: they shape the room without making it look empty.
POCKET_KEPT = 2


@dataclass(frozen=True)
class LevelSpec:
    """Everything a generated level depends on.

    ``state_limit`` caps each pull search; ``goal_tries`` is how many goal placements are
    searched in the room; ``deep`` 1 searches best-scored positions first, for rooms too big
    to search whole, and asks the solver for par within ``solver_nodes`` (a node budget, not
    a time limit, so a spec makes the same level on any machine); the ``min_`` fields reject
    easy levels.
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
    deep: int = 0
    solver_nodes: int = 20_000

    def describe(self) -> str:
        """``key=value`` pairs that :meth:`parse` reads back."""
        return " ".join(f"{field.name}={getattr(self, field.name)}" for field in fields(self))

    @classmethod
    def parse(cls, text: str) -> LevelSpec:
        """A spec from :meth:`describe` text or a level's comment; ValueError if it is bad."""
        known = {field.name for field in fields(cls)}
        values: dict[str, int] = {}
        for pair in text.strip().removeprefix(COMMENT_PREFIX.strip()).split():
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
    """A level with its verified solution (also in ``level.extra``) and how hard it is."""

    level: Level
    solution: str
    counts: SolutionCounts
    spec: LevelSpec


def generate_level(spec: LevelSpec) -> GeneratedLevel | None:
    """The best level found for ``spec``, or None if no room or start passes the checks."""
    if spec.boxes < 1:
        raise ValueError("a level needs at least one box")
    rng = random.Random(spec.seed)
    # Enough floor that boxes can move about, but rooms stay compact.
    room = random_room(rng, spec.blocks_wide, spec.blocks_high, min_floor=2 * spec.boxes + 8)
    if room is None:
        return None
    squares = sorted(room.floor)
    best: tuple[Level, str, SolutionCounts] | None = None
    for _ in range(spec.goal_tries):
        board = room.board(frozenset(rng.sample(squares, spec.boxes)))
        starts = search_starts(
            board, spec.state_limit, spec.max_boxes_on_goals, score_first=bool(spec.deep)
        )
        for start in starts:
            found = _solved_start(board, start, spec.solver_nodes if spec.deep else 0)
            if found is not None and (best is None or found[2].score > best[2].score):
                best = found
    if best is None:
        return None
    plain, lurd, counts = best
    if counts.pushes < spec.min_pushes or counts.box_changes < spec.min_box_changes:
        return None
    tidy = Room.of_board(plain.board).without_pockets(_touched(plain, lurd), POCKET_KEPT)
    rows = board_rows(tidy.board(plain.board.goals), plain.boxes, plain.player)
    extra = ((SOLUTION_KEY, lurd), (PAR_KEY, str(counts.pushes)))
    level = parse_level(rows, author=AUTHOR, comment=COMMENT_PREFIX + spec.describe(), extra=extra)
    check = replay(level, lurd)
    if not check.solved:
        raise ValueError(f"generated solution fails for {spec.describe()}: {check.reason}")
    return GeneratedLevel(level, lurd, counts, spec)


def _solved_start(
    board: Board, start: ReverseStart, solver_nodes: int
) -> tuple[Level, str, SolutionCounts] | None:
    """The start as a level with a push-optimal solution and its counts, or None.

    A breadth-first start's own pulls are optimal; a deep one may have a shortcut, so the
    solver finds the true par (or None within ``solver_nodes``) and the counts are taken
    from its solution.
    """
    plain = parse_level(board_rows(board, start.boxes, start.player))
    if not solver_nodes:
        lurd = "".join(d.letter(pushed) for d, pushed in forward_solution(board, start))
        counts = start.counts
    else:
        optimal = solve(plain, "astar", time_limit=None, node_limit=solver_nodes)
        if not optimal.solved:
            return None
        lurd, counts = optimal.lurd, solution_counts(plain, optimal.lurd)
    if _idle_boxes(plain, lurd):
        return None  # a box left on its goal all along is only clutter
    return plain, lurd, counts


def _idle_boxes(level: Level, lurd: str) -> set[int]:
    """The boxes that ``lurd`` never pushes, by their starting squares."""
    state = PlayState(level)
    origin = {square: square for square in level.boxes}  # where each box stood at the start
    for letter in lurd:
        direction = Direction.from_letter(letter)
        box = state.board.neighbour(state.player, direction)
        result = state.step(direction)
        if result.move is not None and result.move.pushed and box is not None:
            ahead = state.board.neighbour(box, direction)
            if ahead is not None:
                origin[ahead] = origin.pop(box)
    return {start for square, start in origin.items() if square == start}


def _touched(level: Level, lurd: str) -> set[int]:
    """Every square the player or a box stands on while ``lurd`` is played."""
    state = PlayState(level)
    touched = {state.player, *state.boxes}
    for letter in lurd:
        state.step(Direction.from_letter(letter))
        touched.add(state.player)
        touched.update(state.boxes)
    return touched
