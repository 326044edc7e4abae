"""What the HUD, the level select and the complete screen say of scores and level numbers:
each score named, columns that keep still, no score for a test play, and a file's own numbers
kept when one of its levels cannot be played.
"""

from __future__ import annotations

import pygame
import pytest

from game.app import navigation
from game.app.editor import editing
from game.app.hud_info import HudInfo
from game.app.screens import (
    LevelSelectScreen,
    MainMenuScreen,
)
from game.core.collection import read_collection_text
from game.core.errors import LevelError
from game.core.level_ref import LevelFile
from game.engine.engine import GameEngine
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.message import MessageScene
from game.scenes.play import PlayScene
from game.ui.hud import draw_hud
from tests.engine.harness import level_collection, play_moves, press
from tests.scenes.conftest import Drawn


def hud(score: int | None, level_score: int | None) -> HudInfo:
    return HudInfo("Levels", 1, 4, "", 12, 3, score, level_score, "-", "", 1, 2)


def test_every_score_on_the_hud_says_which_score_it_is(drawn_texts: list[Drawn]) -> None:
    pygame.font.init()
    draw_hud(pygame.Surface((1280, 200)), hud(4000, 1000), 9.0)
    shown = [item.text for item in drawn_texts]
    assert "THIS LEVEL" in shown and "TOTAL SCORE" in shown and "SCORE" not in shown
    assert "1,000" in shown and "4,000" in shown and not any("(+" in text for text in shown)
    drawn_texts.clear()
    draw_hud(pygame.Surface((1280, 200)), hud(None, None), 9.0)  # a test play scores nothing
    shown = [item.text for item in drawn_texts]
    assert "TOTAL SCORE" not in shown and "THIS LEVEL" not in shown and "0" not in shown


@pytest.mark.parametrize("width", [640, 1280])
def test_the_hud_columns_keep_still_as_the_clock_runs(
    drawn_texts: list[Drawn], width: int
) -> None:
    pygame.font.init()
    places = []
    for seconds in (71.0, 77.0, 111.0):  # 1:11 is narrower than 1:17 in a proportional font
        drawn_texts.clear()
        draw_hud(pygame.Surface((width, 200)), hud(4000, 1000), seconds)
        places.append({item.text: item.rect.centerx for item in drawn_texts if item.text.isupper()})
    assert places[0] == places[1] == places[2]


def test_the_level_select_header_names_its_score_and_the_total(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    engine.run_frames(1)
    header = [item.text for item in drawn_texts if "solved" in item.text]
    assert header and "points here (total score 0)" in header[-1]


def test_a_test_play_shows_no_score(engine: GameEngine) -> None:
    editing.TestPlay(engine).start(level_collection().levels[1])
    play = engine.top
    assert isinstance(play, PlayScene)
    assert play.model.hud_info().score is None and play.model.hud_info().level_score is None
    play_moves(engine, "rrr")
    complete = engine.top
    assert isinstance(complete, LevelCompleteScene)
    assert [label for label, _ in complete.model.view().rows] == ["Moves", "Pushes", "Time"]


UNPLAYABLE_SECOND = (
    "; one\n#####\n#@$.#\n#####\n\n"
    "; two\n#####\n#@*.#\n#####\n\n"  # one box, two goals: cannot be played
    "; three\n######\n#@$ .#\n######\n"
)


def test_a_level_that_cannot_be_played_keeps_its_number() -> None:
    collection = read_collection_text(UNPLAYABLE_SECOND)
    assert [level.title for level in collection.levels] == ["one", "three"]
    assert collection.number_of(1) == 3 and collection.file_count == 3
    assert collection.find("3").title == "three"
    with pytest.raises(LevelError, match="level 2 cannot be played: the level has 1 box"):
        collection.find("2")
    with pytest.raises(LevelError, match="the file has 3 levels"):
        collection.find("4")


def test_the_hud_and_the_cards_number_levels_as_the_file_does(
    engine: GameEngine, drawn_texts: list[Drawn]
) -> None:
    engine.context.session.open(read_collection_text(UNPLAYABLE_SECOND), LevelFile("x.xsb"))
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    navigation.play_level(engine, 1)
    play = engine.top
    assert isinstance(play, PlayScene)
    info = play.model.hud_info()
    assert (info.level_number, info.level_count) == (3, 3)
    engine.pop()
    drawn_texts.clear()
    engine.run_frames(1)
    assert "3" in [item.text for item in drawn_texts]


def test_level_select_shows_an_unplayable_level_in_its_place_and_says_why(
    engine: GameEngine,
) -> None:
    engine.context.session.open(read_collection_text(UNPLAYABLE_SECOND), LevelFile("x.xsb"))
    engine.open_stack([MainMenuScreen(), LevelSelectScreen()])
    select = engine.top
    assert isinstance(select, LevelSelectScene)
    assert select.model.in_view == [0, -2, 1]  # level 2 of the file keeps its place
    press(engine, pygame.K_RIGHT)
    assert select.model.selected == -2
    press(engine, pygame.K_RETURN)
    said = engine.top
    assert isinstance(said, MessageScene) and said.model.title == "Level 2 cannot be played"
    assert "1 box but 2 goals" in said.model.text
    engine.pop()
    press(engine, pygame.K_RIGHT)
    press(engine, pygame.K_RETURN)
    play = engine.top
    assert isinstance(play, PlayScene) and play.model.hud_info().level_number == 3
