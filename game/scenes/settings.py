"""The settings screen: animation speed, sound volume, fullscreen, key help, export and import.

Changes apply at once and are kept in the progress store; progress moves between computers as JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pygame

from game.app.flows import Flow, ask_checked_text, run_flow
from game.app.screens import MessageScreen, SettingsScreen
from game.app.session import campaign_levels
from game.app.settings import AnimationSpeed, solve_methods
from game.core.errors import LevelError
from game.core.files import typed_path
from game.core.problems import refusal
from game.core.wording import counted
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.solver.methods import METHOD_HELP
from game.storage.transfer import TransferError, export_progress, import_progress, left_out
from game.ui import theme
from game.ui.play_keys import PLAY_KEYS
from game.ui.scale import px
from game.ui.text import draw_text, fit_text, wrap_text
from game.ui.widgets import (
    MENU_ROW,
    KeyHelp,
    Menu,
    MenuItem,
    draw_backdrop,
    draw_panel,
    draw_title,
)

# What each of the solver's methods does, in a player's words (the solver's own help, for
# the command line, names the algorithms).
PLAIN_METHOD_HELP = {
    "fast": "several searches in turns; usually the quickest to a solution",
    "fess": "plans which box goes to which goal, then searches; strong on big levels",
    "fess-boxes": "plans box by box, each step taking one box as far as it can go",
    "fess-base": "plans box by box from the goals backwards",
    "greedy": "always tries the push that looks nearest done; quick, long solutions",
    "bfs": "tries every push in turn: the fewest pushes, slow on big levels",
    "astar": "the fewest pushes, then the fewest moves; slower",
    "astar-moves": "the fewest moves, walking included; the slowest",
}
_NOTE_ROOM = 72
_NOTE_FONT = 19
_NOTE_LINE = 24
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


class SettingsScene(GameScene):
    """Settings as a menu of values changed with left and right."""


    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Left/Right", "change"),
        ("Enter", "change / open"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine, screen: SettingsScreen) -> None:
        super().__init__(engine, screen)
        settings = engine.settings
        # The last outcome worth a line: a refused fullscreen, an export or import.
        self.message = ""
        self.message_colour = theme.WARNING
        self.menu = Menu(
            [
                MenuItem(
                    "Animation speed",
                    adjust=self._change_speed,
                    value=lambda: settings.animation_speed.label,
                ),
                MenuItem(
                    "Sound volume",
                    adjust=self._change_volume,
                    value=lambda: f"{round(settings.volume * 100)}%",
                ),
                MenuItem(
                    "Fullscreen",
                    adjust=lambda _: self._toggle_fullscreen(),
                    value=lambda: "On" if settings.fullscreen else "Off",
                ),
                MenuItem(
                    "Solver for Solve",
                    adjust=self._change_solve_method,
                    value=lambda: settings.solve_method,
                ),
                MenuItem("Key help", self._key_help),
                MenuItem("Export progress", self._ask_export),
                MenuItem("Import progress", self._ask_import),
                MenuItem("Back", self.engine.pop),
            ],
            width=560,
        )

    def _change_speed(self, offset: int) -> None:
        settings = self.engine.settings
        settings.animation_speed = settings.animation_speed.cycled(offset)
        self._save()

    def _change_solve_method(self, offset: int) -> None:
        settings = self.engine.settings
        methods = solve_methods()
        position = methods.index(settings.solve_method) if settings.solve_method in methods else 0
        settings.solve_method = methods[(position + offset) % len(methods)]
        self._save()

    def _change_volume(self, steps: int) -> None:
        self.engine.settings.change_volume(steps)
        self.engine.sound.volume = self.engine.settings.volume
        self.engine.sound.play("push")
        self._save()

    def _toggle_fullscreen(self) -> None:
        wanted = not self.engine.settings.fullscreen
        if self.engine.set_fullscreen(wanted):
            self.message = ""
            self._save()
        else:
            self._tell("The display did not allow switching to fullscreen.", theme.WARNING)

    def _save(self) -> None:
        problem = self.engine.save_settings()
        if problem is not None:
            self._tell(problem.text, theme.WARNING)

    def _tell(self, text: str, colour: theme.Color) -> None:
        self.message, self.message_colour = text, colour

    def _ask_path(self, title: str, hint: str, act: Callable[[str], str | None]) -> None:
        """Ask for a file path until ``act`` takes it (it returns why not) or Esc."""

        def flow() -> Flow:
            yield from ask_checked_text(
                title, hint, lambda path: refusal(act(path)), str(default_transfer_path())
            )

        run_flow(self.engine.open, flow())

    def _ask_export(self) -> None:
        self._ask_path(
            "Export progress",
            "The JSON file to write: records, solutions, statistics, settings and saves.",
            self._export,
        )

    def _export(self, path: str) -> str | None:
        """Export to ``path``; None when done, else why not (the dialog asks again)."""
        try:
            target = typed_path(path)
            progress = export_progress(self.engine.player_progress, target)
        except (TransferError, LevelError) as error:
            return str(error)
        exported = (
            f"Exported {counted(len(progress.records), 'level record')} and "
            f"{counted(len(progress.slots), 'save')} to {target}."
        )
        missing = left_out(self.engine.player_progress, progress)
        if missing is not None:
            self._tell(f"{exported} {missing}.", theme.WARNING)
        else:
            self._tell(exported, theme.GOOD)
        return None

    def _ask_import(self) -> None:
        self._ask_path(
            "Import progress",
            "A file written by Export progress; the best results of both are kept.",
            self._import,
        )

    def _import(self, path: str) -> str | None:
        """Import from ``path``; None when done, else why not (the dialog asks again)."""
        store = self.engine.player_progress
        if not store.persistent:
            return "Progress is kept in memory only this time, so an import would be lost."
        try:
            # The campaign's levels let the import replay imported campaign solutions.
            summary = import_progress(store, typed_path(path), campaign_levels())
        except (TransferError, LevelError) as error:
            return str(error)
        # Imported settings apply at once; imported records show in the level select.
        self.engine.load_settings()
        self._tell(summary.describe(), theme.GOOD)
        return None

    def _key_help(self) -> None:
        self.engine.open(MessageScreen("Keys", "\n".join(PLAY_KEYS.help_lines())))

    def menu_area(self, surface: pygame.Surface) -> pygame.Rect:
        """Centred under the title; on low windows the rows get shorter so the note still shows."""
        area = self.content_area(surface)
        rows = px(MENU_ROW) * len(self.menu.items)
        top = max(area.top + px(90), area.centery - rows // 2 - px(30))
        height = min(rows, area.bottom - px(_NOTE_ROOM) - top)
        return pygame.Rect(area.left, top, area.width, height)

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
            return
        self.menu.handle_event(event, self.menu_area(self.engine.screen))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_backdrop(surface)
        draw_title(surface, "Settings", 40)
        menu_area = self.menu_area(surface)
        rects = self.menu.layout(menu_area)
        draw_panel(surface, rects[0].union(rects[-1]).inflate(px(40), px(40)))
        self.menu.draw(surface, menu_area)
        colour = self.message_colour if self.message else theme.TEXT_DIM
        width = surface.get_width() - 30
        # Two lines at most: a long path or a method's description wraps once.
        lines = wrap_text(self.message or self.row_note(), _NOTE_FONT, width)
        if len(lines) > 2:
            lines = [lines[0], fit_text(" ".join(lines[1:]), _NOTE_FONT, width)]
        y = rects[-1].bottom + px(30)
        for line in lines:
            draw_text(surface, line, _NOTE_FONT, colour, (surface.get_width() // 2, y), "midtop")
            y += px(_NOTE_LINE)

    def row_note(self) -> str:
        """What the chosen row does, or what its chosen value means."""
        label, settings = self.menu.current.label, self.engine.settings
        if label == "Animation speed":
            return SPEED_NOTES[settings.animation_speed]
        if label == "Solver for Solve":
            method = settings.solve_method
            return f"Shift+S asks {method}: {PLAIN_METHOD_HELP.get(method, METHOD_HELP[method])}."
        return _ROW_NOTES.get(label, "")


TRANSFER_FILE = "sokoban-progress.json"


def default_transfer_path(home: Path | None = None) -> Path:
    """Where an export goes, and an import is looked for, unless the player types another
    path: the Documents folder (or the Desktop) where there is one, else the home folder."""
    home = home or Path.home()
    folders = [home / name for name in ("Documents", "Desktop")]
    folder = next((folder for folder in folders if folder.is_dir()), home)
    return folder / TRANSFER_FILE

