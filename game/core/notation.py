"""LURD notation: reading, writing and replaying move strings.

Lowercase letters are steps, uppercase letters are pushes; run lengths such as ``3r`` are allowed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.digits import count_of
from game.core.level import Level
from game.core.play import PlayState
from game.core.wording import counted

# ASCII digits only: "²r" is a bad character, not a run of two.
_RUN = re.compile(r"([0-9]+)([lurdLURD])")
MAX_MOVES = 1_000_000


class NotationError(ValueError):
    """A LURD string with a character that is not a move."""


def parse_lurd(text: str, max_moves: int = MAX_MOVES) -> str:
    """Normalise a LURD string: expand run lengths and drop whitespace; NotationError if bad
    or longer than ``max_moves``.

    >>> parse_lurd("3r uL")
    'rrruL'
    >>> parse_lurd("rrx")
    Traceback (most recent call last):
    ...
    game.core.notation.NotationError: character 3 of the solution, 'x', is not a move
    >>> parse_lurd("12r", max_moves=10)
    Traceback (most recent call last):
    ...
    game.core.notation.NotationError: the solution is longer than 10 moves, the most accepted
    """
    compact = "".join(text.split())
    # A run such as "12r" is three characters for twelve moves.
    total = len(compact) + sum(
        count_of(m.group(1), max_moves) - len(m.group(0)) for m in _RUN.finditer(compact)
    )
    if total > max_moves:
        longest = counted(max_moves, "move")
        raise NotationError(f"the solution is longer than {longest}, the most accepted")
    expanded = _RUN.sub(lambda m: m.group(2) * int(m.group(1)), compact)
    for index, letter in enumerate(expanded):
        if letter not in "lurdLURD":
            raise NotationError(f"character {index + 1} of the solution, {letter!r}, is not a move")
    return expanded


def push_count(lurd: str) -> int:
    """The pushes of a LURD solution in true case: its uppercase letters."""
    return sum(letter.isupper() for letter in lurd)


def compress_lurd(lurd: str) -> str:
    """Run-length form of a LURD string (``rrrr`` becomes ``4r``), for short display.

    >>> compress_lurd("rrrrUUdl")
    '4rUUdl'
    >>> parse_lurd(compress_lurd("rrrrUUdl"))
    'rrrrUUdl'
    """
    out: list[str] = []
    index = 0
    while index < len(lurd):
        end = index
        while end < len(lurd) and lurd[end] == lurd[index]:
            end += 1
        count = end - index
        out.append(f"{count}{lurd[index]}" if count > 2 else lurd[index] * count)
        index = end
    return "".join(out)


@dataclass(frozen=True)
class ReplayResult:
    """Where a replay ended: solved or not, the counters, and the first failing move if any."""

    solved: bool
    moves: int
    pushes: int
    failed_at: int | None = None  # 1-based index of the move that could not be made
    reason: str = ""


def replay(level: Level, lurd: str, strict_case: bool = True) -> ReplayResult:
    """Play ``lurd`` from the start of ``level``; stop at the first move that cannot be made.

    With ``strict_case`` a letter's case must say truly whether the move pushes a box.

    >>> from game.core.xsb import parse_level
    >>> level = parse_level("######\\n#@ $.#\\n######")
    >>> replay(level, "rR")
    ReplayResult(solved=True, moves=2, pushes=1, failed_at=None, reason='')
    >>> replay(level, "rr").reason
    "move 2 'r': it pushes a box, so it should be uppercase"
    """
    state = PlayState(level)
    return replay_on(state, lurd, strict_case)


def replay_on(state: PlayState, lurd: str, strict_case: bool = True) -> ReplayResult:
    """Replay on an existing play state (which keeps the moves made)."""
    moves = parse_lurd(lurd)
    stopped = state.follow(moves, strict_case)
    if stopped is not None:
        index, reason = stopped
        return _failed(state, index, moves[index - 1], reason)
    return ReplayResult(state.is_solved, state.move_count, state.push_count)


def in_true_case(level: Level, lurd: str, max_moves: int = MAX_MOVES) -> tuple[str, ReplayResult]:
    """``lurd`` played from the start of ``level`` with no letter's case held against it: the
    moves made, each letter's case made true (a push is uppercase), and how the replay ended.
    The one way every surface that takes a solution (an import, the optimizer) writes it as the
    game's own ``verify`` reads it; NotationError if it is not LURD or has over ``max_moves``.

    >>> from game.core.xsb import parse_level
    >>> in_true_case(parse_level("######\\n#@ $.#\\n######"), "rr")[0]
    'rR'
    """
    state = PlayState(level)
    result = replay_on(state, parse_lurd(lurd, max_moves), strict_case=False)
    return state.lurd(), result


def _failed(state: PlayState, index: int, letter: str, reason: str) -> ReplayResult:
    return ReplayResult(
        False, state.move_count, state.push_count, index, f"move {index} {letter!r}: {reason}"
    )


def published_par(level: Level) -> ReplayResult | None:
    """The moves and pushes of the solution the level file gives (a ``Solution:`` line), if it
    replays to the solved state; None otherwise. Collections publish these as par."""
    found = _published(level)
    return None if found is None else found[1]


def published_solution(level: Level) -> str | None:
    """The solution the level file gives (see :func:`published_par`), if it solves the level."""
    found = _published(level)
    return None if found is None else found[0]


def _published(level: Level) -> tuple[str, ReplayResult] | None:
    """The file's solution as plain LURD (run lengths spelled out) and its replay."""
    text = dict(level.extra).get("Solution", "")
    if not text:
        return None
    state = PlayState(level)
    try:
        result = replay_on(state, text)
    except NotationError:
        return None
    return (state.lurd(), result) if result.solved else None
