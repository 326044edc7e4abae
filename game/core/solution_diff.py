"""Two solutions of one level side by side: the path of every box under each, and the two push
sequences aligned, so a screen can show where they agree and where one saved against the other.

Pure data: the pushes come from one replay each (game.core.metrics); the alignment matches
equal pushes (the same box square, the same direction) in order, as a text diff matches lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import Enum

from game.core.level import Level
from game.core.metrics import SolutionMetrics, solution_metrics
from game.core.paths import DIRECTIONS
from game.core.push import IndexedPush

Square = tuple[int, int]  # column, row


@dataclass(frozen=True)
class BoxStep:
    """One push as the box's step: the square it left and the square it reached."""

    start: Square
    end: Square


class Agreement(Enum):
    """How a stretch of the two aligned push sequences compares."""

    SAME = "same"  # the same pushes, in the same order
    DIFFERENT = "different"  # each makes other pushes here
    FIRST_ONLY = "first only"  # pushes of the first with nothing against them in the second
    SECOND_ONLY = "second only"


@dataclass(frozen=True)
class AlignedRun:
    """A stretch of the alignment: its agreement, and the pushes of each solution it covers
    (from index ``first_start``, ``first_count`` of them; the same for the second)."""

    agreement: Agreement
    first_start: int
    first_count: int
    second_start: int
    second_count: int

    @property
    def width(self) -> int:
        """Columns of the aligned bar it takes: the longer of its two sides."""
        return max(self.first_count, self.second_count)


@dataclass(frozen=True)
class SolutionDiff:
    """Two solutions compared: each one's metrics and box steps, and the aligned runs."""

    first_metrics: SolutionMetrics
    second_metrics: SolutionMetrics
    first_steps: tuple[BoxStep, ...]
    second_steps: tuple[BoxStep, ...]
    runs: tuple[AlignedRun, ...]

    @property
    def same_pushes(self) -> int:
        return sum(run.first_count for run in self.runs if run.agreement is Agreement.SAME)

    @property
    def columns(self) -> int:
        """The aligned bar's length in columns."""
        return sum(run.width for run in self.runs)


_AGREEMENTS = {
    "equal": Agreement.SAME,
    "replace": Agreement.DIFFERENT,
    "delete": Agreement.FIRST_ONLY,
    "insert": Agreement.SECOND_ONLY,
}


def align_pushes(first: list[IndexedPush], second: list[IndexedPush]) -> tuple[AlignedRun, ...]:
    """The two push sequences aligned into runs that cover each of them whole, in order.

    >>> [run.agreement.value for run in align_pushes([(1, 0), (2, 1)], [(1, 0), (5, 1)])]
    ['same', 'different']
    """
    matcher = SequenceMatcher(None, first, second, autojunk=False)
    return tuple(
        AlignedRun(_AGREEMENTS[tag], start, end - start, other, other_end - other)
        for tag, start, end, other, other_end in matcher.get_opcodes()
    )


def box_steps(level: Level, pushes: list[IndexedPush]) -> tuple[BoxStep, ...]:
    """Each push of ``pushes`` (played from the start of ``level``) as its box's step."""
    board = level.board
    offsets = [board.offset(direction) for direction in DIRECTIONS]
    return tuple(
        BoxStep(board.coords(square), board.coords(square + offsets[way]))
        for square, way in pushes
    )


def compare_solutions(level: Level, first: str, second: str) -> SolutionDiff | None:
    """``first`` and ``second`` (LURD) compared on ``level``; None unless both solve it."""
    measured = [solution_metrics(level, lurd) for lurd in (first, second)]
    if measured[0] is None or measured[1] is None:
        return None
    (first_metrics, first_pushes), (second_metrics, second_pushes) = measured[0], measured[1]
    return SolutionDiff(
        first_metrics,
        second_metrics,
        box_steps(level, first_pushes),
        box_steps(level, second_pushes),
        align_pushes(first_pushes, second_pushes),
    )
