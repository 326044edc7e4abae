"""The main menu's screen: the title, a row of the game's sprites, the menu and its note.

Its model (game.app.main_menu) decides; this scene maps keys and the mouse and draws.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.dialogs.menu import MenuView
from game.app.main_menu import MainMenuKey, MainMenuModel, MainMenuView
from game.app.screens import MainMenuScreen
from game.app.shown import Shown
from game.core.direction import Direction
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key, is_paste_key
from game.ui import theme
from game.ui.assets import Assets
from game.ui.scale import px
from game.ui.sprites import OPAQUE_KINDS, SpriteKind
from game.ui.text import draw_text, fit_text
from game.ui.widgets import MENU_ROW, KeyHelp, draw_backdrop, draw_menu, menu_command

_BANNER_TILE = 44
_BANNER = (
    (SpriteKind.WALL, None),
    (SpriteKind.PLAYER, Direction.RIGHT),
    (SpriteKind.BOX, None),
    (SpriteKind.FLOOR, None),
    (SpriteKind.GOAL, None),
    (SpriteKind.BOX_ON_GOAL, None),
    (SpriteKind.WALL, None),
)
_NOTE_ROOM = 30


class MainMenuScene(GameScene[MainMenuView]):
    """The first screen."""

    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Enter", "select"),
        ("Esc", "quit"),
        ("Ctrl+V", "paste levels"),
        ("Drop a file", "open it"),
    )

    def __init__(self, engine: GameEngine, screen: MainMenuScreen) -> None:
        super().__init__(engine, screen)
        self.model = MainMenuModel(engine)

    def on_enter(self) -> None:
        self.model.refresh()

    def on_resume(self) -> None:
        self.model.refresh()

    def shown(self) -> Shown[MainMenuView]:
        return Shown(self.model.view())

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.model.handle(MainMenuKey.QUIT)
        elif is_paste_key(event):
            self.model.handle(MainMenuKey.PASTE)
        else:
            view = self.model.view().menu
            command = menu_command(event, view, self._layout(self.engine.screen, view)[3])
            if command is not None:
                self.model.handle(command)

    def _layout(
        self, surface: pygame.Surface, menu: MenuView
    ) -> tuple[int, int, int | None, pygame.Rect]:
        """Title top, title size, banner top (None on small windows) and the menu's area."""
        area = self.content_area(surface)
        menu_height = px(MENU_ROW) * len(menu.lines)
        roomy = area.height >= px(620)
        title_size, title_height = (84, px(62)) if roomy else (54, px(40))
        head = title_height + px(24) + (px(_BANNER_TILE) + px(24) if roomy else 0) + px(16)
        note_room = px(_NOTE_ROOM)
        top = area.top + max(8, (area.height - head - menu_height - note_room) // 2)
        menu_height = min(menu_height, area.bottom - note_room - top - head)
        banner_top = top + title_height + px(24) if roomy else None
        return (
            top,
            title_size,
            banner_top,
            pygame.Rect(area.left, top + head, area.width, menu_height),
        )

    def draw(self, surface: pygame.Surface, shown: Shown[MainMenuView], alpha: float) -> None:
        view = shown.view
        draw_backdrop(surface)
        centre = surface.get_width() // 2
        title_top, title_size, banner_top, menu_area = self._layout(surface, view.menu)
        shadow = (centre + 4, title_top + 5)
        draw_text(surface, "SOKOBAN", title_size, theme.SHADOW, shadow, "midtop", True)
        title = draw_text(
            surface, "SOKOBAN", title_size, theme.ACCENT, (centre, title_top), "midtop", True
        )
        draw_text(
            surface, "A R C A D E", 22, theme.ACCENT_ALT, (centre, title.bottom + px(2)), "midtop"
        )
        if banner_top is not None:
            self._draw_banner(surface, centre, banner_top)
        draw_menu(surface, view.menu, menu_area)
        if view.note:
            draw_text(
                surface,
                fit_text(view.note, 18, surface.get_width() - 20),
                18,
                theme.TONE_COLOURS[view.note_tone],
                (centre, self.content_area(surface).bottom - px(12)),
                "midbottom",
            )

    def _draw_banner(self, surface: pygame.Surface, centre: int, top: int) -> None:
        """A row of the game's sprites under the title."""
        tile = px(_BANNER_TILE)
        left = centre - tile * len(_BANNER) // 2
        assets = self.engine.services.get(Assets)
        for index, (kind, facing) in enumerate(_BANNER):
            position = (left + index * tile, top)
            if kind not in OPAQUE_KINDS:
                under = SpriteKind.GOAL if kind is SpriteKind.BOX_ON_GOAL else SpriteKind.FLOOR
                surface.blit(assets.sprite(under, tile), position)
            surface.blit(assets.sprite(kind, tile, facing), position)
