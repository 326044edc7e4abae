"""A stand-in for the engine as the application layer sees it (game.app.shell.Shell), for the
tests of screen models: it keeps the screens opened, in a list, and a clipboard in memory.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.app.context import ContextStack, PlayContext
from game.app.dialogs.questions import Answer
from game.app.jobs.job_driver import JobDriver
from game.app.screens import ConfirmScreen, EditorLeaveScreen, PromptScreen, Screen
from game.app.settings import Settings


class MemoryClipboard:
    def __init__(self) -> None:
        self.text = ""

    def put(self, text: str) -> bool:
        self.text = text
        return True

    def get(self) -> str:
        return self.text


class FakeShell:
    """The screen stack as a list of the screens opened over the one under test (which is not
    in it); popping with none opened closes the screen under test."""

    def __init__(self) -> None:
        self.settings = Settings()
        self.jobs = JobDriver()
        self.screens: list[Screen] = []
        self.closed = False  # the screen under test was popped
        self.memory_clipboard = MemoryClipboard()
        self.contexts = ContextStack(PlayContext.in_memory())

    @property
    def clipboard(self) -> MemoryClipboard:
        return self.memory_clipboard

    @property
    def context(self) -> PlayContext:
        return self.contexts.current

    def open(self, screen: Screen) -> None:
        self.screens.append(screen)

    def open_stack(self, screens: Sequence[Screen]) -> None:
        self.closed = True
        self.screens = list(screens)

    def replace(self, screen: Screen) -> None:
        self.pop()
        self.open(screen)

    def pop(self) -> None:
        if self.screens:
            self.screens.pop()
        else:
            self.closed = True

    def top_screen(self) -> Screen | None:
        return self.screens[-1] if self.screens else None

    def push_context(self, context: PlayContext) -> None:
        self.contexts.push(context)

    def pop_context(self) -> None:
        self.contexts.pop()

    def quit(self) -> None:
        self.closed = True

    def answer(self, answer: Answer) -> None:
        """Answer the dialog on top, which closes first, as the real ones do."""
        dialog = self.screens.pop()
        assert isinstance(dialog, PromptScreen | ConfirmScreen | EditorLeaveScreen)
        dialog.reply(answer)
