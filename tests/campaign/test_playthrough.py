"""The whole campaign played through the menus by an input script, each level by its stored
solution, with the chapters opening on the way; and a locked chapter that says why.

The real engine runs headless with instant steps and no thinking ahead, in a small window.
"""

from __future__ import annotations

import pygame

from game.app import navigation
from game.app.screens import LevelSelectScreen, MainMenuScreen
from game.app.session import read_campaign
from game.app.settings import AnimationSpeed
from game.core.chapters import chapters_of, open_chapters
from game.engine.engine import GameEngine
from game.engine.input_script import Action, InputScript, lurd_actions, parse_key
from game.scenes.catalog import register_scenes
from game.scenes.level_complete import LevelCompleteScene
from game.scenes.level_select import LevelSelectScene
from game.scenes.message import MessageScene
from game.storage.records import CAMPAIGN_ID
from game.storage.store import ProgressStore
from tests.engine.harness import press


def test_the_campaign_plays_from_the_first_level_to_the_last_through_the_menus() -> None:
    campaign = read_campaign()
    engine = register_scenes(GameEngine((640, 480), sound_enabled=False))
    engine.solver.think_ahead = False
    try:
        engine.use_progress(ProgressStore.in_memory())
        engine.settings.animation_speed = AnimationSpeed.INSTANT
        # Main menu: "Play campaign" is the first entry a new player can choose.
        actions: list[Action] = [parse_key("return")]
        for number, level in enumerate(campaign.levels):
            if number:
                actions.append(parse_key("return"))  # "Next level" on the complete screen
            actions += lurd_actions(dict(level.extra)["Solution"])
        script = InputScript(actions)
        engine.open(MainMenuScreen())
        engine.add_input_source(script)
        frames = 0
        while not script.finished and frames < 40 * len(actions):
            engine.run_frames(1)
            frames += 1
        engine.run_frames(5)
        assert script.finished
        top = engine.top
        assert isinstance(top, LevelCompleteScene), (
            type(top).__name__,
            getattr(top, "level_index", None),
            getattr(getattr(top, "state", None), "move_count", None),
        )
        assert top.model.result.level_index == len(campaign.levels) - 1
        totals = engine.progress.totals()
        assert totals.levels_solved == len(campaign.levels)
        solved = {
            index
            for index, level in enumerate(campaign.levels)
            if (record := engine.progress.level_record(CAMPAIGN_ID, level)) and record.solved
        }
        assert all(open_chapters(chapters_of(campaign.levels), solved))
    finally:
        engine.shutdown()


def test_a_locked_chapter_says_how_it_opens(engine: GameEngine) -> None:
    navigation.open_campaign(engine)
    chapters = chapters_of(read_campaign().levels)
    assert len(chapters) == 6 and len(read_campaign().levels) >= 60
    select = LevelSelectScene(engine, LevelSelectScreen())
    engine.push(select)
    assert select.model.chapter == 0 and select.model.chapter_open()
    press(engine, pygame.K_TAB)
    assert select.model.chapter == 1 and not select.model.chapter_open()
    assert select.model.selected == chapters[1].indices[0]
    press(engine, pygame.K_RETURN)
    message = engine.top
    assert isinstance(message, MessageScene) and "locked" in message.model.title
    assert f"{chapters[0].needed()} of the {len(chapters[0].indices)}" in message.model.text
    press(engine, pygame.K_RETURN)
    navigation.play_level(engine, chapters[2].indices[0])
    assert isinstance(engine.top, MessageScene)
