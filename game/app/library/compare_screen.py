"""The comparison of two solutions as a model: the level, the boxes' paths of each, the aligned
pushes, and the stretch of the alignment chosen (its pushes stand out on the board).

Opened from the Solutions screen; everything is worked out once, when it opens.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app.screens import CompareScreen
from game.app.shell import Shell
from game.core.errors import LevelError
from game.core.level import Level
from game.core.metrics import SolutionMetrics
from game.core.solution_diff import Agreement, AlignedRun, SolutionDiff, compare_solutions
from game.core.wording import counted


class CompareKey(Enum):
    """Left and Right: the stretch before or after; Home and End: the first or the last."""

    PREVIOUS = "previous"
    NEXT = "next"
    FIRST = "first"
    LAST = "last"
    BACK = "back"


@dataclass(frozen=True)
class CompareView:
    """The level, the two solutions' names and metrics, the comparison, the stretch chosen and
    a line saying what it is."""

    level: Level
    first_name: str
    second_name: str
    first_line: str
    second_line: str
    diff: SolutionDiff
    chosen: int
    summary: str
    stretch: str


class CompareModel:
    """Two solutions of one level, compared once, with a stretch of their alignment to look
    at."""

    def __init__(self, shell: Shell, screen: CompareScreen) -> None:
        collection = shell.context.session.collection
        if collection is None or not 0 <= screen.level_index < len(collection.levels):
            raise LevelError(f"there is no level {screen.level_index + 1} to compare on")
        self.shell = shell
        self.screen = screen
        self.level = collection.levels[screen.level_index]
        diff = compare_solutions(self.level, screen.first, screen.second)
        if diff is None:
            raise LevelError("only two solutions of the level can be compared")
        self.diff = diff
        # The first stretch where they part, if they do.
        parts = [i for i, run in enumerate(diff.runs) if run.agreement is not Agreement.SAME]
        self.chosen = parts[0] if parts else 0

    def handle(self, command: CompareKey) -> None:
        last = max(0, len(self.diff.runs) - 1)
        moves = {
            CompareKey.PREVIOUS: self.chosen - 1,
            CompareKey.NEXT: self.chosen + 1,
            CompareKey.FIRST: 0,
            CompareKey.LAST: last,
        }
        if command is CompareKey.BACK:
            self.shell.pop()
        else:
            self.chosen = max(0, min(last, moves[command]))

    def view(self) -> CompareView:
        screen, diff = self.screen, self.diff
        same = diff.same_pushes
        summary = (
            f"{counted(same, 'push', 'pushes')} the same, in order; "
            f"{counted(diff.first_metrics.pushes - same, 'push', 'pushes')} of "
            f"{screen.first_name} and {diff.second_metrics.pushes - same} of "
            f"{screen.second_name} differ"
        )
        return CompareView(
            self.level,
            screen.first_name,
            screen.second_name,
            _metrics_line(screen.first_name, diff.first_metrics),
            _metrics_line(screen.second_name, diff.second_metrics),
            diff,
            self.chosen,
            summary,
            self._stretch_line(),
        )

    def _stretch_line(self) -> str:
        if not self.diff.runs:
            return ""
        run = self.diff.runs[self.chosen]
        where = f"Stretch {self.chosen + 1} of {len(self.diff.runs)}: "
        first, second = self.screen.first_name, self.screen.second_name
        if run.agreement is Agreement.SAME:
            what = f"{_pushes(run.first_count)} the same ({_span(run, True)})"
        elif run.agreement is Agreement.FIRST_ONLY:
            what = f"{_pushes(run.first_count)} of {first} only ({_span(run, True)})"
        elif run.agreement is Agreement.SECOND_ONLY:
            what = f"{_pushes(run.second_count)} of {second} only ({_span(run, False)})"
        else:
            what = (
                f"{first} makes {_pushes(run.first_count)} ({_span(run, True)}), "
                f"{second} {_pushes(run.second_count)} ({_span(run, False)})"
            )
        return where + what


def _pushes(count: int) -> str:
    return counted(count, "push", "pushes")


def _span(run: AlignedRun, first: bool) -> str:
    start, count = (
        (run.first_start, run.first_count) if first else (run.second_start, run.second_count)
    )
    if count > 1:
        return f"pushes {start + 1}-{start + count}"
    return f"push {start + 1}"


def _metrics_line(name: str, metrics: SolutionMetrics) -> str:
    return (
        f"{name}: {counted(metrics.moves, 'move')}, {_pushes(metrics.pushes)}, "
        f"{counted(metrics.box_lines, 'box line')}, {counted(metrics.box_changes, 'box change')}"
    )
