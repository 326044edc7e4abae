"""What the application layer asks of the program around it: screens, the context, settings.

The engine provides it; tests may give a stand-in. Nothing here knows pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.app.context import PlayContext
from game.app.jobs.job_driver import JobDriver
from game.app.screens import Screen
from game.app.settings import Settings


class TextClipboard(Protocol):
    """The system's clipboard, as text (the engine's, or a stand-in in tests)."""

    def put(self, text: str) -> bool:
        """Copy ``text``; True if the system's clipboard took it."""

    def get(self) -> str: ...


class Shell(Protocol):
    """The screen stack and the services a flow or a navigation decision works through."""

    settings: Settings
    jobs: JobDriver

    @property
    def clipboard(self) -> TextClipboard: ...

    @property
    def context(self) -> PlayContext: ...

    def open(self, screen: Screen) -> None:
        """Open ``screen`` over the current one."""

    def open_stack(self, screens: Sequence[Screen]) -> None:
        """Leave every screen and open ``screens``, bottom first."""

    def replace(self, screen: Screen) -> None:
        """Open ``screen`` in place of the top one (the one under it is not shown between)."""

    def pop(self) -> None:
        """Close the top screen."""

    def top_screen(self) -> Screen | None:
        """What the top screen was opened with."""

    def push_context(self, context: PlayContext) -> None:
        """Play in ``context`` until it is popped (test play)."""

    def pop_context(self) -> None:
        """Back to the context before, closing the one on top."""

    def quit(self) -> None: ...
