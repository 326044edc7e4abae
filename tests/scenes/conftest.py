"""The engine and temporary SOKOBAN_HOME fixtures for the scene tests, and a record of every
text drawn. The first two live in tests/engine/harness.py, shared with the engine tests.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

import game.ui.text as text_module
from tests.engine.harness import engine, temporary_home

__all__ = ["Drawn", "drawn_texts", "engine", "temporary_home"]


@dataclass(frozen=True)
class Drawn:
    text: str
    rect: pygame.Rect


@pytest.fixture
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text drawn through ``draw_text``, wherever a module imported it from."""
    record: list[Drawn] = []
    original = text_module.draw_text

    def recording(*args: Any, **kwargs: Any) -> pygame.Rect:
        rect = original(*args, **kwargs)
        record.append(Drawn(str(args[1]), rect))
        return rect

    for name, module in list(sys.modules.items()):
        if name.startswith("game.") and getattr(module, "draw_text", None) is original:
            monkeypatch.setattr(module, "draw_text", recording)
    yield record
