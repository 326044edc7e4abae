"""The comparison of two solutions drawn: the level with each box's steps under the first
solution in one colour and under the second in another, and a bar of the two push sequences
aligned, grey where they agree, in each one's colour where they part, the chosen stretch framed.

Drawing reads the view model only.
"""

from __future__ import annotations

import pygame

from game.app.library.compare_screen import CompareView
from game.core.solution_diff import Agreement, AlignedRun, BoxStep
from game.ui import theme
from game.ui.preview import render_preview
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
from game.ui.widgets import draw_backdrop, draw_title

FIRST_COLOUR = theme.ACCENT_ALT
SECOND_COLOUR = theme.WARNING
SAME_COLOUR = theme.TEXT_DIM
BAR_HEIGHT = 44
_TEXT = 18
_LARGEST_TILE = 64


def draw_comparison(surface: pygame.Surface, view: CompareView, area: pygame.Rect) -> None:
    """The whole screen above the key bar."""
    draw_backdrop(surface)
    width = surface.get_width()
    draw_title(surface, "Compare solutions", 10, 34)
    top = px(50)
    for line, colour in ((view.first_line, FIRST_COLOUR), (view.second_line, SECOND_COLOUR)):
        text = fit_text(line, _TEXT, width - 40)
        top = draw_text(surface, text, _TEXT, colour, (width // 2, top), "midtop").bottom + 2
    bottom_lines = px(3 * (_TEXT + 8))
    bar = pygame.Rect(px(20), area.bottom - bottom_lines - px(BAR_HEIGHT), width - px(40),
                      px(BAR_HEIGHT))
    board_area = pygame.Rect(px(20), top + px(6), width - px(40), bar.top - top - px(16))
    _draw_board(surface, view, board_area)
    _draw_bar(surface, view, bar)
    y = bar.bottom + px(6)
    for line, colour in ((view.summary, theme.TEXT), (view.stretch, theme.SELECTION)):
        text = fit_text(line, _TEXT, width - 40)
        y = draw_text(surface, text, _TEXT, colour, (width // 2, y), "midtop").bottom + 2


def _draw_board(surface: pygame.Surface, view: CompareView, area: pygame.Rect) -> None:
    board = view.level.board
    if area.width <= 0 or area.height <= 0:
        return
    tile = max(2, min(px(_LARGEST_TILE), area.width // board.width, area.height // board.height))
    picture = render_preview(view.level, tile * board.width, tile * board.height, 10**4)
    origin = (area.centerx - picture.get_width() // 2, area.centery - picture.get_height() // 2)
    surface.blit(picture, origin)
    run = view.diff.runs[view.chosen] if view.diff.runs else None
    shift = max(1, tile // 7)
    line = max(2, tile // 7)
    for steps, colour, offset, chosen in (
        (view.diff.first_steps, FIRST_COLOUR, -shift, _chosen(run, True)),
        (view.diff.second_steps, SECOND_COLOUR, shift, _chosen(run, False)),
    ):
        for step in steps:
            _draw_step(surface, step, origin, tile, offset, colour, line)
        # The chosen stretch's pushes stand out: wider, with a light core.
        for index in chosen:
            _draw_step(surface, steps[index], origin, tile, offset, colour, line * 2)
            _draw_step(surface, steps[index], origin, tile, offset, theme.TEXT, max(1, line // 2))


def _chosen(run: AlignedRun | None, first: bool) -> range:
    """The pushes of one side in the chosen stretch."""
    if run is None:
        return range(0)
    if first:
        return range(run.first_start, run.first_start + run.first_count)
    return range(run.second_start, run.second_start + run.second_count)


def _draw_step(
    surface: pygame.Surface,
    step: BoxStep,
    origin: tuple[int, int],
    tile: int,
    offset: int,
    colour: theme.Color,
    width: int,
) -> None:
    def centre(square: tuple[int, int]) -> tuple[int, int]:
        x, y = square
        middle = tile // 2 + offset
        return (origin[0] + x * tile + middle, origin[1] + y * tile + middle)

    start, end = centre(step.start), centre(step.end)
    pygame.draw.line(surface, colour, start, end, width)
    pygame.draw.circle(surface, colour, end, max(2, width))


def _draw_bar(surface: pygame.Surface, view: CompareView, bar: pygame.Rect) -> None:
    """Two lanes, the first solution's pushes above the second's, column for column."""
    pygame.draw.rect(surface, theme.PANEL, bar, border_radius=4)
    columns = view.diff.columns
    if columns == 0:
        return
    lane = bar.height // 2
    scale = bar.width / columns
    column = 0
    for index, run in enumerate(view.diff.runs):
        left = bar.left + round(column * scale)
        right = bar.left + round((column + run.width) * scale)
        same = run.agreement is Agreement.SAME
        for count, colour, y in (
            (run.first_count, SAME_COLOUR if same else FIRST_COLOUR, bar.top),
            (run.second_count, SAME_COLOUR if same else SECOND_COLOUR, bar.top + lane),
        ):
            if count:
                filled = left + round(count * scale)
                rect = pygame.Rect(left, y + 2, max(1, filled - left), lane - 4)
                surface.fill(colour, rect)
        if index == view.chosen:
            frame = pygame.Rect(left - 2, bar.top - 2, max(3, right - left) + 4, bar.height + 4)
            pygame.draw.rect(surface, theme.SELECTION, frame, width=2)
        column += run.width
