"""The settings screen as a model: animation speed, sound volume, fullscreen, the solver for
Solve, key help, and progress exported to and imported from a file.

Changes apply at once and are kept in the player's store; the note says what the chosen row
does, or what the last change came to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.app.dialogs.flows import Flow, ask_checked_text, run_flow
from game.app.dialogs.menu import Choice, MenuCommand, MenuModel, MenuView
from game.app.notice import Tone
from game.app.screens import MessageScreen
from game.app.session import campaign_levels
from game.app.settings import AnimationSpeed, solve_methods
from game.app.shell import Shell
from game.core.errors import LevelError
from game.core.files import typed_path
from game.core.problems import Problem, ProblemKind
from game.core.wording import counted
from game.storage.store import ProgressStore
from game.storage.transfer import TransferError, export_progress, import_progress, left_out

# What each of the solver's methods does, in a player's words (the solver's own help, for
# the command line, names the algorithms).
PLAIN_METHOD_HELP = {
    "fast": "several searches in turns; usually the quickest to a solution",
    "fess": "plans which box goes to which goal, then searches; strong on big levels",
    "fess-boxes": "plans box by box, each step taking one box as far as it can go",
    "fess-base": "plans box by box from the goals backwards",
    "fess-meet": "works back from the solved level and forward until the two meet",
    "fess-hf": "fills the goals in any order, the most promising position first",
    "girl": "works back, then forward, each time down the likeliest branch first",
    "greedy": "always tries the push that looks nearest done; quick, long solutions",
    "bfs": "tries every push in turn: the fewest pushes, slow on big levels",
    "astar": "the fewest pushes, then the fewest moves; slower",
    "astar-moves": "the fewest moves, walking included; the slowest",
    "smt-int": "a logic solver (Z3) finds the fewest moves; small levels only",
    "smt-bv": "the same logic solver, quicker; the fewest moves, small levels only",
    "smt-push": "a logic solver (Z3) finds the fewest pushes; small levels only",
    "sat-push": "a logic solver (CaDiCaL) finds the fewest pushes; the quickest of these",
}
# The line under the menu says what the chosen row does (or the chosen value, for the rows
# that say it below).
_ROW_NOTES = {
    "Sound volume": "Left and right change the volume of the effects by a tenth.",
    "Fullscreen": "Fullscreen fills the screen; off gives a window you can resize.",
    "Key help": "Every key of a level, as F1 shows it there.",
    "Export progress": "Writes records, solutions, statistics, settings and saves to a file.",
    "Import progress": "Reads an exported file; the best results of both are kept.",
    "Back": "Settings are kept as soon as they change.",
}
SPEED_NOTES = {
    AnimationSpeed.INSTANT: "Instant: each move shows at once, without animation.",
    AnimationSpeed.FAST: "Fast: each step slides quickly from square to square.",
    AnimationSpeed.NORMAL: "Normal: each step slides at a walking pace.",
    AnimationSpeed.SLOW: "Slow: each step slides slowly, easy to follow.",
}
TRANSFER_FILE = "sokoban-progress.json"


class SettingsHost(Shell, Protocol):
    """What the settings change beyond the settings themselves: the window, the sound, and
    the player's store they are kept in."""

    @property
    def player_progress(self) -> ProgressStore: ...

    def set_fullscreen(self, fullscreen: bool) -> bool:
        """False if the display refused."""

    def save_settings(self) -> Problem | None: ...

    def load_settings(self) -> None: ...

    def volume_changed(self) -> None:
        """The sound takes the settings' volume (and lets it be heard)."""


@dataclass(frozen=True)
class SettingsView:
    """The menu, and the note under it."""

    menu: MenuView
    note: str
    note_tone: Tone


