"""The small menus over another screen, as models: the pause menu over a level, and what to do
with the editor's unsaved edits. Each is a title and a menu; Esc takes its way back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.app import navigation, saving
from game.app.dialogs.menu import Choice, MenuCommand, MenuModel, MenuView
from game.app.dialogs.questions import Answer, LeaveChoice
from game.app.screens import (
    MessageScreen,
    PausedLevel,
    SettingsScreen,
    SlotsScreen,
    SolutionsScreen,
)
from game.app.shell import Shell


@dataclass(frozen=True)
class MenuDialogView:
    """A title over a menu."""

    title: str
    menu: MenuView


class MenuDialog:
    """A title, a menu and what Esc does."""

    title = ""

    def __init__(self, choices: list[Choice]) -> None:
        self.menu = MenuModel(choices)

    def handle(self, command: MenuCommand) -> None:
        self.menu.handle(command)

    def back(self) -> None:
        """Esc."""

    def view(self) -> MenuDialogView:
        return MenuDialogView(self.title, self.menu.view())


class PauseMenu(MenuDialog):
    """Resume, restart, saved games, the level's solutions, the keys, settings, or leave."""

    title = "Paused"

    def __init__(self, shell: Shell, level: PausedLevel, key_help: str) -> None:
        self.shell = shell
        self.level = level
        self.key_help = key_help
        choices = [
            Choice("Resume", shell.pop),
            Choice("Restart level", self._restart),
            Choice("Saved games", self._slots),
            Choice("Key help", lambda: shell.open(MessageScreen("Keys", key_help))),
            Choice("Settings", lambda: shell.open(SettingsScreen())),
            Choice("Leave level", lambda: navigation.leave_level(shell)),
        ]
        if not shell.context.session.is_test_play:  # its store lasts only the test play
            solutions = SolutionsScreen(level.level_index)
            choices.insert(3, Choice("Solutions", lambda: shell.open(solutions)))
        super().__init__(choices)

    def back(self) -> None:
        self.shell.pop()

    def _restart(self) -> None:
        self.shell.pop()
        self.level.request_restart()

    def _slots(self) -> None:
        context, level = self.shell.context, self.level
        self.shell.open(
            SlotsScreen(lambda: saving.saved_game(context, level.level_index, level.state))
        )


class LeaveEditorMenu(MenuDialog):
    """Save, discard or stay; the reply runs after this dialog closes (Esc stays)."""

    title = "Unsaved changes"

    def __init__(self, shell: Shell, reply: Callable[[Answer], None]) -> None:
        self.shell = shell
        self.reply = reply
        super().__init__(
            [
                Choice("Save, then leave", lambda: self._choose(LeaveChoice.SAVE)),
                Choice("Leave without saving", lambda: self._choose(LeaveChoice.DISCARD)),
                Choice("Stay in the editor", lambda: self._choose(LeaveChoice.STAY)),
            ]
        )

    def back(self) -> None:
        self._choose(LeaveChoice.STAY)

    def _choose(self, choice: Answer) -> None:
        self.shell.pop()
        self.reply(choice)
