"""The open-file dialog: type the path of a level collection, or drop the file on the window.

Matching folders and level files are listed as one types; a bad file leaves the reason shown.
"""

from __future__ import annotations

import itertools
import os
from typing import Any, ClassVar

import pygame

from game.app import navigation
from game.app.screens import OpenFileScreen
from game.app.session import load_collection_file
from game.app.shown import Shown
from game.core.errors import LevelError
from game.core.files import typed_path
from game.core.level_ref import LevelFile
from game.engine.engine import GameEngine
from game.scenes.base import TextEntryScene, is_back_key
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
from game.ui.text_field import TextField
from game.ui.widgets import KeyHelp, dim, draw_panel

LEVEL_SUFFIXES = (".xsb", ".sok", ".txt")
SHOWN_CANDIDATES = 6
# A folder with a huge number of entries is only read this far, so typing never stalls.
MAX_SCANNED_ENTRIES = 3000
_ROW = 30


class OpenFileScene(TextEntryScene[Any]):
    """A text field for a path with completion; Enter opens the file."""


    keys: ClassVar[KeyHelp] = (
        ("Type", "a path"),
        ("Tab", "complete"),
        ("Up/Down", "choose"),
        ("Enter", "open (chosen)"),
        ("Ctrl+V", "paste"),
        ("Ctrl+A", "select all"),
        ("Ctrl+Bksp", "delete a word"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine, screen: OpenFileScreen) -> None:
        super().__init__(engine, screen, TextField(os.getcwd() + os.sep))
        self.error = ""
        self.candidates: list[str] = []
        self.chosen = 0
        self._listed_for: str | None = None

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            typed = os.path.expanduser(self.field.text.strip().strip('"'))
            if os.path.isdir(typed) and self.candidates:
                self._take_candidate()
            else:
                self._open(self.field.text)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self._complete()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            self.chosen = max(0, min(len(self.candidates) - 1, self.chosen + step))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif self.edit_field(event):
            self.error = ""

    def _complete(self) -> None:
        if not self.candidates:
            return
        folder = os.path.dirname(self.field.text)
        self.field.text = os.path.join(folder, self.candidates[self.chosen])

    def _click(self, pos: tuple[int, int]) -> None:
        for index, rect in enumerate(self._candidate_rects(self.engine.screen)):
            if rect.collidepoint(pos):
                self.chosen = index
                self._take_candidate()
                return

    def _take_candidate(self) -> None:
        """Step into the chosen folder, or open the chosen file."""
        self._complete()
        if not self.field.text.endswith(os.sep):
            self._open(self.field.text)

    def _open(self, path: str) -> None:
        try:
            collection = load_collection_file(path)
        except LevelError as error:
            self.error = str(error)
            return
        navigation.open_collection(self.engine, collection, LevelFile(str(typed_path(path))))

    # -- logic -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._listed_for != self.field.text:
            self._listed_for = self.field.text
            self.candidates = list_candidates(self.field.text)
            self.chosen = 0

    # -- drawing ---------------------------------------------------------------------------
    def _panel(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        rows = min(SHOWN_CANDIDATES, max(1, (area.height - px(260)) // px(_ROW)))
        panel = pygame.Rect(0, 0, min(px(900), area.width - 40), px(230 + rows * _ROW))
        panel.center = area.center
        return panel

    def _field_rect(self, surface: pygame.Surface) -> pygame.Rect:
        panel = self._panel(surface)
        return pygame.Rect(
            panel.left + px(30), panel.top + px(104), panel.width - px(60), px(48)
        )

    def _candidate_rects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        panel, field = self._panel(surface), self._field_rect(surface)
        room = (panel.bottom - px(48) - field.bottom - px(8)) // px(_ROW)
        shown = min(len(self.candidates), room)
        return [
            pygame.Rect(
                field.left, field.bottom + px(8) + index * px(_ROW), field.width, px(_ROW) - 2
            )
            for index in range(shown)
        ]

    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        dim(surface)
        panel = self._panel(surface)
        draw_panel(surface, panel)
        title_at = (panel.centerx, panel.top + px(20))
        draw_text(surface, "Open a level file", 34, theme.ACCENT, title_at, "midtop", bold=True)
        hint = "Collections in .xsb, .sok or .txt; or drop a file on the window."
        draw_text(surface, hint, 19, theme.TEXT_DIM, (panel.centerx, panel.top + px(66)), "midtop")
        field = self._field_rect(surface)
        self.field.draw(surface, field)
        for index, rect in enumerate(self._candidate_rects(surface)):
            chosen = index == self.chosen
            if chosen:
                pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, border_radius=6)
            name = fit_text(self.candidates[index], 20, rect.width - 24)
            colour = theme.SELECTION if chosen else theme.TEXT
            draw_text(surface, name, 20, colour, (rect.left + px(12), rect.centery), "midleft")
        if self.error:
            text = fit_text(self.error, 19, panel.width - 60)
            draw_text(surface, text, 19, theme.DANGER, (panel.left + px(30), panel.bottom - px(36)))


def list_candidates(typed: str) -> list[str]:
    """Folders (ending with a separator) and level files in the typed folder that match."""
    folder, prefix = os.path.split(os.path.expanduser(typed.strip().strip('"')))
    folders: list[str] = []
    files: list[str] = []
    try:
        with os.scandir(folder or os.curdir) as entries:
            for entry in itertools.islice(entries, MAX_SCANNED_ENTRIES):
                name = entry.name
                if not name.lower().startswith(prefix.lower()):
                    continue
                if name.startswith(".") and not prefix.startswith("."):
                    continue
                if entry.is_dir():
                    folders.append(name + os.sep)
                elif name.lower().endswith(LEVEL_SUFFIXES):
                    files.append(name)
    except (OSError, ValueError):  # ValueError: a NUL typed into the path
        return []
    return sorted(folders, key=str.lower) + sorted(files, key=str.lower)
