"""The statistics screen's bar chart: moves and pushes of each solved level against par.

Drawn from the statistics screen's view; the layout comes from stats_charts.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app.statistics_screen import LevelBars
from game.core.wording import counted
from game.ui import theme
from game.ui.scale import px
from game.ui.stats_charts import (
    MIN_BAR_GROUP,
    MOVES_COLOUR,
    PAR_COLOUR,
    PUSHES_COLOUR,
    StatsLayout,
    draw_axis,
    draw_note,
    draw_stats_panel,
    plot_area,
)
from game.ui.text import draw_text, fit_text, text_width


def draw_level_chart(
    surface: pygame.Surface,
    layout: StatsLayout,
    levels: Sequence[LevelBars],
    collection_title: str,
) -> None:
    """Best moves and best pushes for each solved level, with par marked where known."""
    title = "Moves and pushes per level"
    if collection_title:
        title = f"{title}: {collection_title}"
    body = draw_stats_panel(surface, layout, layout.level_chart, title, _legend_width(layout))
    _legend(surface, layout, layout.level_chart)
    if not levels:
        draw_note(surface, layout, body, "No solved level here yet.")
        return
    bars = [_bars(level) for level in levels]
    top_value = max(max(value, par or 0) for pair in bars for value, par, _ in pair)
    plot = plot_area(layout, body, max(1, top_value))
    if plot.width < 20 or plot.height < 20:
        return
    draw_axis(surface, layout, plot, max(1, top_value))
    fits = max(1, plot.width // MIN_BAR_GROUP)
    shown = list(zip(levels, bars, strict=True))[-fits:]
    # A few levels get moderate bars, not bars as wide as the screen.
    group = min(plot.width / len(shown), px(90) * layout.scale)
    bar = max(1, round(group * 0.36))
    size = layout.size(16, 12)
    for index, (level, pair) in enumerate(shown):
        left = plot.left + round(index * group + group * 0.14)
        for offset, (value, par, colour) in enumerate(pair):
            x = left + offset * bar
            height = round(plot.height * value / max(1, top_value))
            pygame.draw.rect(surface, colour, (x, plot.bottom - height, max(1, bar - 1), height))
            if par is not None:
                y = plot.bottom - round(plot.height * par / max(1, top_value))
                pygame.draw.line(surface, PAR_COLOUR, (x - 1, y), (x + bar, y), 2)
        if group >= px(28):
            draw_text(
                surface,
                fit_text(level.label, size, round(group) - 4),
                size,
                theme.TEXT_DIM,
                (plot.left + round((index + 0.5) * group), plot.bottom + 4),
                "midtop",
            )
    if len(shown) < len(levels):
        draw_text(
            surface,
            f"the last {len(shown)} of {counted(len(levels), 'solved level')}",
            size,
            theme.TEXT_DIM,
            (plot.right, plot.bottom + 4),
            "topright",
        )


def _bars(level: LevelBars) -> tuple[tuple[int, int | None, theme.Color], ...]:
    """(value, par, colour) for the moves bar and the pushes bar of one level."""
    return (
        (level.moves, level.par_moves, MOVES_COLOUR),
        (level.pushes, level.par_pushes, PUSHES_COLOUR),
    )


_LEGEND = (
    ("par", PAR_COLOUR, True),
    ("best pushes", PUSHES_COLOUR, False),
    ("best moves", MOVES_COLOUR, False),
)


def _legend_width(layout: StatsLayout) -> int:
    size = layout.size(16, 12)
    swatch = max(8, layout.height_of(16, 12) - 4)
    return sum(text_width(label, size) + swatch + 19 for label, _, _ in _LEGEND) + 10


def _legend(surface: pygame.Surface, layout: StatsLayout, rect: pygame.Rect) -> None:
    size = layout.size(16, 12)
    pad = layout.padding
    x = rect.right - pad
    high = layout.height_of(16, 12)
    y = rect.top + pad // 2 + 2 + high // 2 + 2
    swatch = max(8, high - 4)
    for label, colour, is_line in _LEGEND:
        text = draw_text(surface, label, size, theme.TEXT_DIM, (x, y), "midright")
        box = pygame.Rect(text.left - swatch - 5, y - swatch // 2, swatch, swatch)
        if is_line:
            pygame.draw.line(surface, colour, box.midleft, box.midright, 2)
        else:
            pygame.draw.rect(surface, colour, box)
        x = box.left - 14
