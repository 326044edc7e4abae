"""The level select: the open collection's levels as cards, a chapter at a time when it has them.

Previews are drawn a few per tick in the background, so big collections open at once.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

import pygame

from game.app import editing, navigation
from game.app.saving import best_text
from game.app.screens import LevelSelectScreen, OpenFileScreen, SolutionsScreen
from game.app.shown import Shown
from game.core.chapters import chapters_of, open_chapters, stars_of
from game.core.level_ref import Campaign
from game.core.wording import counted
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key, is_paste_key
from game.storage.queries import CollectionSummary, collection_summary
from game.storage.records import LevelRecord
from game.ui import theme
from game.ui.level_cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    PREVIEW_HEIGHT,
    CardInfo,
    draw_card,
    draw_unplayable_card,
)
from game.ui.preview import render_preview
from game.ui.scale import px, ui_scale
from game.ui.text import draw_text, fit_text
from game.ui.widgets import KeyHelp, draw_backdrop, draw_scrollbar, is_pointing

GAP = 16
HEADER_HEIGHT = 96
CHAPTER_ROW = 26
PREVIEW_SECONDS_PER_TICK = 0.004

_MOVES = {
    pygame.K_LEFT: -1,
    pygame.K_a: -1,
    pygame.K_h: -1,
    pygame.K_RIGHT: 1,
    pygame.K_d: 1,
    pygame.K_l: 1,
}
_ROW_MOVES = {
    pygame.K_UP: -1,
    pygame.K_w: -1,
    pygame.K_k: -1,
    pygame.K_DOWN: 1,
    pygame.K_s: 1,
    pygame.K_j: 1,
}


class LevelSelectScene(GameScene[Any]):
    """A scrolling grid of the levels of the open collection."""

    keys: ClassVar[KeyHelp] = (
        ("Arrows", "choose"),
        ("Enter / click", "play"),
        ("PgUp/PgDn Wheel", "scroll"),
        ("Tab", "next chapter"),
        ("Shift+S", "solutions"),
        ("O", "open a file"),
        ("E", "edit a copy"),
        ("M", "my levels"),
        ("C", "campaign"),
        ("Ctrl+V", "paste"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine, screen: LevelSelectScreen) -> None:
        super().__init__(engine, screen)
        collection = engine.context.session.collection
        self.levels = collection.levels if collection else []
        self.fingerprints = [level.fingerprint() for level in self.levels]
        self.selected = min(engine.context.session.level_index, max(0, len(self.levels) - 1))
        # A collection with chapters shows one chapter at a time; ``shown`` are its levels.
        self.chapters = chapters_of(self.levels)
        self.chapter = 0
        # A level the game cannot play keeps its place and number among the cards, as the
        # negative of its number (it has no index in ``levels``).
        errors = collection.errors if collection else []
        self.unplayable = {e.number: e.reason for e in errors if e.number is not None}
        self.in_view: list[int] = self._in_file_order()
        self._session_level = engine.context.session.level_index
        self.solved: set[int] = set()
        self.opened: list[bool] = []
        self.scroll_row = 0
        self.previews: dict[int, pygame.Surface] = {}
        self._preview_scale = ui_scale()
        # The collection's records from the progress store, by fingerprint; read on showing.
        self.records: dict[str, LevelRecord] = {}
        # The header's figures: this collection's own, as the statistics screen counts them.
        self.summary = CollectionSummary(len(self.levels), 0, 0)
        # The player's total over every collection, which the HUD and statistics show.
        self.total_score = 0

    def _in_file_order(self) -> list[int]:
        """Every level's index, and each unplayable level's negated number, in file order."""
        session = self.engine.context.session
        numbered = [(session.level_number(index), index) for index in range(len(self.levels))]
        numbered += [(number, -number) for number in self.unplayable]
        return [entry for _, entry in sorted(numbered)]

    def on_enter(self) -> None:
        self._session_level = self.engine.context.session.level_index
        self._load_records()
        self._show_chapter_of(self.selected)

    def on_resume(self) -> None:
        # A level played from here may have moved the session on to the next one; a dialog
        # (why a level cannot be played, say) leaves the choice where it was.
        session_level = self.engine.context.session.level_index
        if session_level != self._session_level:
            self._session_level = session_level
            self.selected = min(session_level, max(0, len(self.levels) - 1))
        self._load_records()
        self._show_chapter_of(self.selected)

    def _load_records(self) -> None:
        context = self.engine.context
        self.records = context.progress.collection_records(context.session.collection_id)
        self.summary = collection_summary(
            context.progress, context.session.collection_id, self.fingerprints
        )
        self.total_score = context.progress.total_score()
        self.solved = {index for index in range(len(self.levels)) if self.is_solved(index)}
        self.opened = open_chapters(self.chapters, self.solved)

    def is_solved(self, index: int) -> bool:
        record = self.records.get(self.fingerprints[index])
        return record is not None and record.solved

    # -- chapters --------------------------------------------------------------------------
    def chapter_open(self) -> bool:
        return not self.chapters or self.opened[self.chapter]

    def _show_chapter_of(self, index: int) -> None:
        for number, chapter in enumerate(self.chapters):
            if index in chapter.indices:
                self._show_chapter(number, index)
                return
        self._keep_selection_visible()

    def _show_chapter(self, number: int, selected: int | None = None) -> None:
        """Show chapter ``number``, with ``selected`` (or its first unsolved level) chosen."""
        self.chapter = number
        self.in_view = list(self.chapters[number].indices)
        unsolved = [index for index in self.in_view if index not in self.solved]
        self.selected = selected if selected in self.in_view else (unsolved or self.in_view)[0]
        self.scroll_row = 0
        self._keep_selection_visible()

    def _play_selected(self) -> None:
        if self.selected < 0:
            number, why = -self.selected, self.unplayable[-self.selected]
            text = f"{why}. The levels after it keep their numbers in the file."
            navigation.show_message(self.engine, f"Level {number} cannot be played", text)
            return
        if self.chapter_open():
            navigation.play_level(self.engine, self.selected)
            return
        before = self.chapters[self.chapter - 1]
        navigation.show_message(
            self.engine,
            f"Chapter {self.chapters[self.chapter].number} is locked",
            f"It opens when {before.needed()} of the {counted(len(before.indices), 'level')} "
            f"of chapter {before.number} are solved ({before.solved_in(self.solved)} so far). "
            "Levels the solver showed do not count.",
        )

    # -- layout ----------------------------------------------------------------------------
    def header_height(self) -> int:
        return px(HEADER_HEIGHT + (CHAPTER_ROW if self.chapters else 0))

    def grid_area(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        top, gap = self.header_height(), px(GAP)
        height = max(px(CARD_HEIGHT), area.bottom - top - gap)
        return pygame.Rect(area.left + gap, top, area.width - 2 * gap, height)

    def columns(self, surface: pygame.Surface) -> int:
        gap = px(GAP)
        return max(1, (self.grid_area(surface).width + gap) // (px(CARD_WIDTH) + gap))

    def visible_rows(self, surface: pygame.Surface) -> int:
        gap = px(GAP)
        return max(1, (self.grid_area(surface).height + gap) // (px(CARD_HEIGHT) + gap))

    def card_rect(self, surface: pygame.Surface, position: int) -> pygame.Rect:
        """The card of the ``position``-th level shown."""
        # A chapter shorter than a row is centred as the row it makes.
        columns = max(1, min(self.columns(surface), len(self.in_view)))
        grid = self.grid_area(surface)
        gap, width, height = px(GAP), px(CARD_WIDTH), px(CARD_HEIGHT)
        used = columns * (width + gap) - gap
        left = grid.left + (grid.width - used) // 2
        row, column = divmod(position, columns)
        top = grid.top + (row - self.scroll_row) * (height + gap)
        return pygame.Rect(left + column * (width + gap), top, width, height)

    def visible_positions(self, surface: pygame.Surface) -> range:
        """The positions (in ``shown``) of the cards in view."""
        columns = self.columns(surface)
        first = self.scroll_row * columns
        return range(first, min(len(self.in_view), first + columns * self.visible_rows(surface)))

    def _keep_selection_visible(self) -> None:
        surface = self.engine.screen
        position = self.in_view.index(self.selected) if self.selected in self.in_view else 0
        row = position // self.columns(surface)
        rows = self.visible_rows(surface)
        if row < self.scroll_row:
            self.scroll_row = row
        elif row >= self.scroll_row + rows:
            self.scroll_row = row - rows + 1
        self._clamp_scroll()

    def _clamp_scroll(self) -> None:
        surface = self.engine.screen
        total_rows = -(-len(self.in_view) // self.columns(surface))
        self.scroll_row = max(0, min(self.scroll_row, total_rows - self.visible_rows(surface)))

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
        elif is_paste_key(event):
            self.paste_levels()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_row -= event.y
            self._clamp_scroll()
        elif is_pointing(event):
            hit = self._card_at(event.pos)
            if hit is None:
                return
            self.selected = hit
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self._play_selected()
        elif event.type == pygame.VIDEORESIZE:
            self._keep_selection_visible()

    def _key(self, key: int) -> None:
        if key == pygame.K_c:
            self._campaign()
            return
        if not self.levels:
            return
        surface = self.engine.screen
        columns = self.columns(surface)
        page = columns * self.visible_rows(surface)
        moves = {
            pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page,
            pygame.K_HOME: -len(self.in_view),
            pygame.K_END: len(self.in_view),
        }
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._play_selected()
            return
        if key == pygame.K_TAB and self.chapters:
            step = -1 if pygame.key.get_mods() & pygame.KMOD_SHIFT else 1
            self._show_chapter((self.chapter + step) % len(self.chapters))
            return
        if key == pygame.K_o:
            self.engine.open(OpenFileScreen())
            return
        playable = self.selected >= 0  # not the card of a level the game cannot play
        if key == pygame.K_s and pygame.key.get_mods() & pygame.KMOD_SHIFT and playable:
            self.engine.open(SolutionsScreen(self.selected))
        elif key == pygame.K_e and playable:  # edit a copy of the level, campaign included
            editing.edit_level(self.engine, self.levels[self.selected])
        elif key == pygame.K_m:
            editing.open_user_levels(self.engine)
        if key in (pygame.K_s, pygame.K_e, pygame.K_m):
            return
        offset = _MOVES.get(key) or _ROW_MOVES.get(key, 0) * columns or moves.get(key, 0)
        position = max(0, min(len(self.in_view) - 1, self.in_view.index(self.selected) + offset))
        self.selected = self.in_view[position]
        self._keep_selection_visible()

    def _campaign(self) -> None:
        """The campaign's levels in place of the open collection's (they stay a key away:
        M for my levels, O for a file)."""
        if self.engine.context.session.source == Campaign():
            return
        if navigation.open_campaign(self.engine):
            self.engine.replace(LevelSelectScreen())

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        surface = self.engine.screen
        if not self.grid_area(surface).collidepoint(pos):
            return None
        for position in self.visible_positions(surface):
            if self.card_rect(surface, position).collidepoint(pos):
                return self.in_view[position]
        return None

    # -- logic -----------------------------------------------------------------------------
    def is_busy(self) -> bool:
        """Busy while the previews in view are still being drawn, a few each tick."""
        return not self.previews.keys() >= set(self._indices_in_view())

    def _indices_in_view(self) -> list[int]:
        shown = [self.in_view[position] for position in self.visible_positions(self.engine.screen)]
        return [index for index in shown if index >= 0]

    def update(self, dt: float) -> None:
        started = time.perf_counter()
        if self._preview_scale != ui_scale():
            # The window's scale changed: the previews are drawn again at the cards' new size.
            self.previews.clear()
            self._preview_scale = ui_scale()
        for index in self._indices_in_view():
            if index not in self.previews:
                self.previews[index] = render_preview(
                    self.levels[index], px(CARD_WIDTH - 20), px(PREVIEW_HEIGHT)
                )
                # Big levels take longer to draw; the rest wait for the next tick.
                if time.perf_counter() - started > PREVIEW_SECONDS_PER_TICK:
                    return

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        draw_backdrop(surface)
        session = self.engine.context.session
        draw_text(
            surface,
            fit_text(session.title, 40, surface.get_width() - 40, bold=True),
            40,
            theme.ACCENT,
            (surface.get_width() // 2, px(14)),
            "midtop",
            bold=True,
        )
        summary = (
            f"{counted(self.summary.levels, 'level')}, {self.summary.solved} solved, "
            f"{self.summary.score:,} points here (total score {self.total_score:,})"
        )
        if session.path:
            summary += f"  -  {session.path}"
        summary = fit_text(summary, 19, surface.get_width() - 40)
        centre = surface.get_width() // 2
        draw_text(surface, summary, 19, theme.TEXT_DIM, (centre, px(62)), "midtop")
        if self.chapters:
            self._draw_chapter_line(surface)
        old_clip = surface.get_clip()
        surface.set_clip(self.grid_area(surface).inflate(px(GAP), px(GAP)))
        for position in self.visible_positions(surface):
            self._draw_card(surface, position)
        surface.set_clip(old_clip)
        self._draw_scrollbar(surface)

    def _draw_chapter_line(self, surface: pygame.Surface) -> None:
        chapter = self.chapters[self.chapter]
        line = (
            f"Chapter {chapter.number} of {len(self.chapters)}: {chapter.name}, "
            f"{chapter.solved_in(self.solved)} of {len(chapter.indices)} solved"
        )
        colour = theme.ACCENT_ALT
        if not self.chapter_open():
            line += " (locked)"
            colour = theme.TEXT_DIM
        line = fit_text(line, 20, surface.get_width() - 40, bold=True)
        centre = (surface.get_width() // 2, px(88))
        draw_text(surface, line, 20, colour, centre, "midtop", bold=True)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        total_rows = -(-len(self.in_view) // self.columns(surface))
        grid = self.grid_area(surface)
        track = pygame.Rect(surface.get_width() - px(10), grid.top, px(5), grid.height)
        draw_scrollbar(surface, track, self.scroll_row, self.visible_rows(surface), total_rows)

    def _draw_card(self, surface: pygame.Surface, position: int) -> None:
        index = self.in_view[position]
        rect = self.card_rect(surface, position)
        if index < 0:
            draw_unplayable_card(surface, rect, -index, index == self.selected)
            return
        record = self.records.get(self.fingerprints[index])
        solved = record is not None and record.solved
        info = CardInfo(
            number=self.engine.context.session.level_number(index),
            chosen=index == self.selected,
            solved=solved,
            shown_by_solver=record is not None and record.solver_used and not solved,
            locked=not self.chapter_open(),
            best=best_text(record) if solved else "",
            stars=stars_of(self.levels[index]),
        )
        draw_card(surface, rect, self.levels[index], info, self.previews.get(index))
