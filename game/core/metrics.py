"""The metrics of a solution as Sokoban YASC and JSoko count them, and the orders that rank them.

One place counts moves, pushes, box lines, box changes, pushing sessions and player lines; the
solution library, the optimizer and the level generator all take their counts from here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from operator import attrgetter

from game.core.direction import Direction
from game.core.level import Level
from game.core.notation import parse_lurd, replay
from game.core.paths import DIRECTIONS
from game.core.play import PlayState
from game.core.push import IndexedPush, Push


class BlockedSolution(ValueError):
    """A LURD string that walks into a wall or an immovable box; ``move`` counts from 1."""

    def __init__(self, move: int, letter: str) -> None:
        super().__init__(f"move {move}, {letter!r}, is blocked")
        self.move = move
        self.letter = letter


@dataclass(frozen=True)
class PushTally:
    """What a sequence of pushes asks of the player.

    ``box_changes`` counts pushes of another box than the one pushed just before (the first
    push is no change); ``box_lines`` counts runs of pushes of one box in one direction;
    ``sessions`` counts runs of pushes with no walk between them; ``goal_exits`` counts pushes
    that move a box off a goal.
    """

    pushes: int
    box_changes: int
    box_lines: int
    sessions: int
    goal_exits: int


def tally_pushes(
    pushes: Sequence[IndexedPush], offsets: Sequence[int], goals: frozenset[int]
) -> PushTally:
    """The tally of ``pushes`` on a board whose steps move a square index by ``offsets`` (in
    the order of DIRECTIONS) with ``goals``. A session ends where the player must walk to the
    next push: after a push he stands on the square the box left."""
    changes = lines = exits = sessions = 0
    last_box = last_way = player = -1
    for square, way in pushes:
        if last_box < 0:
            lines, sessions = 1, 1
        else:
            changes += square != last_box
            lines += square != last_box or way != last_way
            sessions += square - offsets[way] != player
        exits += square in goals
        last_box, last_way, player = square + offsets[way], way, square
    return PushTally(len(pushes), changes, lines, sessions, exits)


@dataclass(frozen=True)
class SolutionMetrics:
    """The six numbers by which Sokoban players compare solutions of one level."""

    moves: int
    pushes: int
    box_lines: int
    box_changes: int
    pushing_sessions: int
    player_lines: int


class MetricOrder(Enum):
    """Which metric a solution is ranked on first; the rest break ties, in the order of the
    YASC and JSoko optimizers (moves, pushes, box lines, box changes, sessions, player lines)."""

    MOVES = "moves"
    PUSHES = "pushes"
    BOX_LINES = "box-lines"
    BOX_CHANGES = "box-changes"

    @property
    def fields(self) -> tuple[str, ...]:
        """The names of the metrics in the order the sort key compares them."""
        return _ORDER_FIELDS[self]

    def key(self, metrics: SolutionMetrics) -> tuple[int, ...]:
        """The sort key: smaller is better."""
        return _ORDER_KEYS[self](metrics)

    def better(self, first: SolutionMetrics, second: SolutionMetrics) -> bool:
        """Whether ``first`` ranks strictly before ``second``."""
        return self.key(first) < self.key(second)


_TIES = ("pushing_sessions", "player_lines")  # the last ties broken, in every order
_ORDER_FIELDS = {
    MetricOrder.MOVES: ("moves", "pushes", "box_lines", "box_changes", *_TIES),
    MetricOrder.PUSHES: ("pushes", "moves", "box_lines", "box_changes", *_TIES),
    MetricOrder.BOX_LINES: ("box_lines", "pushes", "moves", "box_changes", *_TIES),
    MetricOrder.BOX_CHANGES: ("box_changes", "box_lines", "pushes", "moves", *_TIES),
}
# Built in C once: a library of 100,000 entries is sorted by them in the loop.
_ORDER_KEYS: dict[MetricOrder, Callable[[SolutionMetrics], tuple[int, ...]]] = {
    order: attrgetter(*fields) for order, fields in _ORDER_FIELDS.items()
}


def player_lines(lurd: str) -> int:
    """Runs of moves in one direction, pushes and walks alike.

    >>> player_lines("rrRuUl")
    3
    """
    lowered = lurd.lower()
    return sum(1 for i, letter in enumerate(lowered) if i == 0 or letter != lowered[i - 1])


def played_pushes(level: Level, lurd: str) -> list[Push]:
    """The pushes of a LURD string played from the start of ``level`` (it need not solve it);
    NotationError for a foreign letter, BlockedSolution where a move is blocked. (The one
    replay of a string into pushes: the solver's plans come from it too.)"""
    return _played(level, parse_lurd(lurd))[0]


def pushes_of(level: Level, lurd: str) -> list[IndexedPush]:
    """The pushes of a LURD string played from the start of ``level``, as for
    :func:`played_pushes`, each as its box's square and its direction's index."""
    return _indexed(played_pushes(level, lurd))


def _played(level: Level, moves: str) -> tuple[list[Push], bool]:
    """The pushes of parsed ``moves`` played from the start of ``level``, and whether they
    leave it solved; BlockedSolution where a move is blocked."""
    state = PlayState(level)
    played: list[Push] = []
    for number, letter in enumerate(moves, start=1):
        direction = Direction.from_letter(letter)
        box = state.board.neighbour(state.player, direction)
        result = state.step(direction)
        if result.move is None:
            raise BlockedSolution(number, letter)
        if result.move.pushed and box is not None:
            played.append(Push(box, direction))
    return played, state.is_solved


def _indexed(played: list[Push]) -> list[IndexedPush]:
    return [(push.box, DIRECTIONS.index(push.direction)) for push in played]


def tally_of(level: Level, lurd: str) -> PushTally:
    """The push tally of a LURD string played from the start of ``level``."""
    return _tally(level, pushes_of(level, lurd))


def _tally(level: Level, pushes: Sequence[IndexedPush]) -> PushTally:
    offsets = [level.board.offset(direction) for direction in DIRECTIONS]
    return tally_pushes(pushes, offsets, level.board.goals)


def measure(level: Level, lurd: str) -> SolutionMetrics:
    """All six metrics of a LURD string played from the start of ``level`` (whether or not it
    solves the level; see :func:`solves`); NotationError or BlockedSolution if it cannot be
    played."""
    moves = parse_lurd(lurd)
    return _metrics(level, moves, _indexed(_played(level, moves)[0]))


def solution_metrics(
    level: Level, lurd: str
) -> tuple[SolutionMetrics, list[IndexedPush]] | None:
    """The metrics and pushes of a LURD string that solves ``level`` from its start, from one
    replay (a letter's case need not match); None when it does not solve it or cannot be
    played."""
    try:
        moves = parse_lurd(lurd)
        played, solved = _played(level, moves)
    except ValueError:  # a letter that is not a move, too many moves, or a blocked one
        return None
    if not solved:
        return None
    pushes = _indexed(played)
    return _metrics(level, moves, pushes), pushes


def _metrics(level: Level, moves: str, pushes: list[IndexedPush]) -> SolutionMetrics:
    counts = _tally(level, pushes)
    return SolutionMetrics(
        moves=len(moves),
        pushes=counts.pushes,
        box_lines=counts.box_lines,
        box_changes=counts.box_changes,
        pushing_sessions=counts.sessions,
        player_lines=player_lines(moves),
    )


def solves(level: Level, lurd: str) -> bool:
    """Whether a LURD string plays from the start of ``level`` to every box on a goal (a
    letter's case need not match); False for one that cannot be played."""
    try:
        return replay(level, lurd, strict_case=False).solved
    except ValueError:  # a letter that is not a move, or too many moves
        return False
