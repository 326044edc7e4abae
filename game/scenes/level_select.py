"""The level select: the open collection's levels as cards, a chapter at a time when it has them.

Its model is game.app.level_select; this scene maps keys and the mouse, lays the cards out and
draws them. Previews are drawn a few per tick, so big collections open at once.
"""

from __future__ import annotations

import time
from typing import ClassVar

import pygame

from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.level_select import (
    CardGrid,
    LevelSelect,
    LevelSelectCommand,
    LevelSelectView,
    SelectKey,
)
from game.app.screens import LevelSelectScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_paste_key
from game.ui import theme
from game.ui.level_cards import CARD_HEIGHT, CARD_WIDTH, PREVIEW_HEIGHT, draw_card
from game.ui.preview import render_preview
from game.ui.scale import px, ui_scale
from game.ui.text import draw_text, fit_text
from game.ui.widgets import (
    CONFIRM_KEYS,
    DOWN_KEYS,
    LEFT_KEYS,
    RIGHT_KEYS,
    UP_KEYS,
    KeyHelp,
    draw_backdrop,
    draw_scrollbar,
    is_pointing,
)

GAP = 16
HEADER_HEIGHT = 96
CHAPTER_ROW = 26
PREVIEW_SECONDS_PER_TICK = 0.004

_KEYS = {
    **dict.fromkeys(LEFT_KEYS, SelectKey.LEFT),
    **dict.fromkeys(RIGHT_KEYS, SelectKey.RIGHT),
    **dict.fromkeys(UP_KEYS, SelectKey.UP),
    # Not S: with Shift it asks for the solutions.
    **dict.fromkeys((key for key in DOWN_KEYS if key != pygame.K_s), SelectKey.DOWN),
    **dict.fromkeys(CONFIRM_KEYS, SelectKey.PLAY),
    pygame.K_PAGEUP: SelectKey.PAGE_UP,
    pygame.K_PAGEDOWN: SelectKey.PAGE_DOWN,
    pygame.K_HOME: SelectKey.FIRST,
    pygame.K_END: SelectKey.LAST,
    pygame.K_o: SelectKey.OPEN_FILE,
    pygame.K_e: SelectKey.EDIT,
    pygame.K_m: SelectKey.MY_LEVELS,
    pygame.K_c: SelectKey.CAMPAIGN,
    pygame.K_ESCAPE: SelectKey.BACK,
}


