"""The saved games screen: save the current game under a name, list, load and delete saves.

Replacing or deleting a save asks first; loading resumes the game with its whole move history.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

import pygame

from game.app import navigation
from game.app.damaged import offer_deletion, report_damaged
from game.app.flows import Flow, ask_checked_text, ask_yes_no, run_flow
from game.app.screens import SlotsScreen
from game.app.shown import Shown
from game.core.problems import refusal
from game.core.wording import counted
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.storage.records import SavedGame, SlotInfo
from game.storage.slots import MAX_NAME_LENGTH, SaveSlots, slot_name_problem
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
from game.ui.widgets import (
    CONFIRM_KEYS,
    DOWN_KEYS,
    UP_KEYS,
    KeyHelp,
    draw_backdrop,
    draw_panel,
    draw_title,
    is_pointing,
)

ROW_HEIGHT = 58
LIST_TOP = 106
NOTE_ROOM = 44
DELETE_KEYS = (pygame.K_DELETE, pygame.K_BACKSPACE)
# Not S: that moves down in every menu, like the arrow.
SAVE_OVER_KEY = pygame.K_o
NEW_SAVE = "New save..."


class SlotsScene(GameScene[Any]):
    """A list of the saves, newest first, with "New save" on top when there is a game to save.

    ``current`` gives the game a new save would hold: the level being played (from the pause
    menu) or the last session (from the main menu); None when there is nothing to save.
    """


    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Enter / click", "load (or new save)"),
        ("O", "save over"),
        ("Del", "delete"),
        ("Esc", "back"),
    )

    def key_hints(self) -> KeyHelp:
        # With no save yet, there is nothing to save over or delete.
        if self.slots:
            return self.keys
        return tuple((key, action) for key, action in self.keys if key not in ("O", "Del"))

    def __init__(self, engine: GameEngine, screen: SlotsScreen) -> None:
        super().__init__(engine, screen)
        self.current = screen.current
        self.slots: list[SlotInfo] = []
        # The game a new save would hold, taken when the screen shows (play is paused meanwhile).
        self.to_save: SavedGame | None = None
        self.selected = 0
        self.message = ""
        self.message_colour = theme.TEXT_DIM
        self.reported: set[str] = set()  # damaged saves named on stderr already

    @property
    def saves(self) -> SaveSlots:
        return SaveSlots(self.engine.progress)

    def on_enter(self) -> None:
        self.refresh()

    def on_resume(self) -> None:
        self.refresh()

    def refresh(self, select: str | None = None) -> None:
        """Read the saves again, keeping the choice (or choosing the save named ``select``)."""
        self.slots = self.saves.list()
        for slot in self.slots:
            if slot.problem is not None:
                report_damaged(f"The save {slot.name!r}", slot.problem, self.reported)
        self.to_save = self.current()
        names = [slot.name for slot in self.slots]
        if select in names:
            self.selected = names.index(select) + self.first_slot_row
        self.selected = max(0, min(self.selected, self.row_count - 1))

    # -- rows ------------------------------------------------------------------------------
    @property
    def can_save(self) -> bool:
        return self.to_save is not None

    @property
    def first_slot_row(self) -> int:
        return 1 if self.can_save else 0

    @property
    def row_count(self) -> int:
        return self.first_slot_row + len(self.slots)

    def slot_at(self, row: int) -> SlotInfo | None:
        index = row - self.first_slot_row
        return self.slots[index] if 0 <= index < len(self.slots) else None

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self._choose(self.selected - event.y)
        elif is_pointing(event):
            row = self._row_at(event.pos)
            if row is None:
                return
            self.selected = row
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self._activate()

    def _key(self, key: int) -> None:
        if key in UP_KEYS:
            self._choose(self.selected - 1)
        elif key in DOWN_KEYS:
            self._choose(self.selected + 1)
        elif key in CONFIRM_KEYS:
            self._activate()
        elif key == SAVE_OVER_KEY:
            slot = self.slot_at(self.selected)
            if slot is not None:
                self._save_as(slot.name)
        elif key in DELETE_KEYS:
            slot = self.slot_at(self.selected)
            if slot is not None:
                self._ask_delete(slot.name)

    def _choose(self, row: int) -> None:
        self.selected = max(0, min(row, self.row_count - 1))

    def _activate(self) -> None:
        slot = self.slot_at(self.selected)
        if slot is not None and slot.problem is not None:
            name = slot.name
            what = f"The save {name!r}"
            offer_deletion(self.engine, what, slot.problem, lambda: self._delete(name))
        elif slot is not None:
            self._load(slot.name)
        elif self.can_save and self.selected == 0:
            self._ask_name()

    # -- the actions -----------------------------------------------------------------------
    def _ask_name(self) -> None:
        game = self.to_save
        suggestion = ""
        if game is not None:
            suggestion = game.place

        def flow() -> Flow:
            name = yield from ask_checked_text(
                "Save the game",
                f"A name for this save (at most {MAX_NAME_LENGTH} characters).",
                lambda name: refusal(slot_name_problem(name)),
                suggestion[:MAX_NAME_LENGTH],
                MAX_NAME_LENGTH,
            )
            if name is not None:
                yield from self._save_flow(name)

        run_flow(self.engine.open, flow())

    def _save_as(self, name: str) -> None:
        """Save under ``name``, asking first if that replaces a save."""
        run_flow(self.engine.open, self._save_flow(name))

    def _save_flow(self, name: str) -> Flow:
        if not self.can_save:
            self._tell("There is no game to save yet: play a level first.", theme.WARNING)
            return
        if self.saves.exists(name):
            replacing = yield from ask_yes_no(
                "Replace the save?",
                f'A save named "{name.strip()}" exists. Replace it with the current game?',
            )
            if not replacing:
                return
        self._save(name)

    def _save(self, name: str) -> None:
        game = self.to_save
        if game is None:
            self._tell("There is no game to save.", theme.WARNING)
            return
        problem = self.saves.save(name, game)
        if problem is not None:
            self._tell(problem, theme.DANGER)
            return
        self.refresh(select=name.strip())
        self._tell(f'Saved as "{name.strip()}".', theme.GOOD)

    def _ask_delete(self, name: str) -> None:
        def flow() -> Flow:
            if (yield from ask_yes_no(
                "Delete the save?", f'The save "{name}" will be gone for good.'
            )):
                self._delete(name)

        run_flow(self.engine.open, flow())

    def _delete(self, name: str) -> str | None:
        problem = self.saves.delete(name)
        self.refresh()
        if problem is not None:
            self._tell(problem, theme.DANGER)
        else:
            self._tell(f'Deleted "{name}".', theme.TEXT_DIM)
        return problem

    def _load(self, name: str) -> None:
        game = self.saves.load(name)
        if game is None:
            self._tell(f'The save "{name}" cannot be read.', theme.DANGER)
            return
        navigation.resume_game(self.engine, game)

    def _tell(self, text: str, colour: theme.Color) -> None:
        self.message, self.message_colour = text, colour

    # -- layout ----------------------------------------------------------------------------
    def list_area(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        width = min(px(900), area.width - 40)
        height = max(px(ROW_HEIGHT), area.bottom - px(NOTE_ROOM + LIST_TOP))
        return pygame.Rect(area.centerx - width // 2, px(LIST_TOP), width, height)

    def visible_rows(self, surface: pygame.Surface) -> range:
        """The rows in view, scrolled so that the chosen one is among them."""
        shown = max(1, self.list_area(surface).height // px(ROW_HEIGHT))
        first = min(max(0, self.selected - shown + 1), max(0, self.row_count - shown))
        return range(first, min(self.row_count, first + shown))

    def row_rect(self, surface: pygame.Surface, row: int) -> pygame.Rect:
        area = self.list_area(surface)
        offset = row - self.visible_rows(surface).start
        height = px(ROW_HEIGHT)
        return pygame.Rect(area.left, area.top + offset * height, area.width, height - px(8))

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        surface = self.engine.screen
        for row in self.visible_rows(surface):
            if self.row_rect(surface, row).collidepoint(pos):
                return row
        return None

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        draw_backdrop(surface)
        draw_title(surface, "Saved games", 20, 40)
        if self.to_save is not None:
            game = self.to_save
            what = f"A new save keeps {game.place}, after {counted(len(game.history), 'move')}."
            what = fit_text(what, 19, surface.get_width() - 40)
            top = (surface.get_width() // 2, px(70))
            draw_text(surface, what, 19, theme.TEXT_DIM, top, "midtop")
        area = self.list_area(surface)
        rows = self.visible_rows(surface)
        if self.row_count == 0:
            panel = pygame.Rect(area.left, area.top, area.width, px(110))
            draw_panel(surface, panel)
            draw_text(surface, "No saved games yet.", 26, theme.TEXT, panel.center, "midbottom")
            hint = "While playing, press Esc and choose Saved games to save under a name."
            hint = fit_text(hint, 19, panel.width - 30)
            at = (panel.centerx, panel.centery + 6)
            draw_text(surface, hint, 19, theme.TEXT_DIM, at, "midtop")
        for row in rows:
            self._draw_row(surface, row)
        if self.message:
            text = fit_text(self.message, 20, surface.get_width() - 40)
            bottom = self.content_area(surface).bottom - px(12)
            draw_text(
                surface,
                text,
                20,
                self.message_colour,
                (surface.get_width() // 2, bottom),
                "midbottom",
            )

    def _draw_row(self, surface: pygame.Surface, row: int) -> None:
        rect = self.row_rect(surface, row)
        chosen = row == self.selected
        pygame.draw.rect(
            surface, theme.PANEL_LIGHT if chosen else theme.PANEL, rect, border_radius=10
        )
        border = theme.SELECTION if chosen else theme.PANEL_BORDER
        pygame.draw.rect(surface, border, rect, width=2, border_radius=10)
        slot = self.slot_at(row)
        if slot is None:
            colour = theme.SELECTION if chosen else theme.ACCENT
            draw_text(
                surface, NEW_SAVE, 24, colour, (rect.left + px(18), rect.centery), "midleft", True
            )
            return
        details = f"{slot.place}, {counted(slot.moves, 'move')}"
        details_colour = theme.TEXT_DIM
        if slot.problem is not None:
            details, details_colour = f"Cannot be read: {slot.problem}", theme.DANGER
        saved = time.strftime("%Y-%m-%d %H:%M", time.localtime(slot.saved_at))
        date = draw_text(
            surface, saved, 18, theme.TEXT_DIM, (rect.right - px(18), rect.top + px(8)), "topright"
        )
        name = fit_text(slot.name, 23, date.left - rect.left - px(40), True)
        colour = theme.SELECTION if chosen else theme.TEXT
        draw_text(surface, name, 23, colour, (rect.left + px(18), rect.top + px(6)), bold=True)
        details = fit_text(details, 18, rect.width - px(36))
        draw_text(
            surface, details, 18, details_colour, (rect.left + px(18), rect.bottom - px(8)),
            "bottomleft",
        )
