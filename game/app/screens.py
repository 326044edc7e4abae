"""Every screen of the game and what it is opened with, as typed values.

A screen is opened by making one of these (``engine.open(PlayScreen(3))``), so mypy checks the
arguments of every opening; the scene layer registers the class that shows each of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.core.problems import Problem
from game.storage.user_levels import DEFAULT_COLLECTION

if TYPE_CHECKING:
    # Only the types: opening the main menu should not import the play controller or solver.
    from game.app.dialogs.questions import Answer, AskText, AskYesNo
    from game.app.level_result import LevelResult
    from game.core.edit_grid import Grid
    from game.core.level import Level
    from game.core.play import PlayState
    from game.core.statistics import Statistics
    from game.storage.records import SavedGame
    from game.storage.store import ProgressStore


class PausedLevel(Protocol):
    """What the pause menu needs of the level under it."""

    level_index: int
    state: PlayState

    def request_restart(self) -> None: ...


@dataclass(frozen=True)
class Screen:
    """The base of every screen's opening arguments."""


@dataclass(frozen=True)
class MainMenuScreen(Screen):
    pass


@dataclass(frozen=True)
class LevelSelectScreen(Screen):
    """The open collection's levels."""


@dataclass(frozen=True)
class PlayScreen(Screen):
    """Level ``level_index`` of the open collection, from its start or from a saved ``state``
    (with its move history) and the ``statistics`` it was saved with; or from its start with
    a library ``solution`` (LURD) to step through, called ``solution_name``."""

    level_index: int
    state: PlayState | None = None
    statistics: Statistics | None = None
    solution: str = ""
    solution_name: str = ""


@dataclass(frozen=True)
class PauseScreen(Screen):
    level: PausedLevel


@dataclass(frozen=True)
class LevelCompleteScreen(Screen):
    result: LevelResult


@dataclass(frozen=True)
class MessageScreen(Screen):
    title: str
    text: str
    # The problem the message tells of, if it is one (the command line's exit code reads it).
    problem: Problem | None = None


@dataclass(frozen=True)
class OpenFileScreen(Screen):
    """A path to type, with the folders and files that match it listed. The level file it
    names opens; or, given ``take``, the file is handed to it once the dialog has closed (the
    dialog then says ``title`` and ``hint``)."""

    take: Callable[[str], None] | None = None
    title: str = "Open a level file"
    hint: str = "Collections in .xsb, .sok or .txt; or drop a file on the window."


@dataclass(frozen=True)
class PromptScreen(Screen):
    """A line of text; ``reply`` gets the text, or None on Esc, after the dialog closes."""

    question: AskText
    reply: Callable[[Answer], None]


@dataclass(frozen=True)
class ConfirmScreen(Screen):
    """Yes or no; ``reply`` gets the answer after the dialog closes."""

    question: AskYesNo
    reply: Callable[[Answer], None]


@dataclass(frozen=True)
class SettingsScreen(Screen):
    pass


@dataclass(frozen=True)
class SlotsScreen(Screen):
    """The saved games; ``current`` gives the game a new save would hold (None: nothing)."""

    current: Callable[[], SavedGame | None]


@dataclass(frozen=True)
class SolutionsScreen(Screen):
    """The solution library of level ``level_index`` of the open collection."""

    level_index: int


@dataclass(frozen=True)
class CompareScreen(Screen):
    """Two solutions of level ``level_index`` of the open collection compared on its board:
    each one's LURD, and its name on the screen."""

    level_index: int
    first: str
    first_name: str
    second: str
    second_name: str


@dataclass(frozen=True)
class CollectionSolutionsScreen(Screen):
    """Every level of the open collection with its best solutions (and those with none), level
    ``level_index`` chosen first."""

    level_index: int = 0


@dataclass(frozen=True)
class StatsScreen(Screen):
    """The statistics of ``store`` (the player's own store unless given)."""

    store: ProgressStore | None = None


@dataclass(frozen=True)
class EditorScreen(Screen):
    """The editor on an empty grid or a copy of a level; saves go to ``collection``."""

    source: Grid | Level
    collection: str = DEFAULT_COLLECTION


@dataclass(frozen=True)
class EditorLeaveScreen(Screen):
    """Save, discard or stay; ``reply`` gets the LeaveChoice after the dialog closes."""

    reply: Callable[[Answer], None]


@dataclass(frozen=True)
class RandomLevelScreen(Screen):
    """The generator; ``another``: make a level of the kept choice at once (Make another)."""

    another: bool = False


# The dialogs over a level being played, and every screen that belongs to it: a level is left
# with all of them.
LEVEL_OVERLAYS: tuple[type[Screen], ...] = (PauseScreen, LevelCompleteScreen)
LEVEL_SCREENS: tuple[type[Screen], ...] = (PlayScreen, *LEVEL_OVERLAYS)