class LevelSelectScene(GameScene[LevelSelectView]):
    """A scrolling grid of the levels of the open collection."""

    keys: ClassVar[KeyHelp] = (
        ("Arrows", "choose"),
        ("Enter / click", "play"),
        ("PgUp/PgDn Wheel", "scroll"),
        ("Tab", "next chapter"),
        ("Shift+S", "solutions"),
        ("Shift+L", "all solutions"),
        ("O", "open a file"),
        ("E", "edit a copy"),
        ("M", "my levels"),
        ("C", "campaign"),
        ("Ctrl+V", "paste"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine, screen: LevelSelectScreen) -> None:
        super().__init__(engine, screen)
        self.model = LevelSelect(engine)
        # Each level's picture, by its index, drawn at the window's scale a few a tick.
        self.previews: dict[int, pygame.Surface] = {}
        self._preview_scale = ui_scale()

    def on_enter(self) -> None:
        self._fit()
        self.model.came_into_view()

    def on_resume(self) -> None:
        self._fit()
        self.model.came_back()

    def _fit(self) -> None:
        """Tell the model how the window lays the cards out now."""
        self.model.fit(self.grid(self.engine.screen, bool(self.model.chapters)))

    def shown(self) -> Shown[LevelSelectView]:
        view = self.model.view()
        waiting = self._previews_waiting(view)
        # The previews made so far are part of what is shown: each tick that adds some draws.
        made = len(view.cards) - len(waiting)
        return Shown(view, ticking=made, moving=bool(waiting))

    def _previews_waiting(self, view: LevelSelectView) -> list[int]:
        """The levels in view whose pictures are still to be drawn."""
        return [
            card.index
            for card in view.cards
            if card.level is not None and card.index not in self.previews
        ]

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self._fit()
        command = self._command(event)
        if command is not None:
            self.model.handle(command)

    def _command(self, event: pygame.event.Event) -> LevelSelectCommand | None:
        if is_paste_key(event):
            return SelectKey.PASTE
        if event.type == pygame.KEYDOWN:
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if event.key == pygame.K_TAB:
                return SelectKey.PREVIOUS_CHAPTER if shift else SelectKey.NEXT_CHAPTER
            if event.key == pygame.K_s:
                return SelectKey.SOLUTIONS if shift else None
            if event.key == pygame.K_l and shift:  # without Shift, L steps right
                return SelectKey.COLLECTION_SOLUTIONS
            return _KEYS.get(event.key)
        if event.type == pygame.MOUSEWHEEL:
            return Wheel(event.y)
        if is_pointing(event):
            position = self._card_at(event.pos)
            if position is None:
                return None
            clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            return ClickOn(position) if clicked else PointAt(position)
        return None

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        """The position of the card in view at ``pos``, if there is one."""
        surface, view = self.engine.screen, self.model.view()
        if not self.grid_area(surface, bool(view.chapter)).collidepoint(pos):
            return None
        for position in self.visible_positions(view):
            if self.card_rect(surface, view, position).collidepoint(pos):
                return position
        return None

    # -- logic -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._fit()
        started = time.perf_counter()
        if self._preview_scale != ui_scale():
            # The window's scale changed: the previews are drawn again at the cards' new size.
            self.previews.clear()
            self._preview_scale = ui_scale()
        view = self.model.view()
        levels = {card.index: card.level for card in view.cards}
        for index in self._previews_waiting(view):
            level = levels[index]
            assert level is not None  # only playable levels wait for a picture
            self.previews[index] = render_preview(
                level, px(CARD_WIDTH - 20), px(PREVIEW_HEIGHT)
            )
            # Big levels take longer to draw; the rest wait for the next tick.
            if time.perf_counter() - started > PREVIEW_SECONDS_PER_TICK:
                return

    # -- layout: functions of the window and the view, so drawing and the mouse agree ---------
    def grid_area(self, surface: pygame.Surface, chapters: bool) -> pygame.Rect:
        """Where the cards go: below the header (a line taller with chapters), above the keys."""
        area = self.content_area(surface)
        top, gap = px(HEADER_HEIGHT + (CHAPTER_ROW if chapters else 0)), px(GAP)
        height = max(px(CARD_HEIGHT), area.bottom - top - gap)
        return pygame.Rect(area.left + gap, top, area.width - 2 * gap, height)

    def grid(self, surface: pygame.Surface, chapters: bool) -> CardGrid:
        """How many cards a row, and how many rows, the window shows."""
        area, gap = self.grid_area(surface, chapters), px(GAP)
        return CardGrid(
            max(1, (area.width + gap) // (px(CARD_WIDTH) + gap)),
            max(1, (area.height + gap) // (px(CARD_HEIGHT) + gap)),
        )

    def visible_positions(self, view: LevelSelectView) -> range:
        """The positions (among the chapter's cards) of the cards in view."""
        return range(view.first, view.first + len(view.cards))

    def card_rect(
        self, surface: pygame.Surface, view: LevelSelectView, position: int
    ) -> pygame.Rect:
        """The card of the ``position``-th level of the chapter (or the collection)."""
        chapters = bool(view.chapter)
        # A chapter shorter than a row is centred as the row it makes.
        used_columns = max(1, min(self.grid(surface, chapters).columns, view.count))
        area = self.grid_area(surface, chapters)
        gap, width, height = px(GAP), px(CARD_WIDTH), px(CARD_HEIGHT)
        used = used_columns * (width + gap) - gap
        left = area.left + (area.width - used) // 2
        row, column = divmod(position, used_columns)
        top = area.top + (row - view.first_row) * (height + gap)
        return pygame.Rect(left + column * (width + gap), top, width, height)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Shown[LevelSelectView], alpha: float) -> None:
        view = shown.view
        draw_backdrop(surface)
        width = surface.get_width()
        title = fit_text(view.title, 40, width - 40, bold=True)
        draw_text(surface, title, 40, theme.ACCENT, (width // 2, px(14)), "midtop", bold=True)
        summary = fit_text(view.summary, 19, width - 40)
        draw_text(surface, summary, 19, theme.TEXT_DIM, (width // 2, px(62)), "midtop")
        if view.chapter:
            colour = theme.ACCENT_ALT if view.chapter_open else theme.TEXT_DIM
            line = fit_text(view.chapter, 20, width - 40, bold=True)
            draw_text(surface, line, 20, colour, (width // 2, px(88)), "midtop", bold=True)
        chapters = bool(view.chapter)
        area = self.grid_area(surface, chapters)
        old_clip = surface.get_clip()
        surface.set_clip(area.inflate(px(GAP), px(GAP)))
        for position, card in zip(self.visible_positions(view), view.cards, strict=True):
            rect = self.card_rect(surface, view, position)
            draw_card(surface, rect, card, self.previews.get(card.index))
        surface.set_clip(old_clip)
        grid = self.grid(surface, chapters)
        total_rows = -(-view.count // grid.columns)
        track = pygame.Rect(width - px(10), area.top, px(5), area.height)
        draw_scrollbar(surface, track, view.first_row, grid.rows, total_rows)
