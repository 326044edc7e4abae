"""The statistics screen: totals, completion per collection, and charts drawn with pygame.draw.

Its model is game.app.statistics_screen; this scene maps keys and clicks, lays out and draws.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.dialogs.menu import ClickOn
from game.app.screens import StatsScreen
from game.app.shown import Shown
from game.app.statistics_screen import StatisticsScreen, StatisticsView, StatsKey
from game.engine.engine import GameEngine
from game.scenes.base import GameScene
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
from game.ui.widgets import DOWN_KEYS, UP_KEYS, KeyHelp, draw_backdrop

_KEYS = {
    **dict.fromkeys(UP_KEYS, StatsKey.UP),
    **dict.fromkeys(DOWN_KEYS, StatsKey.DOWN),
    pygame.K_ESCAPE: StatsKey.BACK,
}


class StatsScene(GameScene[StatisticsView]):
    """Totals, completion bars, score over time, and moves and pushes per level against par."""

    keys: ClassVar[KeyHelp] = (("Up/Down", "collection"), ("Click", "choose"), ("Esc", "back"))

    def __init__(self, engine: GameEngine, screen: StatsScreen) -> None:
        super().__init__(engine, screen)
        self.model = StatisticsScreen(engine, screen.store)

    def on_enter(self) -> None:
        self.model.reload()

    def on_resume(self) -> None:
        self.model.reload()

    def shown(self) -> Shown[StatisticsView]:
        return Shown(self.model.view())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in _KEYS:
            self.model.handle(_KEYS[event.key])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            view = self.model.view()
            layout = stats_layout(self.content_area(self.engine.screen))
            for index, rect in collection_rows(layout, len(view.collections), view.selected):
                if rect.collidepoint(event.pos):
                    self.model.handle(ClickOn(index))

    def draw(self, surface: pygame.Surface, shown: Shown[StatisticsView], alpha: float) -> None:
        view = shown.view
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
        draw_totals(surface, layout, view.totals)
        draw_collections(surface, layout, view.collections, view.selected)
        draw_score_chart(surface, layout, view.history)
        draw_level_chart(surface, layout, view.levels, view.chosen_title)
