"""Problems as values: what kind of thing went wrong and its data, worded here and nowhere else.

A function that may refuse returns ``Problem | None``; a screen shows ``title`` and ``text``, and
the command line picks its exit code from ``kind.fails_run``, never from the words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.core.wording import counted


class ProblemKind(Enum):
    """Each kind: the title a dialog shows, and whether a headless run fails because of it."""

    NOT_SAVED = ("Not saved", True)  # a level could not be written
    SETTINGS_NOT_SAVED = ("Settings not saved", False)  # they stay for this run
    RESULTS_LOST = ("Results lost", True)  # results that could not be written, at closing
    REFUSED = ("Not accepted", False)  # a typed answer that cannot be used (asked again)
    NO_WAY_ON = ("No way on", False)  # help asked on a position that cannot be solved
    WORK_FAILED = ("Not done", False)  # background work that failed (its reason in detail)
    CANNOT_EDIT = ("Cannot edit this level", True)  # larger than the editor takes
    NOT_A_LEVEL = ("Not a level yet", False)  # the editor's grid lacks what detail says
    SAVE_REFUSED = ("Cannot save", True)  # the editor's grid is not a level (the rule in detail)
    CANNOT_TEST_PLAY = ("Cannot play it yet", False)  # the same, for a test play
    NOT_WRITTEN = ("Not written", False)  # progress the store kept to write later, or lost
    STORE_SET_ASIDE = ("Saved progress", False)  # damaged (moved aside) or newer (read only)
    HOME_UNUSABLE = ("No data folder", True)  # SOKOBAN_HOME cannot be the data folder
    NOT_DELETED = ("Not deleted", False)  # a save or the game to continue stays (why in detail)
    SOLUTION_REFUSED = ("Solution refused", True)  # an imported solution that is not filed
    LEFT_OUT = ("Left out", False)  # a part of the work that could not be done (the rest is)
    NO_HINT = ("No hint", False)  # help asked where the answer at hand gives none (detail: why)
    NO_REVERSE_PLAY = ("No reverse play", False)  # a level that cannot be played backwards

    def __init__(self, title: str, fails_run: bool) -> None:
        self.title = title
        self.fails_run = fails_run


@dataclass(frozen=True)
class Problem:
    """A problem of ``kind``: ``detail`` says why in the words of what failed (a file's
    error, the rule broken), ``count`` is the number it is about (the undos that save a game)."""

    kind: ProblemKind
    detail: str = ""
    count: int | None = None

    @property
    def title(self) -> str:
        return self.kind.title

    @property
    def text(self) -> str:
        """The one line that tells the player."""
        if self.kind is ProblemKind.NO_WAY_ON:
            if self.count is None:
                return "No way on from here: undo first"
            return f"No way on from here: undo {counted(self.count, 'move')} first"
        if self.kind is ProblemKind.NO_REVERSE_PLAY:
            return (
                "No reverse play here: with every box on a goal, the player has no free square "
                "to stand on"
            )
        if self.kind in _SAID_AFTER_TITLE:
            return f"{self.kind.title}: {self.detail}"
        return self.detail or self.kind.title

    def __str__(self) -> str:
        return self.text


# Kinds whose detail is a few words said after the title ("Cannot save: no player").
_SAID_AFTER_TITLE = {
    ProblemKind.NOT_A_LEVEL,
    ProblemKind.SAVE_REFUSED,
    ProblemKind.CANNOT_TEST_PLAY,
}


def refusal(reason: str | None) -> Problem | None:
    """A typed answer refused for ``reason`` (None: accepted), as a problem."""
    return None if reason is None else Problem(ProblemKind.REFUSED, reason)


def not_written(reason: str | None) -> Problem | None:
    """A write to the progress store that failed for ``reason`` (None: written), as a problem."""
    return None if reason is None else Problem(ProblemKind.NOT_WRITTEN, reason)


def not_deleted(problem: Problem | None) -> Problem | None:
    """A write that was to delete something and failed (None: done), as a deletion's problem."""
    return None if problem is None else Problem(ProblemKind.NOT_DELETED, problem.detail)
