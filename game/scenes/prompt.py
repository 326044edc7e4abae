"""Small dialogs that ask the player: a line of text (a save's name, a file path), or yes or no.

Each answers the question of a flow (game.app.flows), which may ask again with the problem.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.app.screens import ConfirmScreen, PromptScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, TextEntryScene, is_back_key
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text, wrap_text
from game.ui.text_field import TextField
from game.ui.widgets import KeyHelp, dim, draw_panel

_TITLE_FONT = 32
_HINT_FONT = 19
_BODY_FONT = 22
_ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class PromptScene(TextEntryScene[Any]):
    """A one-line text field; Enter answers with the text, Esc with None (the dialog closes
    first, so the answer may open another screen)."""

    keys: ClassVar[KeyHelp] = (
        ("Type", "text"),
        ("Enter", "OK"),
        ("Ctrl+V", "paste"),
        ("Ctrl+A", "select all"),
        ("Ctrl+Bksp", "delete a word"),
        ("Esc", "cancel"),
    )

    def __init__(self, engine: GameEngine, screen: PromptScreen) -> None:
        question = screen.question
        # A suggestion is selected, so typing replaces it; text asked again after a problem
        # is not, so it can be fixed.
        field = TextField(question.text, question.max_length, selected=not question.error)
        super().__init__(engine, screen, field)
        self.title = question.title
        self.hint = question.hint
        self.error = question.error
        self.reply = screen.reply

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
            self.reply(None)
        elif event.type == pygame.KEYDOWN and event.key in _ENTER_KEYS:
            self.engine.pop()
            self.reply(self.field.text)
        elif self.edit_field(event):
            self.error = ""

    def _panel(self, surface: pygame.Surface) -> pygame.Rect:
        panel = pygame.Rect(0, 0, min(px(820), surface.get_width() - 40), px(230))
        panel.center = self.content_area(surface).center
        return panel

    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        dim(surface)
        panel = self._panel(surface)
        draw_panel(surface, panel)
        title = fit_text(self.title, _TITLE_FONT, panel.width - 40, True)
        draw_text(
            surface,
            title,
            _TITLE_FONT,
            theme.ACCENT,
            (panel.centerx, panel.top + px(20)),
            "midtop",
            True,
        )
        hint = fit_text(self.hint, _HINT_FONT, panel.width - 40)
        draw_text(
            surface, hint, _HINT_FONT, theme.TEXT_DIM, (panel.centerx, panel.top + px(66)), "midtop"
        )
        field = pygame.Rect(
            panel.left + px(30), panel.top + px(100), panel.width - px(60), px(48)
        )
        self.field.draw(surface, field)
        if self.error:
            error = fit_text(self.error, _HINT_FONT, panel.width - 60)
            draw_text(
                surface, error, _HINT_FONT, theme.DANGER,
                (panel.left + px(30), field.bottom + px(18)),
            )


class ConfirmScene(GameScene[Any]):
    """A yes-or-no question: Y or Enter answers yes, N or Esc no (after the dialog closes)."""


    overlay = True
    keys: ClassVar[KeyHelp] = (("Y / Enter", "yes"), ("N / Esc", "no"))

    def __init__(self, engine: GameEngine, screen: ConfirmScreen) -> None:
        super().__init__(engine, screen)
        self.title = screen.question.title
        self.question = screen.question.question
        self.reply = screen.reply

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_y, *_ENTER_KEYS):
            self.engine.pop()
            self.reply(True)
        elif event.key in (pygame.K_n, pygame.K_ESCAPE):
            self.engine.pop()
            self.reply(False)

    def draw(self, surface: pygame.Surface, shown: Shown[Any], alpha: float) -> None:
        dim(surface)
        area = self.content_area(surface)
        width = min(px(640), area.width - 40)
        lines = wrap_text(self.question, _BODY_FONT, width - 60)
        line_height = px(int(_BODY_FONT * 1.35))
        panel = pygame.Rect(0, 0, width, px(134) + line_height * len(lines))
        panel.center = area.center
        draw_panel(surface, panel, theme.WARNING)
        draw_text(
            surface,
            fit_text(self.title, _TITLE_FONT, width - 40, True),
            _TITLE_FONT,
            theme.WARNING,
            (panel.centerx, panel.top + px(20)),
            "midtop",
            True,
        )
        y = panel.top + px(72)
        for line in lines:
            draw_text(surface, line, _BODY_FONT, theme.TEXT, (panel.centerx, y), "midtop")
            y += line_height
        answer = "Y  yes        N  no"
        draw_text(surface, answer, _BODY_FONT, theme.ACCENT, (panel.centerx, y + 12), "midtop")
