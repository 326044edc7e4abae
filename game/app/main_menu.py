"""The main menu as a model: Continue (the last game kept), the campaign, the level select,
random levels, a file, saved games, the editor, statistics, settings and quitting.

What the menu says is read from the progress store each time the menu comes into view.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app import navigation
from game.app.damaged import offer_deletion, report_damaged
from game.app.dialogs.flows import Flow, ask_yes_no, run_flow
from game.app.dialogs.menu import Choice, MenuCommand, MenuModel, MenuView
from game.app.editor import editing
from game.app.notice import Tone
from game.app.screens import (
    LevelSelectScreen,
    OpenFileScreen,
    RandomLevelScreen,
    SettingsScreen,
    SlotsScreen,
    StatsScreen,
)
from game.app.shell import Shell
from game.core.level_ref import Campaign, CampaignLevel
from game.core.problems import Problem, not_deleted
from game.core.wording import counted
from game.storage.records import SavedGame

READ_ONLY_NOTE = "Saved progress is read-only: it comes from a newer version of the game."
# The longest a collection's title runs in Continue's line before it is cut.
CONTINUE_TITLE_LENGTH = 32


class MainMenuKey(Enum):
    """What the main menu's own keys ask, beyond moving through the menu."""

    QUIT = "quit"  # Esc: asks first
    PASTE = "paste"  # Ctrl+V: the levels the clipboard holds


MainMenuCommand = MenuCommand | MainMenuKey


@dataclass(frozen=True)
class MainMenuView:
    """The menu and the line under it (the open collection, or why progress is not kept)."""

    menu: MenuView
    note: str
    note_tone: Tone


class MainMenuModel:
    """The first screen."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        # The last session in the progress store, read when the menu comes into view.
        self.saved: SavedGame | None = None
        self.reported: set[str] = set()  # damaged saves named on stderr already
        self.continue_choice = Choice("Continue", self._continue, enabled=False)
        # What Continue offered when the menu was last in view: the menu moves to it only when
        # that changed, so coming back from Settings or Statistics keeps the player's place.
        self.offered: tuple[bool, SavedGame | None] | None = None
        self.menu = MenuModel(
            [
                self.continue_choice,
                Choice("Play campaign", self._campaign),
                Choice("Choose level", self._choose),
                Choice("Random level", lambda: shell.open(RandomLevelScreen())),
                Choice("Open level file", lambda: shell.open(OpenFileScreen())),
                Choice("Saved games", self._slots),
                Choice("Level editor", lambda: editing.ask_new_level(shell)),
                Choice("Statistics", lambda: shell.open(StatsScreen())),
                Choice("Settings", lambda: shell.open(SettingsScreen())),
                Choice("Quit", shell.quit),
            ]
        )

    def refresh(self) -> None:
        """Read the last game kept again (the menu came into view)."""
        progress = self.shell.context.progress
        self.saved = progress.load_session()
        damaged = progress.session_problem
        choice = self.continue_choice
        choice.enabled = self.saved is not None or damaged is not None
        choice.label = "Continue"
        if self.saved is not None:
            choice.label = continue_label(self.saved)
        elif damaged is not None:
            choice.label = "Continue: the last game cannot be read"
            report_damaged("The last game", damaged, self.reported)
        offered = (choice.enabled, self.saved)
        if offered == self.offered:
            return
        self.offered = offered
        if choice.enabled:
            self.menu.select(0)
        elif self.menu.selected == 0:
            self.menu.move(1)

    def handle(self, command: MainMenuCommand) -> None:
        if command is MainMenuKey.QUIT:
            # Esc is the key that goes back everywhere; here it asks before the game ends.
            run_flow(self.shell.open, self._quit_flow())
        elif command is MainMenuKey.PASTE:
            navigation.paste_levels(self.shell)
        else:
            self.menu.handle(command)

    def view(self) -> MainMenuView:
        context = self.shell.context
        session = context.session
        note, tone = "", Tone.QUIET
        if context.progress.read_only:
            note, tone = READ_ONLY_NOTE, Tone.WARNING
        elif context.autosaver.last_problem is not None:
            note, tone = context.autosaver.last_problem.text, Tone.DANGER
        elif session.collection is not None:
            levels = counted(session.level_count, "level")
            note = f"Current collection: {session.title} ({levels})"
        return MainMenuView(self.menu.view(), note, tone)

    # -- the choices ---------------------------------------------------------------------------
    def _continue(self) -> None:
        if self.saved is not None:
            navigation.resume_game(self.shell, self.saved)
            return
        progress = self.shell.context.progress
        problem = progress.session_problem
        if problem is not None:
            offer_deletion(self.shell, "The last game", problem, self._delete_last_game)

    def _delete_last_game(self) -> Problem | None:
        return not_deleted(self.shell.context.progress.clear_session())

    def _campaign(self) -> None:
        shell = self.shell
        if shell.context.session.source == Campaign() or navigation.open_campaign(shell):
            navigation.play_level(shell, navigation.campaign_start(shell.context))

    def _choose(self) -> None:
        if navigation.ensure_collection(self.shell):
            self.shell.open(LevelSelectScreen())

    def _slots(self) -> None:
        # Saving from here names the last session, the game Continue would resume.
        progress = self.shell.context.progress
        self.shell.open(SlotsScreen(progress.load_session))

    def _quit_flow(self) -> Flow:
        if (yield from ask_yes_no("Quit?", "Leave Sokoban Arcade? Your progress is saved.")):
            self.shell.quit()


def continue_label(saved: SavedGame) -> str:
    """"Continue: COLLECTION, level N": the campaign by its short name, another collection's
    title cut short if it must be, never the number."""
    number = saved.level.number
    end = "" if number is None else f", level {number}"
    if isinstance(saved.level, CampaignLevel):
        return "Continue the campaign" + end
    title = saved.collection_title or "the last game"
    if len(title) > CONTINUE_TITLE_LENGTH:
        title = title[: CONTINUE_TITLE_LENGTH - 1].rstrip() + "…"
    return f"Continue: {title}{end}"
