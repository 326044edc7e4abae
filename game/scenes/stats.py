"""The statistics screen: totals, completion per collection, and charts drawn with pygame.draw.

It reads the progress store once when shown; drawing only lays out that snapshot.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.app.screens import StatsScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.storage.queries import StatsSnapshot, stats_snapshot
from game.storage.store import ProgressStore
from game.ui import theme
from game.ui.level_chart import draw_level_chart
from game.ui.stats_charts import (
    collection_rows,
    draw_collections,
    draw_score_chart,
    draw_totals,
    stats_layout,
)
from game.ui.text import draw_text
from game.ui.widgets import (
    DOWN_KEYS,
    UP_KEYS,
    KeyHelp,
    draw_backdrop,
)


class StatsScene(GameScene[Any]):
    """Totals, completion bars, score over time, and moves and pushes per level against par."""


    keys: ClassVar[KeyHelp] = (("Up/Down", "collection"), ("Click", "choose"), ("Esc", "back"))

    def __init__(self, engine: GameEngine, screen: StatsScreen) -> None:
        super().__init__(engine, screen)
        self.store: ProgressStore = screen.store or engine.player_progress
        self.data = StatsSnapshot()
        self.selected = 0

    def on_enter(self) -> None:
        self.reload()

    def on_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        self.data = stats_snapshot(self.store)
        self.selected = min(self.selected, max(0, len(self.data.collections) - 1))

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
            return
        count = len(self.data.collections)
        if event.type == pygame.KEYDOWN and count:
            if event.key in UP_KEYS:
                self.selected = (self.selected - 1) % count
            elif event.key in DOWN_KEYS:
                self.selected = (self.selected + 1) % count
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = stats_layout(self.content_area(self.engine.screen))
            rows = collection_rows(layout, count, self.selected)
            for index, rect in rows:
                if rect.collidepoint(event.pos):
                    self.selected = index

    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        draw_backdrop(surface)
        layout = stats_layout(self.content_area(surface))
        draw_text(
            surface,
            "Statistics",
            layout.size(44, 22),
            theme.ACCENT,
            layout.title.midtop,
            "midtop",
            bold=True,
        )
        draw_totals(surface, layout, self.data.totals)
        draw_collections(surface, layout, self.data.collections, self.selected)
        draw_score_chart(surface, layout, self.data.history)
        chosen = self.data.collections[self.selected] if self.data.collections else None
        levels = self.data.solved.get(chosen.collection_id, []) if chosen else []
        draw_level_chart(surface, layout, levels, chosen.title if chosen else "")
