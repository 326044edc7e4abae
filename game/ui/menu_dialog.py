"""Drawing a menu dialog (a title over a menu, on a panel over the dimmed screen beneath) and
finding the menu's area in it, so that drawing and the mouse always agree.
"""

from __future__ import annotations

import pygame

from game.app.dialogs.menu_dialogs import MenuDialogView
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text
from game.ui.widgets import MENU_ROW, dim, draw_menu, draw_panel

_HEAD = 80
_FOOT = 20


def dialog_panel(view: MenuDialogView, area: pygame.Rect, width: int) -> pygame.Rect:
    """The panel, centred in ``area``, tall enough for the title and every line."""
    height = min(area.height - 8, px(_HEAD + _FOOT + 10) + px(MENU_ROW) * len(view.menu.lines))
    panel = pygame.Rect(0, 0, min(area.width - 8, px(width)), height)
    panel.center = area.center
    return panel


def dialog_menu_area(view: MenuDialogView, area: pygame.Rect, width: int) -> pygame.Rect:
    panel = dialog_panel(view, area, width)
    return pygame.Rect(
        panel.left, panel.top + px(_HEAD), panel.width, panel.height - px(_HEAD + _FOOT)
    )


def draw_menu_dialog(
    surface: pygame.Surface,
    view: MenuDialogView,
    area: pygame.Rect,
    width: int,
    colour: theme.Color = theme.ACCENT,
) -> None:
    dim(surface)
    panel = dialog_panel(view, area, width)
    draw_panel(surface, panel, theme.PANEL_BORDER if colour == theme.ACCENT else colour)
    title_at = (panel.centerx, panel.top + px(22))
    draw_text(surface, view.title, 36, colour, title_at, "midtop", True)
    draw_menu(surface, view.menu, dialog_menu_area(view, area, width), width - 80)
