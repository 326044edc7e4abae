"""Small dialogs that ask the player: a line of text (a save's name, a file path), or yes or no.

Each calls back with the answer; a problem the callback reports keeps the text dialog open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import pygame

from game.engine.engine import GameEngine
from game.scenes.base import GameScene, is_back_key
from game.ui import theme
from game.ui.text import draw_text, fit_text, wrap_text
from game.ui.text_field import TextField
from game.ui.widgets import KeyHelp, dim, draw_panel

_TITLE_FONT = 32
_HINT_FONT = 19
_BODY_FONT = 22
_ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class PromptScene(GameScene):
    """A one-line text field; Enter hands the text to ``submit``.

    ``submit`` returns None when it is done (the dialog closes first, so it may open another
    screen) or a one-line problem, shown in the dialog, which stays open to fix the text.
    """

    name = "prompt"

    overlay = True
    keys: ClassVar[KeyHelp] = (
        ("Type", "text"),
        ("Enter", "OK"),
        ("Ctrl+V", "paste"),
        ("Ctrl+A", "select all"),
        ("Ctrl+Bksp", "delete a word"),
        ("Esc", "cancel"),
    )

    def __init__(
        self,
        engine: GameEngine,
        title: str,
        hint: str,
        submit: Callable[[str], str | None],
        text: str = "",
        max_length: int = 1000,
    ) -> None:
        super().__init__(engine)
        self.title = title
        self.hint = hint
        self.submit = submit
        # The suggestion is selected, so typing replaces it.
        self.field = TextField(text, max_length, selected=True)
        self.error = ""

    def picture_key(self) -> object:
        return TextField.caret_phase()

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> None:
        if is_back_key(event):
            self.engine.pop()
        elif event.type == pygame.KEYDOWN and event.key in _ENTER_KEYS:
            self._submit()
        elif self.field.handle_event(event, self.engine.clipboard.get):
            self.error = ""

    def _submit(self) -> None:
        self.engine.pop()
        problem = self.submit(self.field.text)
        if problem is not None:
            self.error = problem
            self.engine.push(self)

    def _panel(self, surface: pygame.Surface) -> pygame.Rect:
        panel = pygame.Rect(0, 0, min(820, surface.get_width() - 40), 230)
        panel.center = self.content_area(surface).center
        return panel

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        panel = self._panel(surface)
        draw_panel(surface, panel)
        title = fit_text(self.title, _TITLE_FONT, panel.width - 40, True)
        draw_text(
            surface,
            title,
            _TITLE_FONT,
            theme.ACCENT,
            (panel.centerx, panel.top + 20),
            "midtop",
            True,
        )
        hint = fit_text(self.hint, _HINT_FONT, panel.width - 40)
        draw_text(
            surface, hint, _HINT_FONT, theme.TEXT_DIM, (panel.centerx, panel.top + 66), "midtop"
        )
        field = pygame.Rect(panel.left + 30, panel.top + 100, panel.width - 60, 48)
        self.field.draw(surface, field)
        if self.error:
            error = fit_text(self.error, _HINT_FONT, panel.width - 60)
            draw_text(
                surface, error, _HINT_FONT, theme.DANGER, (panel.left + 30, field.bottom + 18)
            )


class ConfirmScene(GameScene):
    """A yes-or-no question; Y or Enter runs ``on_yes`` (after the dialog closes), N or Esc not."""

    name = "confirm"

    overlay = True
    keys: ClassVar[KeyHelp] = (("Y / Enter", "yes"), ("N / Esc", "no"))

    def __init__(
        self, engine: GameEngine, title: str, question: str, on_yes: Callable[[], object]
    ) -> None:
        super().__init__(engine)
        self.title = title
        self.question = question
        self.on_yes = on_yes

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_y, *_ENTER_KEYS):
            self.engine.pop()
            self.on_yes()
        elif event.key in (pygame.K_n, pygame.K_ESCAPE):
            self.engine.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        dim(surface)
        area = self.content_area(surface)
        width = min(640, area.width - 40)
        lines = wrap_text(self.question, _BODY_FONT, width - 60)
        line_height = int(_BODY_FONT * 1.35)
        panel = pygame.Rect(0, 0, width, 134 + line_height * len(lines))
        panel.center = area.center
        draw_panel(surface, panel, theme.WARNING)
        draw_text(
            surface,
            fit_text(self.title, _TITLE_FONT, width - 40, True),
            _TITLE_FONT,
            theme.WARNING,
            (panel.centerx, panel.top + 20),
            "midtop",
            True,
        )
        y = panel.top + 72
        for line in lines:
            draw_text(surface, line, _BODY_FONT, theme.TEXT, (panel.centerx, y), "midtop")
            y += line_height
        answer = "Y  yes        N  no"
        draw_text(surface, answer, _BODY_FONT, theme.ACCENT, (panel.centerx, y + 12), "midtop")
