"""The Random level screen as a model: a difficulty and a size to choose, a level made off the
main loop (or taken from those made ahead), shown before it is played, kept or played.

A random level is played over this screen: its result offers another, and leaving it comes
back here with the collection played before open again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from game.app import navigation
from game.app.dialogs.menu import Choice, MenuCommand, MenuModel, MenuView
from game.app.jobs.job_driver import Ended
from game.app.jobs.jobs import JobState, ProgressLine, Purpose
from game.app.jobs.ready_levels import ReadyLevels, clock_seed
from game.app.notice import Tone
from game.app.screens import PlayScreen
from game.app.shell import Shell
from game.app.unwritten import unwritten
from game.core.collection import Collection
from game.core.level import Level
from game.core.level_ref import CollectionRef, LevelTexts, TextOrigin
from game.core.wording import counted
from game.levelgen.batch import BatchProgress, Request, generate_levels
from game.levelgen.cells import DIFFICULTIES, FIRST_CHOICE, Cell, cells_of
from game.solver.result import CancelCheck
from game.storage import user_levels

CHOICE_SETTING = "random_level_choice"
GENERATE_ROW = 2
ANOTHER_ROW = 2


class RandomKey(Enum):
    """Esc: stop the level being made, or go back."""

    BACK = "back"


RandomCommand = MenuCommand | RandomKey


@dataclass(frozen=True)
class RandomLevelView:
    """The menu, the level made (to preview), the line under the menu and the making's
    progress (None while nothing is being made)."""

    menu: MenuView
    level: Level | None
    message: str
    tone: Tone
    making: str | None


def choice_text(cell: Cell) -> str:
    return f"{counted(cell.stars, 'star')} {cell.size}"


def generation(request: Request) -> Callable[[CancelCheck, ProgressLine], list[Level]]:
    """The job that makes the requested level, reporting each seed it tries."""

    def work(cancelled: CancelCheck, progress: ProgressLine) -> list[Level]:
        def report(state: BatchProgress) -> None:
            progress(f"Making the level: {round(100 * state.share)}% of layout {state.tried + 1}")

        return generate_levels(request, cancelled, report)

    return work


class RandomLevel:
    """Difficulty and size to choose, then a level made off the main loop."""

    def __init__(
        self, shell: Shell, made_ahead: ReadyLevels, wake: Callable[[], None]
    ) -> None:
        self.shell = shell
        self.made_ahead = made_ahead
        self.wake = wake
        # The choice made last time, kept with the player's settings.
        self.difficulty, self.size = self._last_choice()
        # The cell of the level being made (None: none is).
        self.making: Cell | None = None
        self._making_another = False  # the level being made was asked for by "Make another"
        self.level: Level | None = None
        self.seed = 0  # of the level being made
        self.next_seed: Callable[[], int] = clock_seed
        self.message = "Choose, then Generate: the solver checks every level it makes."
        self.tone = Tone.QUIET
        self.menu = MenuModel(self._choosing())
        # What was open before a random level was played: open again when it is left.
        self._before: tuple[Collection, CollectionRef, int] | None = None

    # -- the screen's life ---------------------------------------------------------------------
    def came_back(self) -> None:
        """Back from a random level: the collection played before is the open one again, so
        the menus and Continue speak of it, not of the random level."""
        if self._before is not None:
            collection, source, index = self._before
            self.shell.context.session.open(collection, source, index)
            self._before = None

    def close(self) -> None:
        self.shell.jobs.cancel(self)
        self.came_back()

    def handle(self, command: RandomCommand) -> None:
        if command is RandomKey.BACK:
            if self.making is not None:
                self.shell.jobs.cancel(self, Purpose.LEVEL)
                self.making = None
                self._tell("Stopped. Change the choice or generate again.", Tone.QUIET)
            else:
                self.shell.pop()
        elif self.making is None:
            self.menu.handle(command)

    # -- the job driver's side -------------------------------------------------------------------
    def subject_now(self, purpose: Purpose) -> Cell | None:
        return self.making

    def job_ended(self, ended: Ended) -> None:
        self.making = None
        if ended.state is JobState.CANCELLED:
            return
        made: list[Level] = ended.answer or []
        if not made:
            reason = ended.problem.text if ended.problem is not None else (
                "No such level turned up this time; generate again, or try another size."
            )
            self._tell(reason, Tone.WARNING)
            return
        level = made[0]
        title = self.cell().level_title(self.seed, level.width, level.height)
        self._made(replace(level, title=title))

    def view(self) -> RandomLevelView:
        making = None
        if self.making is not None:
            progress = self.shell.jobs.progress(self, Purpose.LEVEL)
            line = progress.line if progress is not None else ""
            making = f"{line or 'Starting'}. Esc cancels."
        return RandomLevelView(self.menu.view(), self.level, self.message, self.tone, making)

    @property
    def work(self) -> Purpose | None:
        return Purpose.LEVEL if self.making is not None else None

    # -- choosing --------------------------------------------------------------------------------
    def _choosing(self) -> list[Choice]:
        return [
            Choice("Difficulty", adjust=self._change_difficulty, value=self._stars),
            Choice("Size", adjust=self._change_size, value=self.size_label),
            Choice("Generate", self.generate),
            Choice("Back", self.shell.pop),
        ]

    def _last_choice(self) -> tuple[int, int]:
        """The difficulty and size chosen last, kept as "4 stars Huge" (at first, or when the
        kept choice is no longer offered: 2 stars and the menu's first size)."""
        kept = self.shell.context.progress.get_setting(CHOICE_SETTING, "")
        for stars in DIFFICULTIES:
            for index, cell in enumerate(cells_of(stars)):
                if kept == choice_text(cell):
                    return stars, index
        return 2, FIRST_CHOICE

    def _stars(self) -> str:
        return f"{self.difficulty} of 5 stars"

    def cell(self) -> Cell:
        """The chosen size among those the difficulty offers (game.levelgen.cells)."""
        offered = cells_of(self.difficulty)
        return offered[min(self.size, len(offered) - 1)]

    def size_label(self) -> str:
        return self.cell().label

    def _change_difficulty(self, step: int) -> None:
        size = self.cell().size
        self.difficulty = max(1, min(5, self.difficulty + step))
        offered = cells_of(self.difficulty)
        names = [cell.size for cell in offered]
        # A size with a level made ahead comes first: Generate then opens it at once.
        ready = [index for index, cell in enumerate(offered) if self.made_ahead.ready(cell)]
        if ready:
            self.size = ready[0]
        else:
            self.size = names.index(size) if size in names else min(self.size, len(names) - 1)

    def _change_size(self, step: int) -> None:
        self.size = max(0, min(len(cells_of(self.difficulty)) - 1, self.size + step))

    # -- making ----------------------------------------------------------------------------------
    def generate(self, again: bool = False) -> None:
        self._making_another = again
        cell = self.cell()
        chosen = self.shell.context.progress.set_setting(CHOICE_SETTING, choice_text(cell))
        unwritten("The size chosen", chosen)
        # A level made ahead opens at once; either way the next one for this cell is begun.
        ready = self.made_ahead.take(cell)
        if ready is not None:
            self._made(ready)
            return
        seed = self.next_seed()
        request = Request(cell.width, cell.height, cell.boxes, 1, cell.stars, seed)
        self.seed = seed
        self.making = cell
        self.shell.jobs.run_in_thread(self, Purpose.LEVEL, cell, generation(request), self.wake)
        self._tell("Making a level...", Tone.INFO)

    def another(self) -> None:
        self.level = None
        self.menu = MenuModel(self._choosing())
        self.menu.select(GENERATE_ROW)
        self.generate(again=True)

    def _tell(self, text: str, tone: Tone) -> None:
        self.message, self.tone = text, tone

    def _made(self, level: Level) -> None:
        self.level = level
        self._tell(f"Made: {level.title}. Play it, or keep it first.", Tone.GOOD)
        self.menu = MenuModel(
            [
                Choice("Play it", self._play),
                Choice("Keep in My levels", self._keep),
                Choice("Make another", self.another),  # ANOTHER_ROW
                Choice("Back", self.shell.pop),
            ]
        )
        # After "Make another" the cursor stays on it, so Enter makes the next one.
        self.menu.select(ANOTHER_ROW if self._making_another else 0)

    def _play(self) -> None:
        """Play the level over this screen: its result offers another, and Back comes here."""
        if self.level is None:
            return
        session = self.shell.context.session
        source = session.source
        if session.collection is not None and source is not None and not session.is_random:
            self._before = (session.collection, source, session.level_index)
        collection = Collection(title=TextOrigin.RANDOM.title, levels=[self.level])
        session.open(collection, LevelTexts(TextOrigin.RANDOM))
        navigation.remember_collection(self.shell.context)
        self.shell.open(PlayScreen(0))

    def _keep(self) -> None:
        if self.level is None:
            return
        problem = user_levels.save_level(user_levels.DEFAULT_COLLECTION, self.level)
        if problem is not None:
            self._tell(problem.text, Tone.DANGER)
        else:
            self._tell(f"Kept in {user_levels.DEFAULT_COLLECTION}.", Tone.GOOD)
