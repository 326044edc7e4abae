"""Fixtures for the storage tests: a temporary SOKOBAN_HOME, an open store and a small level.

No test here ever touches the real user data folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.level import Level
from game.core.xsb import parse_level
from game.storage.store import ProgressStore
from tests.conftest import SMALL_LEVEL


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("SOKOBAN_HOME", str(folder))
    return folder


@pytest.fixture
def store(home: Path) -> Iterator[ProgressStore]:
    opened, message = ProgressStore.open()
    assert message is None
    yield opened
    opened.close()


@pytest.fixture
def level() -> Level:
    return parse_level(SMALL_LEVEL, title="Small")
