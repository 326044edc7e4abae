"""The saved games screen: save the current game under a name, list, load and delete saves.

Its model is game.app.saved_games; this scene maps keys and the mouse, lays out and draws.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.saved_games import NEW_SAVE, SavedGames, SavedGamesView, SlotRow, SlotsKey
from game.app.screens import SlotsScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
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
_KEYS = {
    **dict.fromkeys(UP_KEYS, SlotsKey.UP),
    **dict.fromkeys(DOWN_KEYS, SlotsKey.DOWN),
    **dict.fromkeys(CONFIRM_KEYS, SlotsKey.CHOOSE),
    # Not S: that moves down in every menu, like the arrow.
    pygame.K_o: SlotsKey.SAVE_OVER,
    pygame.K_DELETE: SlotsKey.DELETE,
    pygame.K_BACKSPACE: SlotsKey.DELETE,
    pygame.K_ESCAPE: SlotsKey.BACK,
}


class SlotsScene(GameScene[SavedGamesView]):
    """A list of the saves, newest first, with "New save" on top when there is a game to save."""

    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Enter / click", "load (or new save)"),
        ("O", "save over"),
        ("Del", "delete"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine, screen: SlotsScreen) -> None:
        super().__init__(engine, screen)
        self.model = SavedGames(engine, screen.current)

    def key_hints(self) -> KeyHelp:
        # With no save yet, there is nothing to save over or delete.
        if self.model.view().slots:
            return self.keys
        return tuple((key, action) for key, action in self.keys if key not in ("O", "Del"))

    def on_enter(self) -> None:
        self.model.refresh()

    def on_resume(self) -> None:
        self.model.refresh()

    def shown(self) -> Shown[SavedGamesView]:
        return Shown(self.model.view())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in _KEYS:
            self.model.handle(_KEYS[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.model.handle(Wheel(event.y))
        elif is_pointing(event):
            row = self._row_at(event.pos)
            if row is None:
                return
            clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            self.model.handle(ClickOn(row) if clicked else PointAt(row))

    # -- layout ----------------------------------------------------------------------------
    def list_area(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        width = min(px(900), area.width - 40)
        height = max(px(ROW_HEIGHT), area.bottom - px(NOTE_ROOM + LIST_TOP))
        return pygame.Rect(area.centerx - width // 2, px(LIST_TOP), width, height)

    def visible_rows(self, surface: pygame.Surface, view: SavedGamesView) -> range:
        """The rows in view, scrolled so that the chosen one is among them."""
        shown = max(1, self.list_area(surface).height // px(ROW_HEIGHT))
        first = min(max(0, view.selected - shown + 1), max(0, view.rows - shown))
        return range(first, min(view.rows, first + shown))

    def row_rect(self, surface: pygame.Surface, view: SavedGamesView, row: int) -> pygame.Rect:
        area = self.list_area(surface)
        offset = row - self.visible_rows(surface, view).start
        height = px(ROW_HEIGHT)
        return pygame.Rect(area.left, area.top + offset * height, area.width, height - px(8))

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        surface, view = self.engine.screen, self.model.view()
        for row in self.visible_rows(surface, view):
            if self.row_rect(surface, view, row).collidepoint(pos):
                return row
        return None

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Shown[SavedGamesView], alpha: float) -> None:
        view = shown.view
        draw_backdrop(surface)
        draw_title(surface, "Saved games", 20, 40)
        centre = surface.get_width() // 2
        if view.to_save is not None:
            what = fit_text(view.to_save, 19, surface.get_width() - 40)
            draw_text(surface, what, 19, theme.TEXT_DIM, (centre, px(70)), "midtop")
        if not view.rows:
            area = self.list_area(surface)
            panel = pygame.Rect(area.left, area.top, area.width, px(110))
            draw_panel(surface, panel)
            draw_text(surface, "No saved games yet.", 26, theme.TEXT, panel.center, "midbottom")
            hint = "While playing, press Esc and choose Saved games to save under a name."
            hint = fit_text(hint, 19, panel.width - 30)
            at = (panel.centerx, panel.centery + 6)
            draw_text(surface, hint, 19, theme.TEXT_DIM, at, "midtop")
        first_slot = view.rows - len(view.slots)
        for row in self.visible_rows(surface, view):
            rect = self.row_rect(surface, view, row)
            slot = view.slots[row - first_slot] if row >= first_slot else None
            _draw_row(surface, rect, slot, row == view.selected)
        if view.message:
            text = fit_text(view.message, 20, surface.get_width() - 40)
            bottom = (centre, self.content_area(surface).bottom - px(12))
            draw_text(surface, text, 20, theme.TONE_COLOURS[view.tone], bottom, "midbottom")


def _draw_row(
    surface: pygame.Surface, rect: pygame.Rect, slot: SlotRow | None, chosen: bool
) -> None:
    """A save's row, or the "New save" row (``slot`` None)."""
    pygame.draw.rect(surface, theme.PANEL_LIGHT if chosen else theme.PANEL, rect, border_radius=10)
    border = theme.SELECTION if chosen else theme.PANEL_BORDER
    pygame.draw.rect(surface, border, rect, width=2, border_radius=10)
    if slot is None:
        colour = theme.SELECTION if chosen else theme.ACCENT
        at = (rect.left + px(18), rect.centery)
        draw_text(surface, NEW_SAVE, 24, colour, at, "midleft", True)
        return
    corner = (rect.right - px(18), rect.top + px(8))
    date = draw_text(surface, slot.saved, 18, theme.TEXT_DIM, corner, "topright")
    name = fit_text(slot.name, 23, date.left - rect.left - px(40), True)
    colour = theme.SELECTION if chosen else theme.TEXT
    draw_text(surface, name, 23, colour, (rect.left + px(18), rect.top + px(6)), bold=True)
    details = fit_text(slot.details, 18, rect.width - px(36))
    details_colour = theme.DANGER if slot.damaged else theme.TEXT_DIM
    at = (rect.left + px(18), rect.bottom - px(8))
    draw_text(surface, details, 18, details_colour, at, "bottomleft")
