"""The statistics scene: rendering with no data and with a full store, at large and small sizes.

Runs headless; the full store is written through the store's own row helpers.
"""

from __future__ import annotations

import random
import sqlite3

import pygame
import pytest

from game.app.screens import StatsScreen
from game.engine.engine import GameEngine
from game.scenes.stats import StatsScene
from game.storage.queries import StatsSnapshot
from game.storage.records import (
    CAMPAIGN_ID,
    CollectionInfo,
    LevelRecord,
    Solution,
    SolvedEvent,
    format_duration,
)
from game.storage.store import ProgressStore, add_event, put_collection, put_record
from game.ui.stats_charts import (
    collection_rows,
    format_number,
    stats_layout,
)
from tests.engine.harness import click, press

DAY = 86_400.0
START = 1_790_000_000.0


def full_store() -> ProgressStore:
    """A store as after weeks of play: four collections, solved in a jumbled order, some par."""
    store = ProgressStore.in_memory()
    chance = random.Random(6)
    plan = (
        (CAMPAIGN_ID, "Campaign", 30, 24, 3.0),
        ("title:Microban", "Microban", 155, 70, 2.0),
        ("title:XSokoban", "XSokoban", 90, 4, 1.0),
        ("file:mine.sok", "mine.sok", 0, 2, 0.0),
    )
    when = START

    def fill(connection: sqlite3.Connection) -> None:
        nonlocal when
        for collection_id, title, size, solved, opened in plan:
            fingerprints = tuple(f"{collection_id}-{number}" for number in range(1, size + 1))
            if size:
                put_collection(
                    connection,
                    CollectionInfo(collection_id, title, "", fingerprints, START + opened),
                )
            numbers = chance.sample(range(1, max(size, solved + 2) + 1), solved + 2)
            for order, number in enumerate(numbers):
                pushes = chance.randint(4, 60)
                moves = pushes * chance.randint(2, 5)
                lurd = "R" * pushes + "r" * (moves - pushes)
                done = order < solved
                when += chance.uniform(0.05, 0.6) * DAY
                score = max(100, 1000 - moves) if done else 0
                record = LevelRecord(
                    collection_id,
                    f"{collection_id}-{number}",
                    title=f"{number}",
                    solved=done,
                    best_moves=Solution.from_lurd(lurd) if done else None,
                    best_pushes=Solution.from_lurd(lurd) if done else None,
                    best_score=score,
                    attempts=chance.randint(1, 6),
                    seconds=chance.uniform(30, 900),
                    moves_played=moves * 2,
                    pushes_played=pushes * 2,
                    hints=chance.randint(0, 2) if number % 5 == 0 else 0,
                    par_moves=round(moves * 0.8) if number % 3 == 0 else None,
                    par_pushes=round(pushes * 0.9) if number % 3 == 0 else None,
                    first_solved_at=when if done else None,
                    last_played_at=when,
                )
                put_record(connection, record)
                if done:
                    event = SolvedEvent(
                        when, collection_id, record.fingerprint, record.title, moves, pushes, score
                    )
                    add_event(connection, event)

    assert store.write(fill)[1] is None
    return store


@pytest.mark.parametrize("size", [(1280, 800), (640, 400)])
@pytest.mark.parametrize("filled", [False, True])
def test_the_scene_renders(engine: GameEngine, size: tuple[int, int], filled: bool) -> None:
    store = full_store() if filled else ProgressStore.in_memory()
    scene = StatsScene(engine, StatsScreen(store))
    engine.push(scene)
    surface = pygame.Surface(size)
    scene.draw(surface, scene.shown(), 0.0)
    colours = {
        surface.get_at((x, y))[:3] for x in range(0, size[0], 7) for y in range(0, size[1], 7)
    }
    assert len(colours) > 20  # panels, text and charts, not a blank screen
    if filled:
        assert scene.model.data.totals.levels_solved == 100
        assert len(scene.model.data.history) == 100
        titles = [info.title for info in scene.model.data.collections]
        assert titles == ["Campaign", "Microban", "XSokoban", "mine.sok"]
        numbers = [int(level.label) for level in scene.model.data.solved["title:Microban"]]
        assert len(numbers) == 70 and numbers == sorted(numbers)  # collection order
    else:
        assert scene.model.data == StatsSnapshot()


def test_the_scene_uses_the_engines_store_and_keys(engine: GameEngine) -> None:
    store = full_store()
    engine.use_progress(store)
    scene = StatsScene(engine, StatsScreen())
    engine.push(scene)
    assert scene.model.store is store and len(scene.model.data.collections) == 4
    press(engine, pygame.K_DOWN)
    assert scene.model.selected == 1
    press(engine, pygame.K_UP)
    press(engine, pygame.K_UP)
    assert scene.model.selected == 3  # wraps around
    press(engine, pygame.K_ESCAPE)
    assert engine.top is not scene


def test_a_click_chooses_a_collection(engine: GameEngine) -> None:
    scene = StatsScene(engine, StatsScreen(full_store()))
    engine.push(scene)
    layout = stats_layout(scene.content_area(engine.screen))
    index, rect = collection_rows(layout, len(scene.model.data.collections), 0)[2]
    click(engine, rect.center)
    assert scene.model.selected == index == 2


def test_formatting() -> None:
    assert format_duration(42.9) == "42 s"
    assert format_duration(12 * 60 + 5) == "12 min"
    assert format_duration(3 * 3600 + 5 * 60) == "3 h 05 min"
    assert [format_number(n) for n in (950, 1250, 12_500, 3_100_000)] == [
        "950",
        "1.2k",
        "12k",
        "3.1M",
    ]
    # The half line of an axis up to 1 or 5 (one solved level's moves): no "0" twice.
    halves = [format_number(n) for n in (0.0, 0.5, 1.0, 2.5, 150.5)]
    assert halves == ["0", "0.5", "1", "2.5", "150"]
