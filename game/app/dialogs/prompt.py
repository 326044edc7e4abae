"""The dialogs that ask the player, as models: a line of text (a save's name, a file path) and
a yes-or-no question. Each closes before it answers, so the answer may open another screen.

A flow (game.app.dialogs.flows) asks through them and may ask again with the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from game.app.dialogs.questions import Answer, AskText, AskYesNo
from game.app.dialogs.text_line import LineCommand, TextLine, TextLineView
from game.app.shell import Shell


class PromptKey(Enum):
    """The keys that answer a text prompt."""

    OK = "ok"  # Enter: the text
    CANCEL = "cancel"  # Esc: None


PromptCommand = PromptKey | LineCommand


@dataclass(frozen=True)
class PromptView:
    """The question's title and hint, the field, and why the text given before was refused."""

    title: str
    hint: str
    field: TextLineView
    error: str


class Prompt:
    """A one-line text field; Enter answers with the text, Esc with None."""

    def __init__(self, shell: Shell, question: AskText, reply: Callable[[Answer], None]) -> None:
        self.shell = shell
        self.question = question
        self.reply = reply
        # A suggestion is selected, so typing replaces it; text asked again after a problem
        # is not, so it can be fixed.
        self.line = TextLine(
            question.text, question.max_length, not question.error, shell.clipboard
        )
        self.error = question.error

    def handle(self, command: PromptCommand) -> None:
        if command is PromptKey.OK:
            self._answer(self.line.text)
        elif command is PromptKey.CANCEL:
            self._answer(None)
        else:
            self.line.handle(command)
            self.error = ""  # the text changes: the objection to it is out of date

    def tick(self) -> None:
        self.line.tick()

    def view(self) -> PromptView:
        question = self.question
        return PromptView(question.title, question.hint, self.line.view(), self.error)

    def _answer(self, answer: Answer) -> None:
        self.shell.pop()
        self.reply(answer)


class ConfirmKey(Enum):
    YES = "yes"  # Y, Enter
    NO = "no"  # N, Esc


class Confirmation:
    """A yes-or-no question; the answer goes to ``reply`` after the dialog closes."""

    def __init__(
        self, shell: Shell, question: AskYesNo, reply: Callable[[Answer], None]
    ) -> None:
        self.shell = shell
        self.question = question
        self.reply = reply

    def handle(self, command: ConfirmKey) -> None:
        self.shell.pop()
        self.reply(command is ConfirmKey.YES)

    def view(self) -> AskYesNo:
        """The question is its own view: a title and the words of the question."""
        return self.question
