"""The Solutions screen: a level's solution library with every metric; replay, copy, delete and
import solutions (from the clipboard or a file's Solution lines).

Opened from level select (L), the level complete screen and the pause menu.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.app import navigation
from game.app.flows import Flow, ask_text, ask_yes_no, run_flow
from game.app.library_view import LibraryView
from game.app.screens import SolutionsScreen
from game.app.shown import Shown
from game.core.metrics import MetricOrder
from game.core.wording import counted
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.ui.solutions_view import draw_solutions, row_at, visible_rows
from game.ui.widgets import CONFIRM_KEYS, DOWN_KEYS, UP_KEYS, KeyHelp

DELETE_KEYS = (pygame.K_DELETE, pygame.K_BACKSPACE)


class SolutionsScene(GameScene[Any]):
    """The solutions of one level of the open collection, best marked, newest kept last."""

    keys: ClassVar[KeyHelp] = (
        ("Up/Down", "choose"),
        ("Enter / click", "replay (N, B, Space)"),
        ("C", "copy as LURD"),
        ("Del", "delete"),
        ("V", "import from the clipboard"),
        ("I", "import a file's Solution lines"),
        ("O / P", "optimize for moves / pushes"),
        ("Esc", "stop the work, or back"),
    )

    def __init__(self, engine: GameEngine, screen: SolutionsScreen) -> None:
        super().__init__(engine, screen)
        self.view = LibraryView(
            engine.context, screen.level_index, wake=engine.rest.wake, solver=engine.solver
        )
        level = self.view.level
        number = screen.level_index + 1
        title = f"Level {number}"
        if level.title and level.title != str(number):
            title += f": {level.title}"
        # The level first: on a small window the collection's title is what gets cut.
        self.heading = f"{title}, {engine.context.session.title}"

    def on_enter(self) -> None:
        self.view.refresh()

    def on_exit(self) -> None:
        self.view.cancel()

    def is_busy(self) -> bool:
        return self.view.busy

    def picture_key(self) -> object:
        return self.view.message, self.view.busy

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            if not self.view.cancel():
                self.engine.pop()
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEWHEEL:
            self.view.choose(self.view.selected - event.y)
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            row = row_at(self.view, self.content_area(self.engine.screen), event.pos)
            if row is None:
                return
            self.view.choose(row)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self._replay()

    def _key(self, key: int) -> None:
        view = self.view
        if key in UP_KEYS:
            view.choose(view.selected - 1)
        elif key in DOWN_KEYS:
            view.choose(view.selected + 1)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = len(visible_rows(view, self.content_area(self.engine.screen)))
            view.choose(view.selected + (page if key == pygame.K_PAGEDOWN else -page))
        elif key in CONFIRM_KEYS:
            self._replay()
        elif key == pygame.K_c:
            text = view.copy_text()
            if text is not None:
                self.engine.clipboard.put(text)
        elif key in DELETE_KEYS:
            self._ask_delete()
        elif key == pygame.K_v:
            view.import_text(self.engine.clipboard.get())
        elif key == pygame.K_i:
            self._ask_file()
        elif key in (pygame.K_o, pygame.K_p):
            view.optimize_chosen(MetricOrder.MOVES if key == pygame.K_o else MetricOrder.PUSHES)

    # -- actions ---------------------------------------------------------------------------
    def _replay(self) -> None:
        item = self.view.replayable()
        if item is None:
            return
        entry = item.entry

        def replay() -> None:
            navigation.replay_solution(
                self.engine, self.view.level_index, entry.lurd, f"Solution #{entry.number}"
            )

        playing = self.engine.context.playing
        if playing is None or not playing.moves or playing.is_solved:
            replay()
            return

        def flow() -> Flow:
            # Opened from the pause menu: the game under it is left only if the player says so.
            if (yield from ask_yes_no(
                "Replay the solution?",
                f"Leave the level being played, with its {counted(len(playing.moves), 'move')}, "
                f"to replay #{entry.number}?",
            )):
                replay()

        run_flow(self.engine.open, flow())

    def _ask_delete(self) -> None:
        item = self.view.chosen
        if item is None:
            return
        entry = item.entry
        question = (
            f"#{entry.number} ({entry.origin_text()}, {counted(entry.moves, 'move')}, "
            f"{counted(entry.pushes, 'push', 'pushes')}) will be gone for good."
        )

        def flow() -> Flow:
            if (yield from ask_yes_no("Delete the solution?", question)):
                self.view.delete_chosen()

        run_flow(self.engine.open, flow())

    def _ask_file(self) -> None:
        def flow() -> Flow:
            path = yield from ask_text(
                "Import solutions",
                "The path of a file whose Solution lines solve this level.",
                max_length=4096,
            )
            if path is not None:
                self.view.import_file(path)

        run_flow(self.engine.open, flow())

    # -- logic and drawing -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.view.update()

    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        draw_solutions(surface, self.view, self.content_area(surface), self.heading)

