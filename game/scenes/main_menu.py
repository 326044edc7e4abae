"""The main menu: continue, the campaign, level select, open a file, saved games, statistics...

Continue resumes the last session kept in the progress store; the level editor asks a size first.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app import editing, navigation
from game.app.damaged import offer_deletion, report_damaged
from game.app.flows import Flow, ask_yes_no, run_flow
from game.app.screens import (
    LevelSelectScreen,
    MainMenuScreen,
    OpenFileScreen,
    RandomLevelScreen,
    SettingsScreen,
    SlotsScreen,
    StatsScreen,
)
from game.core.direction import Direction
from game.core.level_ref import Campaign, CampaignLevel
from game.core.wording import counted
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key, is_paste_key
from game.storage.records import SavedGame
from game.ui import theme
from game.ui.assets import Assets
from game.ui.scale import px
from game.ui.sprites import OPAQUE_KINDS, SpriteKind
from game.ui.text import draw_text, fit_text, text_width
from game.ui.widgets import (
    MENU_FONT,
    MENU_ROW,
    MENU_WIDTH,
    KeyHelp,
    Menu,
    MenuItem,
    draw_backdrop,
)

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
READ_ONLY_NOTE = "Saved progress is read-only: it comes from a newer version of the game."


class MainMenuScene(GameScene):
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
        # The last session in the progress store, read when the menu shows.
        self.saved: SavedGame | None = None
        self.reported: set[str] = set()  # damaged saves named on stderr already
        self.continue_item = MenuItem("Continue", self._continue, enabled=False)
        self.menu = Menu(
            [
                self.continue_item,
                MenuItem("Play campaign", self._campaign),
                MenuItem("Choose level", self._choose),
                MenuItem("Random level", lambda: engine.open(RandomLevelScreen())),
                MenuItem("Open level file", self._open_file),
                MenuItem("Saved games", self._slots),
                MenuItem("Level editor", lambda: editing.ask_new_level(engine)),
                MenuItem("Statistics", self._statistics),
                MenuItem("Settings", self._settings),
                MenuItem("Quit", engine.quit),
            ]
        )

    def on_enter(self) -> None:
        self._refresh()

    def on_resume(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        progress = self.engine.progress
        self.saved = progress.load_session()
        damaged = progress.session_problem
        self.continue_item.enabled = self.saved is not None or damaged is not None
        self.continue_item.label = "Continue"
        if self.saved is not None:
            self.continue_item.label = continue_label(self.saved)
        elif damaged is not None:
            self.continue_item.label = "Continue: the last game cannot be read"
            report_damaged("The last game", damaged, self.reported)
        if self.continue_item.enabled:
            self.menu.select(0)
        elif self.menu.selected == 0:
            self.menu.move(1)

    def _continue(self) -> None:
        if self.saved is not None:
            navigation.resume_game(self.engine, self.saved)
        else:
            progress = self.engine.progress
            problem = progress.session_problem
            if problem is not None:
                offer_deletion(self.engine, "The last game", problem, progress.clear_session)

    def _campaign(self) -> None:
        session = self.engine.context.session
        if session.source == Campaign() or navigation.open_campaign(self.engine):
            navigation.play_level(self.engine, navigation.campaign_start(self.engine.context))

    def _choose(self) -> None:
        if navigation.ensure_collection(self.engine):
            self.engine.open(LevelSelectScreen())

    def _open_file(self) -> None:
        self.engine.open(OpenFileScreen())

    def _settings(self) -> None:
        self.engine.open(SettingsScreen())

    def _slots(self) -> None:
        # Saving from here names the last session, the game Continue would resume.
        self.engine.open(SlotsScreen(lambda: self.engine.progress.load_session()))

    def _statistics(self) -> None:
        self.engine.open(StatsScreen())

    def _layout(self, surface: pygame.Surface) -> tuple[int, int, int | None, pygame.Rect]:
        """Title top, title size, banner top (None on small windows) and the menu's area."""
        area = self.content_area(surface)
        menu_height = px(MENU_ROW) * len(self.menu.items)
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

    def _quit_flow(self) -> Flow:
        if (yield from ask_yes_no("Quit?", "Leave Sokoban Arcade? Your progress is saved.")):
            self.engine.quit()

    def menu_area(self, surface: pygame.Surface) -> pygame.Rect:
        return self._layout(surface)[3]

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            # Esc is the key that goes back everywhere; here it asks before the game ends.
            run_flow(self.engine.open, self._quit_flow())
            return
        if is_paste_key(event):
            self.paste_levels()
            return
        self.menu.handle_event(event, self.menu_area(self.engine.screen))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_backdrop(surface)
        centre = surface.get_width() // 2
        title_top, title_size, banner_top, menu_area = self._layout(surface)
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
        self.menu.draw(surface, menu_area)
        context = self.engine.context
        session = context.session
        note, colour = "", theme.TEXT_DIM
        if context.progress.read_only:
            note, colour = READ_ONLY_NOTE, theme.WARNING
        elif context.autosaver.last_error is not None:
            note, colour = context.autosaver.last_error, theme.DANGER
        elif session.collection is not None:
            levels = counted(session.level_count, "level")
            note = f"Current collection: {session.title} ({levels})"
        if note:
            draw_text(
                surface,
                fit_text(note, 18, surface.get_width() - 20),
                18,
                colour,
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


def continue_label(saved: SavedGame) -> str:
    """"Continue: COLLECTION, level N": the campaign by its short name, another collection's
    title cut to fit if it must be, never the number."""
    number = saved.level.number
    end = "" if number is None else f", level {number}"
    if isinstance(saved.level, CampaignLevel):
        return "Continue the campaign" + end
    title = saved.collection_title or "the last game"
    start = "Continue: "
    # The chosen entry is drawn bold, the widest it gets.
    room = px(MENU_WIDTH - 30) - text_width(start + end, MENU_FONT, bold=True)
    return start + fit_text(title, MENU_FONT, room, bold=True) + end
