"""The level select: the open collection's levels as cards with previews, solved marks and bests.

Previews are drawn a few per tick in the background, so big collections open at once.
"""

from __future__ import annotations

import time
from typing import ClassVar

import pygame

from game.core.wording import counted
from game.engine import editing, navigation
from game.engine.engine import GameEngine
from game.engine.saving import best_text
from game.engine.session import CAMPAIGN_SOURCE
from game.scenes.base import GameScene, is_back_key
from game.storage.records import LevelRecord
from game.ui import theme
from game.ui.preview import render_preview
from game.ui.text import draw_text, fit_text
from game.ui.widgets import KeyHelp, draw_backdrop

CARD_WIDTH = 212
CARD_HEIGHT = 196
GAP = 16
HEADER_HEIGHT = 96
PREVIEW_HEIGHT = 118
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


class LevelSelectScene(GameScene):
    """A scrolling grid of the levels of the open collection."""

    name = "level_select"

    keys: ClassVar[KeyHelp] = (
        ("Arrows", "choose"),
        ("Enter / click", "play"),
        ("PgUp/PgDn Wheel", "scroll"),
        ("O", "open a file"),
        ("E", "edit a copy"),
        ("M", "my levels"),
        ("Esc", "back"),
    )

    def __init__(self, engine: GameEngine) -> None:
        super().__init__(engine)
        collection = engine.session.collection
        self.levels = collection.levels if collection else []
        self.fingerprints = [level.fingerprint() for level in self.levels]
        self.selected = min(engine.session.level_index, max(0, len(self.levels) - 1))
        self.scroll_row = 0
        self.previews: dict[int, pygame.Surface] = {}
        # The collection's records from the progress store, by fingerprint; read on showing.
        self.records: dict[str, LevelRecord] = {}
        self.total_score = 0

    def on_enter(self) -> None:
        self._load_records()
        self._keep_selection_visible()

    def on_resume(self) -> None:
        # A level played from here may have moved the session on to the next one.
        self.selected = min(self.engine.session.level_index, max(0, len(self.levels) - 1))
        self._load_records()
        self._keep_selection_visible()

    def _load_records(self) -> None:
        self.records = self.engine.progress.collection_records(self.engine.session.collection_id)
        self.total_score = self.engine.progress.total_score()

    def is_solved(self, index: int) -> bool:
        record = self.records.get(self.fingerprints[index])
        return record is not None and record.solved

    # -- layout ----------------------------------------------------------------------------
    def grid_area(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        return pygame.Rect(
            area.left + GAP,
            HEADER_HEIGHT,
            area.width - 2 * GAP,
            max(CARD_HEIGHT, area.bottom - HEADER_HEIGHT - GAP),
        )

    def columns(self, surface: pygame.Surface) -> int:
        return max(1, (self.grid_area(surface).width + GAP) // (CARD_WIDTH + GAP))

    def visible_rows(self, surface: pygame.Surface) -> int:
        return max(1, (self.grid_area(surface).height + GAP) // (CARD_HEIGHT + GAP))

    def card_rect(self, surface: pygame.Surface, index: int) -> pygame.Rect:
        columns = self.columns(surface)
        grid = self.grid_area(surface)
        used = columns * (CARD_WIDTH + GAP) - GAP
        left = grid.left + (grid.width - used) // 2
        row, column = divmod(index, columns)
        top = grid.top + (row - self.scroll_row) * (CARD_HEIGHT + GAP)
        return pygame.Rect(left + column * (CARD_WIDTH + GAP), top, CARD_WIDTH, CARD_HEIGHT)

    def visible_indices(self, surface: pygame.Surface) -> range:
        columns = self.columns(surface)
        first = self.scroll_row * columns
        return range(first, min(len(self.levels), first + columns * self.visible_rows(surface)))

    def _keep_selection_visible(self) -> None:
        surface = self.engine.screen
        row = self.selected // self.columns(surface)
        rows = self.visible_rows(surface)
        if row < self.scroll_row:
            self.scroll_row = row
        elif row >= self.scroll_row + rows:
            self.scroll_row = row - rows + 1
        self._clamp_scroll()

    def _clamp_scroll(self) -> None:
        surface = self.engine.screen
        total_rows = -(-len(self.levels) // self.columns(surface))
        self.scroll_row = max(0, min(self.scroll_row, total_rows - self.visible_rows(surface)))

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_row -= event.y
            self._clamp_scroll()
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            hit = self._card_at(event.pos)
            if hit is None:
                return
            self.selected = hit
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                navigation.play_level(self.engine, hit)
        elif event.type == pygame.VIDEORESIZE:
            self._keep_selection_visible()

    def _key(self, key: int) -> None:
        if not self.levels:
            return
        surface = self.engine.screen
        columns = self.columns(surface)
        page = columns * self.visible_rows(surface)
        moves = {
            pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page,
            pygame.K_HOME: -len(self.levels),
            pygame.K_END: len(self.levels),
        }
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            navigation.play_level(self.engine, self.selected)
            return
        if key == pygame.K_o:
            self.engine.push_scene("open_file")
            return
        if key in (pygame.K_e, pygame.K_m):
            # E: edit a copy of the level (campaign included); M: the player's own levels.
            if key == pygame.K_e:
                editing.edit_level(self.engine, self.levels[self.selected])
            else:
                editing.open_user_levels(self.engine)
            return
        offset = _MOVES.get(key) or _ROW_MOVES.get(key, 0) * columns or moves.get(key, 0)
        self.selected = max(0, min(len(self.levels) - 1, self.selected + offset))
        self._keep_selection_visible()

    def _card_at(self, pos: tuple[int, int]) -> int | None:
        surface = self.engine.screen
        if not self.grid_area(surface).collidepoint(pos):
            return None
        for index in self.visible_indices(surface):
            if self.card_rect(surface, index).collidepoint(pos):
                return index
        return None

    # -- logic -----------------------------------------------------------------------------
    def is_busy(self) -> bool:
        """Busy while the previews in view are still being drawn, a few each tick."""
        return any(index not in self.previews for index in self.visible_indices(self.engine.screen))

    def update(self, dt: float) -> None:
        started = time.perf_counter()
        for index in self.visible_indices(self.engine.screen):
            if index not in self.previews:
                self.previews[index] = render_preview(
                    self.levels[index], CARD_WIDTH - 20, PREVIEW_HEIGHT
                )
                # Big levels take longer to draw; the rest wait for the next tick.
                if time.perf_counter() - started > PREVIEW_SECONDS_PER_TICK:
                    return

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_backdrop(surface)
        session = self.engine.session
        solved = sum(self.is_solved(index) for index in range(len(self.levels)))
        draw_text(
            surface,
            fit_text(session.title, 40, surface.get_width() - 40, bold=True),
            40,
            theme.ACCENT,
            (surface.get_width() // 2, 14),
            "midtop",
            bold=True,
        )
        summary = (
            f"{counted(len(self.levels), 'level')}, {solved} solved, score {self.total_score:,}"
        )
        if session.source not in ("", CAMPAIGN_SOURCE):
            summary += f"  -  {session.source}"
        summary = fit_text(summary, 19, surface.get_width() - 40)
        draw_text(surface, summary, 19, theme.TEXT_DIM, (surface.get_width() // 2, 62), "midtop")
        old_clip = surface.get_clip()
        surface.set_clip(self.grid_area(surface).inflate(GAP, GAP))
        for index in self.visible_indices(surface):
            self._draw_card(surface, index)
        surface.set_clip(old_clip)
        self._draw_scrollbar(surface)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        """A thin bar on the right that shows which part of a long collection is in view."""
        columns, rows = self.columns(surface), self.visible_rows(surface)
        total_rows = -(-len(self.levels) // columns)
        if total_rows <= rows:
            return
        grid = self.grid_area(surface)
        track = pygame.Rect(surface.get_width() - 10, grid.top, 5, grid.height)
        thumb_height = max(24, track.height * rows // total_rows)
        span = track.height - thumb_height
        thumb_top = track.top + span * self.scroll_row // max(1, total_rows - rows)
        pygame.draw.rect(surface, theme.PANEL, track, border_radius=3)
        thumb = pygame.Rect(track.left, thumb_top, track.width, thumb_height)
        pygame.draw.rect(surface, theme.ACCENT_ALT, thumb, border_radius=3)

    def _draw_card(self, surface: pygame.Surface, index: int) -> None:
        rect = self.card_rect(surface, index)
        chosen = index == self.selected
        solved = self.is_solved(index)
        pygame.draw.rect(surface, theme.SHADOW, rect.move(0, 4), border_radius=12)
        pygame.draw.rect(
            surface, theme.PANEL_LIGHT if chosen else theme.PANEL, rect, border_radius=12
        )
        border = theme.SELECTION if chosen else (theme.GOOD if solved else theme.PANEL_BORDER)
        pygame.draw.rect(surface, border, rect, width=3 if chosen else 2, border_radius=12)
        preview_box = pygame.Rect(rect.left + 10, rect.top + 30, rect.width - 20, PREVIEW_HEIGHT)
        preview = self.previews.get(index)
        if preview is not None:
            surface.blit(preview, preview.get_rect(center=preview_box.center))
        else:
            draw_text(surface, "...", 22, theme.TEXT_DIM, preview_box.center, "center")
        draw_text(
            surface, str(index + 1), 20, theme.ACCENT, (rect.left + 12, rect.top + 8), bold=True
        )
        title = self.levels[index].title
        if title and title != str(index + 1):
            title = fit_text(title, 17, rect.width - 60)
            draw_text(
                surface, title, 17, theme.TEXT_DIM, (rect.right - 12, rect.top + 10), "topright"
            )
        status_y = rect.bottom - 22
        if solved:
            _draw_check(surface, (rect.left + 14, status_y))
            best = f"best {best_text(self.records[self.fingerprints[index]])} moves/pushes"
            draw_text(
                surface,
                fit_text(best, 16, rect.width - 44),
                16,
                theme.GOOD,
                (rect.left + 32, status_y),
                "midleft",
            )
        else:
            level = self.levels[index]
            size = f"{level.width}x{level.height}, {counted(len(level.boxes), 'box', 'boxes')}"
            record = self.records.get(self.fingerprints[index])
            if record is not None and record.solver_used:
                # Finished by the solver's solution: seen, not solved, and worth no score.
                size = "shown by the solver"
            draw_text(surface, size, 16, theme.TEXT_DIM, (rect.left + 14, status_y), "midleft")


def _draw_check(surface: pygame.Surface, at: tuple[int, int]) -> None:
    """A check mark (the default font has no glyph for one)."""
    x, y = at
    pygame.draw.lines(surface, theme.GOOD, False, [(x, y), (x + 5, y + 5), (x + 13, y - 6)], 3)