class SettingsMenu:
    """Settings as a menu of values changed with left and right."""

    def __init__(self, host: SettingsHost, key_help: str) -> None:
        self.host = host
        self.key_help = key_help
        settings = host.settings
        # The last outcome worth a line: a refused fullscreen, an export or an import.
        self.message = ""
        self.message_tone = Tone.WARNING
        self.menu = MenuModel(
            [
                Choice(
                    "Animation speed",
                    adjust=self._change_speed,
                    value=lambda: settings.animation_speed.label,
                ),
                Choice(
                    "Sound volume",
                    adjust=self._change_volume,
                    value=lambda: f"{round(settings.volume * 100)}%",
                ),
                Choice(
                    "Fullscreen",
                    adjust=lambda _: self._toggle_fullscreen(),
                    value=lambda: "On" if settings.fullscreen else "Off",
                ),
                Choice(
                    "Solver for Solve",
                    adjust=self._change_solve_method,
                    value=lambda: settings.solve_method,
                ),
                Choice("Key help", lambda: host.open(MessageScreen("Keys", key_help))),
                Choice("Export progress", self._ask_export),
                Choice("Import progress", self._ask_import),
                Choice("Back", host.pop),
            ]
        )

    def handle(self, command: MenuCommand) -> None:
        self.menu.handle(command)

    def view(self) -> SettingsView:
        if self.message:
            return SettingsView(self.menu.view(), self.message, self.message_tone)
        return SettingsView(self.menu.view(), self.row_note(), Tone.QUIET)

    def row_note(self) -> str:
        """What the chosen row does, or what its chosen value means."""
        label, settings = self.menu.current.label, self.host.settings
        if label == "Animation speed":
            return SPEED_NOTES[settings.animation_speed]
        if label == "Solver for Solve":
            method = settings.solve_method
            return f"Shift+S asks {method}: {PLAIN_METHOD_HELP[method]}."
        return _ROW_NOTES.get(label, "")

    # -- the changes ---------------------------------------------------------------------------
    def _change_speed(self, offset: int) -> None:
        settings = self.host.settings
        settings.animation_speed = settings.animation_speed.cycled(offset)
        self._save()

    def _change_solve_method(self, offset: int) -> None:
        settings = self.host.settings
        methods = solve_methods()
        position = methods.index(settings.solve_method) if settings.solve_method in methods else 0
        settings.solve_method = methods[(position + offset) % len(methods)]
        self._save()

    def _change_volume(self, steps: int) -> None:
        self.host.settings.change_volume(steps)
        self.host.volume_changed()
        self._save()

    def _toggle_fullscreen(self) -> None:
        if self.host.set_fullscreen(not self.host.settings.fullscreen):
            self.message = ""
            self._save()
        else:
            self._tell("The display did not allow switching to fullscreen.", Tone.WARNING)

    def _save(self) -> None:
        problem = self.host.save_settings()
        if problem is not None:
            self._tell(problem.text, Tone.WARNING)

    def _tell(self, text: str, tone: Tone) -> None:
        self.message, self.message_tone = text, tone

    # -- moving progress between computers -----------------------------------------------------
    def _ask_path(self, title: str, hint: str, act: Callable[[str], Problem | None]) -> None:
        """Ask for a file path until ``act`` takes it (it returns why not) or Esc."""

        def flow() -> Flow:
            yield from ask_checked_text(title, hint, act, str(default_transfer_path()))

        run_flow(self.host.open, flow())

    def _ask_export(self) -> None:
        self._ask_path(
            "Export progress",
            "The JSON file to write: records, solutions, statistics, settings and saves.",
            self.export,
        )

    def export(self, path: str) -> Problem | None:
        """Export to ``path``; None when done, else why not (the dialog asks again)."""
        store = self.host.player_progress
        try:
            target = typed_path(path)
            progress = export_progress(store, target)
        except (TransferError, LevelError) as error:
            return Problem(ProblemKind.REFUSED, str(error))
        exported = (
            f"Exported {counted(len(progress.records), 'level record')} and "
            f"{counted(len(progress.slots), 'save')} to {target}."
        )
        missing = left_out(store, progress)
        if missing is not None:
            self._tell(f"{exported} {missing.text}.", Tone.WARNING)
        else:
            self._tell(exported, Tone.GOOD)
        return None

    def _ask_import(self) -> None:
        self._ask_path(
            "Import progress",
            "A file written by Export progress; the best results of both are kept.",
            self.import_from,
        )

    def import_from(self, path: str) -> Problem | None:
        """Import from ``path``; None when done, else why not (the dialog asks again)."""
        store = self.host.player_progress
        if not store.persistent:
            return Problem(
                ProblemKind.REFUSED,
                "Progress is kept in memory only this time, so an import would be lost.",
            )
        try:
            # The campaign's levels let the import replay imported campaign solutions.
            summary = import_progress(store, typed_path(path), campaign_levels())
        except (TransferError, LevelError) as error:
            return Problem(ProblemKind.REFUSED, str(error))
        # Imported settings apply at once; imported records show in the level select.
        self.host.load_settings()
        self._tell(summary.describe(), Tone.GOOD)
        return None


def default_transfer_path(home: Path | None = None) -> Path:
    """Where an export goes, and an import is looked for, unless the player types another
    path: the Documents folder (or the Desktop) where there is one, else the home folder."""
    home = home or Path.home()
    folders = [home / name for name in ("Documents", "Desktop")]
    folder = next((folder for folder in folders if folder.is_dir()), home)
    return folder / TRANSFER_FILE
