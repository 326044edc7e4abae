"""The editor's status line: what the grid lacks to be a level, or the solver's verdict on it,
then how the solution kept with the level fares, each line with its tone.

Worded from the editor controller's checks each time the view is made, so it is never stale.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.app.editor.editor_check import LevelCheck, Metadata, SolutionReport, Verdict
from game.app.notice import Tone
from game.core.level import Level
from game.core.problems import Problem
from game.core.wording import counted
from game.storage.library_entry import Origin


@dataclass(frozen=True)
class StatusLine:
    text: str
    tone: Tone


def status_lines(
    problems: list[str],
    made: Level | Problem,
    marked: bool,
    check: LevelCheck,
    report: SolutionReport | None,
    metadata: Metadata,
) -> list[StatusLine]:
    """The status line: what the level lacks (``problems``, or why the grid ``made`` none), or
    the solver's verdict (``marked``: boxes prove it cannot be solved), and the solution."""
    lines: list[StatusLine] = []
    if problems:
        lines.append(StatusLine("Not a level yet: " + ", ".join(problems), Tone.WARNING))
    elif isinstance(made, Problem):
        lines.append(StatusLine(made.text, Tone.WARNING))
    else:
        verdict = check.verdict
        text = check.text or "a valid level"
        if marked and verdict is not Verdict.SOLVABLE:
            text = "cannot be solved: the marked boxes can never reach a goal"
        tone = {
            Verdict.SOLVABLE: Tone.GOOD,
            Verdict.UNSOLVABLE: Tone.DANGER,
            Verdict.UNKNOWN: Tone.WARNING,
        }.get(verdict, Tone.INFO)
        lines.append(StatusLine(text, Tone.DANGER if marked else tone))
    if report is not None and report.works:
        text = f"{report.text} ({counted(report.pushes, 'push', 'pushes')}"
        result = check.result
        theirs = metadata.solution_origin is Origin.SOLVER
        if result is not None and result.solved and not theirs:
            text += f"; the solver's: {result.pushes}"
        lines.append(StatusLine(text + ")", Tone.GOOD))
    elif report is not None:
        lines.append(StatusLine(report.text, Tone.DANGER))
    return lines
