"""The "Random level" screen: choose a difficulty and a size, and a fresh level is made for you.

The generator runs off the main loop with a progress line; Esc cancels it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

import pygame

from game.app import navigation
from game.app.jobs import CancelCheck, Job, JobState, ProgressLine, Purpose, run_in_thread
from game.app.ready_levels import clock_seed
from game.app.screens import PlayScreen, RandomLevelScreen
from game.core.collection import Collection
from game.core.level import Level
from game.core.level_ref import CollectionRef, LevelTexts, TextOrigin
from game.core.wording import counted
from game.engine.engine import GameEngine
from game.levelgen.batch import BatchProgress, Request, generate_levels
from game.levelgen.cells import DIFFICULTIES, FIRST_CHOICE, Cell, cells_of
from game.scenes.base import GameScene, is_back_key
from game.storage import user_levels
from game.ui import theme
from game.ui.preview import render_preview
from game.ui.scale import px
from game.ui.text import draw_text, fit_text
from game.ui.widgets import MENU_ROW, KeyHelp, Menu, MenuItem, draw_backdrop, draw_panel, draw_title

_NOTE_ROOM = 70
_PREVIEW_ROOM = 60
_PREVIEW_TILE = 24
_ANOTHER_ROW = 2
_CHOICE_SETTING = "random_level_choice"


def _choice_text(cell: Cell) -> str:
    return f"{counted(cell.stars, 'star')} {cell.size}"


def generation(request: Request) -> Callable[[CancelCheck, ProgressLine], list[Level]]:
    """The job that makes the requested level, reporting each seed it tries."""

    def work(cancelled: CancelCheck, progress: ProgressLine) -> list[Level]:
        def report(state: BatchProgress) -> None:
            progress(f"Making the level: {round(100 * state.share)}% of layout {state.tried + 1}")

        return generate_levels(request, cancelled, report)

    return work


class RandomLevelScene(GameScene):
    """Difficulty and size to choose, then a level made off the main loop."""


    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Left/Right", "change"),
        ("Enter", "select"),
        ("Esc", "cancel / back"),
    )

    def __init__(self, engine: GameEngine, screen: RandomLevelScreen) -> None:
        super().__init__(engine, screen)
        self.another = screen.another
        # The choice made last time, kept with the player's settings.
        self.difficulty, self.size = self._last_choice()
        self.job: Job[list[Level]] | None = None
        self._making_another = False  # the level being made was asked for by "Make another"
        self.level: Level | None = None
        self.seed = 0  # of the level being made
        self.next_seed: Callable[[], int] = clock_seed
        self.message = "Choose, then Generate: the solver checks every level it makes."
        self.message_colour = theme.TEXT_DIM
        self.menu = Menu(self._choosing_items(), width=560)
        # What was open before a random level was played: open again when it is left.
        self._before: tuple[Collection, CollectionRef, int] | None = None

    def on_enter(self) -> None:
        if self.another:
            self._another()

    def on_resume(self) -> None:
        self._open_again_what_was_before()

    def _open_again_what_was_before(self) -> None:
        """Back from a random level: the collection played before is the open one again, so
        the menus and Continue speak of it, not of the random level."""
        if self._before is not None:
            collection, source, index = self._before
            self.engine.context.session.open(collection, source, index)
            self._before = None

    def _choosing_items(self) -> list[MenuItem]:
        return [
            MenuItem("Difficulty", adjust=self._change_difficulty, value=self._stars),
            MenuItem("Size", adjust=self._change_size, value=self._size_label),
            MenuItem("Generate", self._generate),
            MenuItem("Back", self.engine.pop),
        ]

    def _last_choice(self) -> tuple[int, int]:
        """The difficulty and size chosen last, kept as "4 stars Huge" (at first, or when the
        kept choice is no longer offered: 2 stars and the menu's first size)."""
        kept = self.engine.progress.get_setting(_CHOICE_SETTING, "")
        for stars in DIFFICULTIES:
            for index, cell in enumerate(cells_of(stars)):
                if kept == _choice_text(cell):
                    return stars, index
        return 2, FIRST_CHOICE

    def _stars(self) -> str:
        return f"{self.difficulty} of 5 stars"

    def _cell(self) -> Cell:
        """The chosen size among those the difficulty offers (game.levelgen.cells)."""
        offered = cells_of(self.difficulty)
        return offered[min(self.size, len(offered) - 1)]

    def _size_label(self) -> str:
        return self._cell().label

    def _change_difficulty(self, step: int) -> None:
        size = self._cell().size
        self.difficulty = max(1, min(5, self.difficulty + step))
        offered = cells_of(self.difficulty)
        names = [cell.size for cell in offered]
        # A size with a level made ahead comes first: Generate then opens it at once.
        made_ahead = self.engine.ready_levels
        ready = [index for index, cell in enumerate(offered) if made_ahead.ready(cell)]
        if ready:
            self.size = ready[0]
        else:
            self.size = names.index(size) if size in names else min(self.size, len(names) - 1)

    def _change_size(self, step: int) -> None:
        self.size = max(0, min(len(cells_of(self.difficulty)) - 1, self.size + step))

    # -- generating ------------------------------------------------------------------------
    def _generate(self, again: bool = False) -> None:
        self._making_another = again
        cell = self._cell()
        self.engine.progress.set_setting(_CHOICE_SETTING, _choice_text(cell))
        # A level made ahead opens at once; either way the next one for this cell is begun.
        ready = self.engine.ready_levels.take(cell)
        if ready is not None:
            self._made(ready)
            return
        seed = self.next_seed()
        request = Request(cell.width, cell.height, cell.boxes, 1, cell.stars, seed)
        self.seed = seed
        self.job = run_in_thread(
            Purpose.LEVEL, cell, generation(request), wake=self.engine.rest.wake
        )
        self._tell("Making a level...", theme.ACCENT_ALT)

    def _tell(self, text: str, colour: theme.Color) -> None:
        self.message, self.message_colour = text, colour

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        if job.running:
            return
        self.job = None
        made = job.result
        if job.state is JobState.CANCELLED:
            return
        if not made:
            self._tell(
                job.error or "No such level turned up this time; generate again, or "
                "try another size.",
                theme.WARNING,
            )
            return
        level = made[0]
        title = self._cell().level_title(self.seed, level.width, level.height)
        self._made(replace(level, title=title))

    def _made(self, level: Level) -> None:
        self.level = level
        self._tell(f"Made: {self.level.title}. Play it, or keep it first.", theme.GOOD)
        self.menu = Menu(
            [
                MenuItem("Play it", self._play),
                MenuItem("Keep in My levels", self._keep),
                MenuItem("Make another", self._another),  # _ANOTHER_ROW
                MenuItem("Back", self.engine.pop),
            ],
            width=560,
        )
        # After "Make another" the cursor stays on it, so Enter makes the next one.
        self.menu.select(_ANOTHER_ROW if self._making_another else 0)

    def _play(self) -> None:
        """Play the level over this screen: its result offers another, and Back comes here."""
        if self.level is None:
            return
        session = self.engine.context.session
        source = session.source
        if session.collection is not None and source is not None and not session.is_random:
            self._before = (session.collection, source, session.level_index)
        collection = Collection(title=TextOrigin.RANDOM.title, levels=[self.level])
        session.open(collection, LevelTexts(TextOrigin.RANDOM))
        navigation.remember_collection(self.engine.context)
        self.engine.open(PlayScreen(0))

    def _keep(self) -> None:
        if self.level is None:
            return
        problem = user_levels.save_level(user_levels.DEFAULT_COLLECTION, self.level)
        if problem is not None:
            self._tell(problem, theme.DANGER)
        else:
            self._tell(f"Kept in {user_levels.DEFAULT_COLLECTION}.", theme.GOOD)

    def _another(self) -> None:
        self.level = None
        self.menu = Menu(self._choosing_items(), width=560)
        self.menu.select(2)
        self._generate(again=True)

    # -- input -----------------------------------------------------------------------------
    def work_shown(self) -> Purpose | None:
        return self.job.purpose if self.job is not None else None

    def picture_key(self) -> object:
        # Nothing moves while a level is made: the screen changes when the job reports.
        return self.message, self.job.progress.line if self.job is not None else None

    def on_exit(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self._open_again_what_was_before()

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            if self.job is not None:
                self.job.cancel()
                self.job = None
                self._tell("Stopped. Change the choice or generate again.", theme.TEXT_DIM)
            else:
                self.engine.pop()
            return
        if self.job is None:
            self.menu.handle_event(event, self.menu_area(self.engine.screen))

    # -- drawing ---------------------------------------------------------------------------
    def menu_area(self, surface: pygame.Surface) -> pygame.Rect:
        area = self.content_area(surface)
        rows = px(MENU_ROW) * len(self.menu.items)
        # A level made is shown above the menu, which moves down to make room for it.
        lower = px(_PREVIEW_ROOM) if self.level is not None else -px(30)
        top = max(area.top + px(90), area.centery - rows // 2 + lower)
        height = min(rows, area.bottom - px(_NOTE_ROOM) - top)
        return pygame.Rect(area.left, top, area.width, height)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        draw_backdrop(surface)
        draw_title(surface, "Random level", 40)
        menu_area = self.menu_area(surface)
        rects = self.menu.layout(menu_area)
        draw_panel(surface, rects[0].union(rects[-1]).inflate(px(40), px(40)))
        self.menu.draw(surface, menu_area)
        if self.level is not None:
            self._draw_preview(surface, menu_area)
        lines = [self.message]
        if self.job is not None:
            lines.append(f"{self.job.progress.line or 'Starting'}. Esc cancels.")
        y = rects[-1].bottom + px(30)
        for line in lines:
            text = fit_text(line, 19, surface.get_width() - 30)
            centre = (surface.get_width() // 2, y)
            draw_text(surface, text, 19, self.message_colour, centre, "midtop")
            y += px(26)

    def _draw_preview(self, surface: pygame.Surface, menu_area: pygame.Rect) -> None:
        """The level just made, between the title and the menu, to look at before playing."""
        assert self.level is not None
        rects = self.menu.layout(menu_area)
        top = px(80)
        room = pygame.Rect(0, top, surface.get_width(), rects[0].top - px(30) - top)
        if room.height < px(40):
            return
        picture = render_preview(self.level, room.width - px(40), room.height, _PREVIEW_TILE)
        surface.blit(picture, picture.get_rect(center=room.center))
