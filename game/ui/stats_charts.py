"""The statistics screen's drawing: its layout for a window size, the totals and the charts.

Pure drawing from the screen's view (game.app.statistics_screen); the scene handles the keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.app.statistics_screen import CollectionRow, ScoreHistory
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text, text_width
from game.ui.widgets import draw_panel

MOVES_COLOUR = theme.ACCENT
PUSHES_COLOUR = theme.ACCENT_ALT
PAR_COLOUR = theme.TEXT
SCORE_COLOUR = theme.GOOD
MIN_BAR_GROUP = 7  # pixels for one level's pair of bars; fewer levels are shown below that
WIDE = 960  # from this width on, the totals sit in one row


@dataclass(frozen=True)
class StatsLayout:
    """Where each part goes for one window size, and the font scale."""

    scale: float
    title: pygame.Rect
    totals: pygame.Rect
    collections: pygame.Rect
    score_chart: pygame.Rect
    level_chart: pygame.Rect

    def size(self, base: int, smallest: int = 13) -> int:
        return max(smallest, round(base * self.scale))

    def height_of(self, base: int, smallest: int = 13) -> int:
        """The height on screen of text of ``size(base, smallest)`` (text grows with the
        window's scale, game.ui.scale)."""
        return px(self.size(base, smallest))

    @property
    def padding(self) -> int:
        return px(max(6, round(12 * self.scale)))

    @property
    def heading_size(self) -> int:
        return self.size(22, 14)


def stats_layout(area: pygame.Rect) -> StatsLayout:
    """The screen's parts inside ``area``: a pure function, so clicks and drawing agree."""
    scale = max(0.5, min(1.0, area.width / 1280, area.height / 800))
    margin = px(max(8, round(20 * scale)))
    gap = px(max(6, round(14 * scale)))
    title = pygame.Rect(area.left, area.top + margin // 2, area.width, px(round(48 * scale) + 4))
    rows = 1 if area.width >= px(WIDE) else 2
    tile_height = px(max(38, round(78 * scale)))
    totals = pygame.Rect(
        area.left + margin, title.bottom, area.width - 2 * margin, rows * tile_height
    )
    body = pygame.Rect(
        totals.left, totals.bottom + gap, totals.width, area.bottom - margin - totals.bottom - gap
    )
    upper = round((body.height - gap) * 0.5)
    left_width = round((body.width - gap) * 0.4)
    collections = pygame.Rect(body.left, body.top, left_width, upper)
    score_chart = pygame.Rect(
        collections.right + gap, body.top, body.width - left_width - gap, upper
    )
    level_chart = pygame.Rect(
        body.left, body.top + upper + gap, body.width, body.height - upper - gap
    )
    return StatsLayout(scale, title, totals, collections, score_chart, level_chart)


# -- formatting ----------------------------------------------------------------------------
AXIS_FRACTIONS = (0.0, 0.5, 1.0)  # of the top value: where the axis has a line and a label


def format_number(value: float) -> str:
    """Compact numbers for axes: 950, 12.5k, 3.1M; a small value that is not whole (half of
    an odd top) with its tenths, so that an axis up to 1 does not read 1, 0, 0."""
    if value >= 1_000_000:
        return f"{value / 1_000_000:.1f}M"
    if value >= 10_000:
        return f"{value / 1000:.0f}k"
    if value >= 1000:
        return f"{value / 1000:.1f}k"
    if value < 100 and value != int(value):
        return f"{value:.1f}"
    return f"{value:.0f}"


# -- the parts -----------------------------------------------------------------------------
def draw_totals(
    surface: pygame.Surface, layout: StatsLayout, tiles: Sequence[tuple[str, str]]
) -> None:
    """A tile for each total: its label above, its value below."""
    area = layout.totals
    columns = len(tiles) if area.width >= px(WIDE - 40) else len(tiles) // 2
    rows = (len(tiles) + columns - 1) // columns
    gap = max(4, round(10 * layout.scale))
    width = (area.width - gap * (columns - 1)) // columns
    height = (area.height - gap * (rows - 1)) // rows
    label_size, value_size = layout.size(19), layout.size(34, 18)
    for index, (label, value) in enumerate(tiles):
        row, column = divmod(index, columns)
        rect = pygame.Rect(
            area.left + column * (width + gap), area.top + row * (height + gap), width, height
        )
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_BORDER, rect, width=1, border_radius=10)
        inner = rect.width - 12
        draw_text(
            surface,
            fit_text(label, label_size, inner),
            label_size,
            theme.TEXT_DIM,
            (rect.centerx, rect.top + max(3, rect.height // 8)),
            "midtop",
        )
        draw_text(
            surface,
            fit_text(value, value_size, inner, bold=True),
            value_size,
            theme.TEXT,
            (rect.centerx, rect.bottom - max(3, rect.height // 10)),
            "midbottom",
            bold=True,
        )


def panel_body(layout: StatsLayout, rect: pygame.Rect) -> pygame.Rect:
    """The inside of a panel below its heading."""
    pad = layout.padding
    top = rect.top + pad // 2 + 4 + round(px(layout.heading_size) * 1.2)
    return pygame.Rect(rect.left + pad, top, rect.width - 2 * pad, rect.bottom - pad - top)


def draw_stats_panel(
    surface: pygame.Surface,
    layout: StatsLayout,
    rect: pygame.Rect,
    title: str,
    reserved: int = 0,
) -> pygame.Rect:
    """A panel with its heading (``reserved`` pixels kept free on its right); the area below."""
    draw_panel(surface, rect)
    size, pad = layout.heading_size, layout.padding
    draw_text(
        surface,
        fit_text(title, size, rect.width - 2 * pad - reserved, bold=True),
        size,
        theme.ACCENT,
        (rect.left + pad, rect.top + pad // 2 + 2),
        bold=True,
    )
    return panel_body(layout, rect)


def draw_note(surface: pygame.Surface, layout: StatsLayout, body: pygame.Rect, text: str) -> None:
    size = layout.size(20, 13)
    draw_text(
        surface, fit_text(text, size, body.width), size, theme.TEXT_DIM, body.center, "center"
    )


def collection_row_height(layout: StatsLayout) -> int:
    return round(layout.height_of(20) * 1.25) + layout.padding + px(6)


def collection_rows(
    layout: StatsLayout, count: int, selected: int
) -> list[tuple[int, pygame.Rect]]:
    """The visible collection rows (index, rectangle), scrolled so the selected one shows."""
    body = panel_body(layout, layout.collections)
    height = collection_row_height(layout)
    visible = max(1, body.height // height)
    first = min(max(0, selected - visible + 1), max(0, count - visible))
    return [
        (index, pygame.Rect(body.left, body.top + (index - first) * height, body.width, height))
        for index in range(first, min(count, first + visible))
    ]


def draw_collections(
    surface: pygame.Surface,
    layout: StatsLayout,
    collections: Sequence[CollectionRow],
    selected: int,
) -> None:
    rows = collection_rows(layout, len(collections), selected)
    # More collections than rows: the heading says which are shown and how to see the rest.
    more = ""
    if len(rows) < len(collections):
        more = f"{rows[0][0] + 1}-{rows[-1][0] + 1} of {len(collections)}, Up/Down"
    size = layout.size(20, 13)
    reserved = text_width(more, size) + layout.padding if more else 0
    body = draw_stats_panel(surface, layout, layout.collections, "Completion", reserved)
    if more:
        corner = (layout.collections.right - layout.padding, layout.collections.top + px(6))
        draw_text(surface, more, size, theme.ACCENT_ALT, corner, "topright")
    if not collections:
        draw_note(surface, layout, body, "No level played yet.")
        return
    bar_height = layout.padding
    for index, row in rows:
        info = collections[index]
        if index == selected:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, row.inflate(8, 0), border_radius=6)
        count = info.count
        count_width = text_width(count, size)
        colour = theme.SELECTION if index == selected else theme.TEXT
        draw_text(
            surface,
            fit_text(info.title, size, row.width - count_width - 12),
            size,
            colour,
            (row.left, row.top + 2),
        )
        draw_text(surface, count, size, theme.TEXT_DIM, (row.right, row.top + 2), "topright")
        bar = pygame.Rect(row.left, row.bottom - bar_height - 4, row.width, bar_height)
        pygame.draw.rect(surface, theme.BACKGROUND, bar, border_radius=bar_height // 2)
        filled = bar.copy()
        filled.width = round(bar.width * info.share)
        if filled.width:
            fill = theme.GOOD if info.sized else theme.TEXT_DIM
            pygame.draw.rect(surface, fill, filled, border_radius=bar_height // 2)


def draw_axis(
    surface: pygame.Surface, layout: StatsLayout, plot: pygame.Rect, top_value: float
) -> None:
    """Horizontal grid lines at 0, half and the top value, labelled on the left."""
    size = layout.size(16, 12)
    for fraction in AXIS_FRACTIONS:
        y = plot.bottom - round(plot.height * fraction)
        pygame.draw.line(surface, theme.PANEL_LIGHT, (plot.left, y), (plot.right, y), 1)
        draw_text(
            surface,
            format_number(top_value * fraction),
            size,
            theme.TEXT_DIM,
            (plot.left - 6, y),
            "midright",
        )


def plot_area(layout: StatsLayout, body: pygame.Rect, top_value: float) -> pygame.Rect:
    """The body less room for the axis labels on the left and below."""
    size = layout.size(16, 12)
    labels = (format_number(top_value * fraction) for fraction in AXIS_FRACTIONS)
    left = max(text_width(label, size) for label in labels) + px(10)
    high = layout.height_of(16, 12)
    bottom = round(high * 1.3) + px(4)
    return pygame.Rect(
        body.left + left, body.top + high // 2, body.width - left, body.height - bottom - high // 2
    )


def draw_score_chart(surface: pygame.Surface, layout: StatsLayout, history: ScoreHistory) -> None:
    """The total of best scores after each solve, as a step line over time."""
    body = draw_stats_panel(surface, layout, layout.score_chart, "Score over time")
    scores = history.points
    if not scores:
        draw_note(surface, layout, body, "Solve a level to start this chart.")
        return
    top_value = max(1, max(total for _, total in scores))
    plot = plot_area(layout, body, top_value)
    if plot.width < 20 or plot.height < 20:
        return
    draw_axis(surface, layout, plot, top_value)
    start, end = scores[0][0], scores[-1][0]
    span = end - start

    def x_of(index: int, when: float) -> int:
        fraction = (when - start) / span if span > 0 else (index + 1) / len(scores)
        return plot.left + round(plot.width * fraction)

    def y_of(total: int) -> int:
        return plot.bottom - round(plot.height * total / top_value)

    points = [(plot.left, plot.bottom)]
    for index, (when, total) in enumerate(scores):
        x = x_of(index, when)
        points.append((x, points[-1][1]))
        points.append((x, y_of(total)))
    points.append((plot.right, points[-1][1]))
    shade = pygame.Surface(plot.size, pygame.SRCALPHA)
    area = [(x - plot.left, y - plot.top) for x, y in points]
    area.append((plot.width, plot.height))
    pygame.draw.polygon(shade, (*SCORE_COLOUR, 48), area)
    surface.blit(shade, plot.topleft)
    pygame.draw.lines(surface, SCORE_COLOUR, False, points, max(2, round(3 * layout.scale)))
    for index, (when, total) in enumerate(scores):
        pygame.draw.circle(surface, SCORE_COLOUR, (x_of(index, when), y_of(total)), 3)
    size = layout.size(16, 12)
    label_y = plot.bottom + 4
    draw_text(surface, history.first_day, size, theme.TEXT_DIM, (plot.left, label_y))
    if span > 0:
        at = (plot.right, label_y)
        draw_text(surface, history.last_day, size, theme.TEXT_DIM, at, "topright")
