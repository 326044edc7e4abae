"""Text on the system clipboard, with an in-process copy when the system has none.

Headless runs and platforms without a clipboard still get copy and paste within the game.
"""

from __future__ import annotations

import pygame

from game.core.files import without_byte_order_mark


class Clipboard:
    """Put and get text; never raises, whatever the platform offers."""

    def __init__(self) -> None:
        self._local = ""

    def put(self, text: str) -> bool:
        """Copy ``text``; True if the system clipboard took it, False if only the game has it."""
        self._local = text
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError, NotImplementedError, ValueError):
            return False  # ValueError: a NUL, or a lone surrogate (a byte of a file name)
        return True

    def get(self) -> str:
        """The clipboard's text, or what the game copied last when the system has none."""
        try:
            text = pygame.scrap.get_text()
        except UnicodeDecodeError as error:
            # Another program put bytes that are not UTF-8: what they say, with U+FFFD for
            # the bytes that say nothing, so that the paste answers in one line.
            return without_byte_order_mark(bytes(error.object).decode("utf-8", "replace"))
        except (pygame.error, AttributeError, NotImplementedError):
            return self._local
        return without_byte_order_mark(text) or self._local

