"""A message dialog as a model: a title and a text to read over the current screen, scrolled
a line or a page at a time when it is taller than the window, closed by any of its keys.

Used for errors a player should read and for key help.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app.dialogs.scroll import ScrollRoom, Wheel
from game.app.shell import Shell

# Lines one notch of the mouse wheel scrolls.
WHEEL_LINES = 3


class MessageKey(Enum):
    CLOSE = "close"
    LINE_UP = "line up"
    LINE_DOWN = "line down"
    PAGE_UP = "page up"
    PAGE_DOWN = "page down"
    START = "start"
    END = "end"


MessageCommand = MessageKey | Wheel


@dataclass(frozen=True)
class MessageView:
    """The title, the text, and the first of its lines (as the screen wraps it) in view."""

    title: str
    text: str
    first_line: int


class MessageDialog:
    """A title and a text; ``room`` is how many of the text's lines the screen shows at once."""

    def __init__(self, shell: Shell, title: str, text: str) -> None:
        self.shell = shell
        self.title = title
        self.text = text
        self.first_line = 0
        self.room = ScrollRoom()

    def handle(self, command: MessageCommand) -> None:
        every, page = self.room.total, self.room.page
        steps = {
            MessageKey.LINE_UP: -1,
            MessageKey.LINE_DOWN: 1,
            MessageKey.PAGE_UP: -page,
            MessageKey.PAGE_DOWN: page,
            MessageKey.START: -every,
            MessageKey.END: every,
        }
        if command is MessageKey.CLOSE:
            self.shell.pop()
        elif isinstance(command, Wheel):
            self._scroll(-command.notches * WHEEL_LINES)
        else:
            self._scroll(steps[command])

    def _scroll(self, lines: int) -> None:
        self.first_line = self.room.clamp(self.first_line + lines)

    def view(self) -> MessageView:
        return MessageView(self.title, self.text, self.first_line)
