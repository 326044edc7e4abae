"""Drawing the solver's help over the board: the hint's walk and push arrow, and a status pill.

Reads the assist's state only; the play scene calls it after drawing the board.
"""

from __future__ import annotations

import pygame

from game.app.assist import Phase, SolverAssist
from game.core.board import Board
from game.core.wording import counted
from game.solver.smt import SMT_METHODS
from game.ui import theme
from game.ui.camera import Camera
from game.ui.hud import draw_notice

STATUS_MARGIN = 58  # above the key bar


def draw_hint(
    surface: pygame.Surface, assist: SolverAssist, board: Board, player: int,
    camera: Camera, origin: tuple[int, int],
) -> None:
    """Dots along the walk to the pushing square, and an arrow from the box to its target."""
    hint = assist.hint
    if hint is None:
        return
    tile = camera.tile_size
    square = player
    dot = max(2, tile // 10)
    for direction in hint.walk:
        square = board.step(square, direction)
        column, row = board.coords(square)
        centre = camera.screen_rect(column, row, origin).center
        pygame.draw.circle(surface, theme.ACCENT_ALT, centre, dot)
    box_rect = camera.screen_rect(*board.coords(hint.push.box), origin)
    pygame.draw.rect(surface, theme.ACCENT, box_rect.inflate(4, 4), width=3, border_radius=6)
    target_rect = camera.screen_rect(*board.coords(hint.target), origin)
    _arrow(surface, box_rect.center, target_rect.center, max(3, tile // 6))


def _arrow(
    surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], width: int
) -> None:
    """A thick arrow with a triangular head, pointing from ``start`` to ``end``."""
    sx, sy = start
    ex, ey = end
    dx, dy = ex - sx, ey - sy
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    head = width * 2.5
    base = (ex - ux * head, ey - uy * head)
    pygame.draw.line(surface, theme.SHADOW, (sx + 2, sy + 2), (base[0] + 2, base[1] + 2), width)
    pygame.draw.line(surface, theme.ACCENT, start, base, width)
    left = (base[0] - uy * head * 0.7, base[1] + ux * head * 0.7)
    right = (base[0] + uy * head * 0.7, base[1] - ux * head * 0.7)
    pygame.draw.polygon(surface, theme.ACCENT, [end, left, right])


def status_text(assist: SolverAssist) -> tuple[str, theme.Color] | None:
    """The one-line status of the solver's help, or None when there is nothing to say."""
    waiting = assist.wants_hint or assist.wants_solution
    if assist.phase is Phase.THINKING and waiting:
        progress = assist.progress
        done = ""
        if progress:
            done = f": {counted(progress.nodes, 'position')}, {progress.seconds:.1f} s"
        if progress and assist.request_method in SMT_METHODS:
            # An SMT or SAT planner's progress is the plan length it tries, longer until one fits.
            done = f": trying plans of {counted(progress.nodes, 'step')}, {progress.seconds:.1f} s"
        return f"Thinking{done}. Esc cancels", theme.ACCENT_ALT
    if assist.phase is Phase.UNSOLVABLE and assist.undos_needed is not None:
        return assist.message, theme.DANGER  # the rescue count says more than the warning
    if assist.warning is not None:
        return assist.warning.message, theme.DANGER
    if assist.phase is Phase.UNSOLVABLE and assist.message:
        return assist.message, theme.DANGER
    steps = assist.steps
    if steps.active:
        where = f"{steps.index}/{len(steps.moves)}"
        mode = f"autoplay {steps.steps_per_second:g}/s ([ ] speed)" if steps.autoplay else (
            "N/B step, Space autoplay"
        )
        return f"Solver's solution, move {where}: {mode}", theme.ACCENT
    if assist.hint is not None:
        left = assist.hint.pushes_left
        return f"Hint: push the marked box ({counted(left, 'push', 'pushes')} to go)", (
            theme.ACCENT
        )
    if assist.message and assist.phase is not Phase.IDLE:
        return assist.message, theme.WARNING
    if assist.message:
        return assist.message, theme.TEXT_DIM
    return None


def draw_status(surface: pygame.Surface, assist: SolverAssist, bottom: int) -> None:
    status = status_text(assist)
    if status is not None:
        draw_notice(surface, status[0], status[1], bottom - STATUS_MARGIN)
