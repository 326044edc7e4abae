"""The level complete screen: moves, pushes, time and score, then on to the next level.

It sits over the solved level, which stays visible underneath.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app import navigation
from game.app.level_result import LevelResult
from game.app.screens import (
    LevelCompleteScreen,
    LevelSelectScreen,
    RandomLevelScreen,
    SolutionsScreen,
)
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.ui import theme
from game.ui.hud import format_time
from game.ui.scale import px
from game.ui.text import draw_text, fit_text, wrap_text
from game.ui.widgets import (
    MENU_ROW,
    MIN_MENU_ROW,
    KeyHelp,
    Menu,
    MenuItem,
    dim,
    draw_panel,
)

_ROW = 34
_SMALL_ROW = 26
_ROOMY_HEIGHT = 560
_STATS_TOP = 116
_NOTE_LINE = 26
_NOTE_LINES = 3
_MARGIN = 16


class LevelCompleteScene(GameScene):
    """Congratulations and the results of the level just solved."""

    overlay = True
    keys: ClassVar[KeyHelp] = (
        ("Enter", "choose (next level)"),
        ("R", "play again"),
        ("Up/Down", "choose"),
        ("Esc", "back to the levels"),
    )
    # After the last level of a collection there is no next one to offer.
    last_level_keys: ClassVar[KeyHelp] = (
        ("Enter", "choose"),
        ("R", "play again"),
        ("Up/Down", "choose"),
        ("Esc", "back to the levels"),
    )

    def __init__(self, engine: GameEngine, screen: LevelCompleteScreen) -> None:
        super().__init__(engine, screen)
        self.result = result = screen.result
        following = result.level_index + 1
        context = engine.context
        self.has_next = following < context.session.level_count and navigation.level_is_open(
            context, following
        )
        # A test play goes back to the editor it came from, a random level to the generator,
        # not to a list of their one level.
        self.test_play = context.session.is_test_play
        self.random = context.session.is_random
        self.back_label = (
            "Back to the editor"
            if self.test_play
            else "Back to the generator" if self.random else "Back to the levels"
        )
        items = [MenuItem("Play again", self._again), MenuItem(self.back_label, self._back)]
        if not self.test_play:  # a test play's store lasts only as long as the test play
            items.insert(1, MenuItem("Solutions", self._solutions))
        if self.has_next:
            items.insert(0, MenuItem("Next level", self._next))
        if self.random:
            items.insert(0, MenuItem("Make another", self._another))
        self.menu = Menu(items, width=360)
        if not self.has_next and not self.random:
            # The last level: the natural way on is back to the list.
            self.menu.select(len(items) - 1)

    def key_hints(self) -> KeyHelp:
        keys = self.keys if self.has_next else self.last_level_keys
        if self.test_play or self.random:
            keys = (*keys[:-1], ("Esc", self.back_label.lower()))
        return keys

    def _another(self) -> None:
        navigation.leave_level(self.engine)
        self.engine.replace(RandomLevelScreen(another=True))

    def _next(self) -> None:
        navigation.restart_in_place(self.engine, self.result.level_index + 1)

    def _again(self) -> None:
        navigation.restart_in_place(self.engine, self.result.level_index)

    def _solutions(self) -> None:
        self.engine.open(SolutionsScreen(self.result.level_index))

    def _back(self) -> None:
        navigation.leave_level(self.engine)
        back_where_started = self.test_play or self.random
        if not back_where_started and not isinstance(self.engine.top_screen(), LevelSelectScreen):
            self.engine.open(LevelSelectScreen())

    def _rows(self) -> list[tuple[str, str]]:
        result = self.result
        rows = [
            ("Moves", str(result.moves)),
            ("Pushes", str(result.pushes)),
            ("Time", format_time(result.seconds)),
        ]
        if self.test_play:
            return rows  # a test play scores nothing; the saved level is scored when played
        if result.par_moves and result.par_pushes:
            rows.append(("Par (moves/pushes)", f"{result.par_moves}/{result.par_pushes}"))
        return [
            *rows,
            ("This level", score_text(result)),
            ("Total score, all levels", f"{result.total_score:,}"),
        ]

    def _layout(self, surface: pygame.Surface) -> tuple[pygame.Rect, int, pygame.Rect]:
        """The panel, the height of a result row, and the menu's area; tighter on low windows."""
        area = self.content_area(surface)
        roomy = area.height >= px(_ROOMY_HEIGHT)
        row, menu_row = (_ROW, MENU_ROW) if roomy else (_SMALL_ROW, MIN_MENU_ROW)
        row, menu_row, margin = px(row), px(menu_row), px(_MARGIN)
        menu_height = menu_row * len(self.menu.items)
        width = min(px(520), area.width - 20)
        notes = len(self._note_lines(self._note()[0], width - px(30)))
        height = px(_STATS_TOP + 8 + _NOTE_LINE * notes) + row * len(self._rows())
        height += menu_height + margin
        panel = pygame.Rect(0, 0, width, height)
        panel.center = area.center
        menu = pygame.Rect(
            panel.left, panel.bottom - menu_height - margin, panel.width, menu_height
        )
        return panel, row, menu

    def menu_area(self, surface: pygame.Surface) -> pygame.Rect:
        return self._layout(surface)[2]

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self._back()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self._again()
        else:
            self.menu.handle_event(event, self.menu_area(self.engine.screen))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        panel, row, menu_area = self._layout(surface)
        shown = self.result.shown
        heading, colour = ("Shown", theme.ACCENT_ALT) if shown else ("Level solved!", theme.GOOD)
        draw_panel(surface, panel, colour)
        top = (panel.centerx, panel.top + px(20))
        draw_text(surface, heading, 44, colour, top, "midtop", bold=True)
        title = fit_text(self.result.title, 22, panel.width - px(40))
        draw_text(surface, title, 22, theme.TEXT_DIM, (panel.centerx, panel.top + px(72)), "midtop")
        y = panel.top + px(_STATS_TOP)
        inset = px(60)
        for label, value in self._rows():
            draw_text(surface, label, 24, theme.TEXT_DIM, (panel.left + inset, y), "midleft")
            draw_text(
                surface, value, 26, theme.TEXT, (panel.right - inset, y), "midright", bold=True
            )
            y += row
        note, colour = self._note()
        for line in self._note_lines(note, panel.width - px(30)):
            draw_text(surface, line, 20, colour, (panel.centerx, y + px(2)), "midtop")
            y += px(_NOTE_LINE)
        self.menu.draw(surface, menu_area)

    def _note(self) -> tuple[str, theme.Color]:
        """What the results mean (a new best, a replay, a test play), or the save's problem."""
        if self.result.save_problem is not None:
            return self.result.save_problem, theme.DANGER
        note = "New best for this level!" if self.result.new_record else ""
        if self.result.shown:
            note = "A replay scores nothing: solve it yourself to count it."
        elif self.test_play:
            note = "A test play is not scored: save the level, then play it."
        return note, theme.ACCENT

    def _note_lines(self, note: str, width: int) -> list[str]:
        """The note under the results, with where the collection ends, in whole lines."""
        if not self.has_next and not self.test_play and not self.random:
            last = self.result.level_index + 1 >= self.engine.context.session.level_count
            ending = (
                "That was the last level of the collection."
                if last
                else "Next chapter: solve 70% of this one."
            )
            note = (note + "  " if note else "") + ending
        return wrap_text(note, 20, width)[:_NOTE_LINES] if note else []


def score_text(result: LevelResult) -> str:
    """The score row: none for a replay, and a run that scored less says the best stays."""
    if result.shown:
        return "none (shown)"
    if result.score < result.best_score:
        return f"+{result.score:,}, best stays {result.best_score:,}"
    return f"+{result.score:,}"
