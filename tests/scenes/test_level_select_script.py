"""The level select driven by an input script: its Shift keys read the scripted event's own
modifiers, so ``key shift+s`` opens Solutions and ``key shift+tab`` goes a chapter back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app.screens import LevelSelectScreen, MainMenuScreen
from game.cli.scripted import run_until_still
from game.core.collection import read_collection_text
from game.core.level_ref import LevelFile
from game.engine.engine import GameEngine
from game.engine.input_script import InputScript, parse_script
from game.scenes.level_select import LevelSelectScene
from game.scenes.solutions import SolutionsScene
from tests.engine.harness import headless_engine

ROOM = "#######\n#@ $ .#\n#  $ .#\n#######\n"


@pytest.fixture
def engine() -> Iterator[GameEngine]:
    """The level select of two chapters of rooms."""
    for made in headless_engine():
        rooms = "\n".join(
            f"; room {number}\nChapter: {(number - 1) // 3 + 1}\n{ROOM}" for number in range(1, 7)
        )
        made.context.session.open(read_collection_text(rooms), LevelFile("rooms.xsb"))
        made.open_stack([MainMenuScreen(), LevelSelectScreen()])
        yield made


def _run(engine: GameEngine, text: str) -> None:
    script = InputScript(parse_script(text))
    engine.add_input_source(script)
    run_until_still(engine, script, None)
    assert script.problem is None


def test_shift_s_in_a_script_opens_the_solutions_of_the_chosen_level(engine: GameEngine) -> None:
    _run(engine, "key right\nkey shift+s\n")
    assert isinstance(engine.top, SolutionsScene)


def test_s_alone_in_a_script_opens_nothing(engine: GameEngine) -> None:
    _run(engine, "key s\n")
    assert isinstance(engine.top, LevelSelectScene)


def test_shift_tab_in_a_script_goes_a_chapter_back(engine: GameEngine) -> None:
    top = engine.top
    assert isinstance(top, LevelSelectScene)
    _run(engine, "key tab\n")
    chapter = top.model.view()
    _run(engine, "key shift+tab\n")
    assert top.model.view() != chapter
    _run(engine, "key tab\n")
    assert top.model.view() == chapter
