"""Small dialogs that ask the player: a line of text (a save's name, a file path), or yes or no.

Their models are game.app.dialogs.prompt; these scenes map keys and draw.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.app.dialogs.prompt import Confirmation, ConfirmKey, Prompt, PromptKey, PromptView
from game.app.dialogs.questions import AskYesNo
from game.app.screens import ConfirmScreen, PromptScreen
from game.app.shown import Shown
from game.engine.engine import GameEngine
from game.scenes.base import GameScene, TextEntryScene, is_back_key
from game.ui import theme
from game.ui.scale import px
from game.ui.text import draw_text, fit_text, wrap_text
from game.ui.text_field import draw_text_field
from game.ui.widgets import KeyHelp, dim, draw_panel

_TITLE_FONT = 32
_HINT_FONT = 19
_BODY_FONT = 22
_ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
_YES_KEYS = (pygame.K_y, *_ENTER_KEYS)
_NO_KEYS = (pygame.K_n, pygame.K_ESCAPE)


class PromptScene(TextEntryScene[PromptView]):
    """A one-line text field; Enter answers with the text, Esc with None."""

    keys: ClassVar[KeyHelp] = (
        ("Type", "text"),
        ("Enter", "OK"),
        ("Ctrl+V", "paste"),
        ("Ctrl+A", "select all"),
        ("Ctrl+Bksp", "delete a word"),
        ("Esc", "cancel"),
    )

    def __init__(self, engine: GameEngine, screen: PromptScreen) -> None:
        super().__init__(engine, screen)
        self.model = Prompt(engine, screen.question, screen.reply)

    def update(self, dt: float) -> None:
        self.model.tick()

    def shown(self) -> Shown[PromptView]:
        field = self._field(self.engine.screen)
        return self.with_caret(self.model.view(), self.model.line, field)

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.model.handle(PromptKey.CANCEL)
        elif event.type == pygame.KEYDOWN and event.key in _ENTER_KEYS:
            self.model.handle(PromptKey.OK)
        else:
            command = self.line_command(event)
            if command is not None:
                self.model.handle(command)

    def _panel(self, surface: pygame.Surface) -> pygame.Rect:
        panel = pygame.Rect(0, 0, min(px(820), surface.get_width() - 40), px(230))
        panel.center = self.content_area(surface).center
        return panel

    def _field(self, surface: pygame.Surface) -> pygame.Rect:
        panel = self._panel(surface)
        return pygame.Rect(panel.left + px(30), panel.top + px(100), panel.width - px(60), px(48))

    def draw(self, surface: pygame.Surface, shown: Shown[PromptView], alpha: float) -> None:
        view = shown.view
        dim(surface)
        panel = self._panel(surface)
        draw_panel(surface, panel)
        title = fit_text(view.title, _TITLE_FONT, panel.width - 40, True)
        at = (panel.centerx, panel.top + px(20))
        draw_text(surface, title, _TITLE_FONT, theme.ACCENT, at, "midtop", True)
        hint = fit_text(view.hint, _HINT_FONT, panel.width - 40)
        at = (panel.centerx, panel.top + px(66))
        draw_text(surface, hint, _HINT_FONT, theme.TEXT_DIM, at, "midtop")
        field = self._field(surface)
        draw_text_field(surface, field, view.field, bool(shown.ticking))
        if view.error:
            error = fit_text(view.error, _HINT_FONT, panel.width - 60)
            at = (panel.left + px(30), field.bottom + px(18))
            draw_text(surface, error, _HINT_FONT, theme.DANGER, at)


class ConfirmScene(GameScene[AskYesNo]):
    """A yes-or-no question: Y or Enter answers yes, N or Esc no (after the dialog closes)."""

    overlay = True
    keys: ClassVar[KeyHelp] = (("Y / Enter", "yes"), ("N / Esc", "no"))

    def __init__(self, engine: GameEngine, screen: ConfirmScreen) -> None:
        super().__init__(engine, screen)
        self.model = Confirmation(engine, screen.question, screen.reply)

    def shown(self) -> Shown[AskYesNo]:
        return Shown(self.model.view())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in _YES_KEYS:
            self.model.handle(ConfirmKey.YES)
        elif event.key in _NO_KEYS:
            self.model.handle(ConfirmKey.NO)

    def draw(self, surface: pygame.Surface, shown: Shown[AskYesNo], alpha: float) -> None:
        view = shown.view
        dim(surface)
        area = self.content_area(surface)
        width = min(px(640), area.width - 40)
        lines = wrap_text(view.question, _BODY_FONT, width - 60)
        line_height = px(int(_BODY_FONT * 1.35))
        panel = pygame.Rect(0, 0, width, px(134) + line_height * len(lines))
        panel.center = area.center
        draw_panel(surface, panel, theme.WARNING)
        draw_text(
            surface,
            fit_text(view.title, _TITLE_FONT, width - 40, True),
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
