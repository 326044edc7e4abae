"""The statistics screen's model: the store read into plain words and numbers, the chosen
collection moved by keys (round the ends) and clicks, its solved levels' bars following it."""

from __future__ import annotations

import sqlite3
import time

from game.app.dialogs.menu import ClickOn
from game.app.statistics_screen import (
    CollectionRow,
    LevelBars,
    ScoreHistory,
    StatisticsScreen,
    StatisticsView,
    StatsKey,
)
from game.storage.records import CollectionInfo, LevelRecord, Solution, SolvedEvent
from game.storage.rows import add_event, put_collection, put_record
from game.storage.store import ProgressStore
from tests.app.fake_shell import FakeShell

DAY = 86_400.0
START = 1_790_000_000.0


class StatsShell(FakeShell):
    """The shell, with the player's own store."""

    def __init__(self, store: ProgressStore) -> None:
        super().__init__()
        self.store = store

    @property
    def player_progress(self) -> ProgressStore:
        return self.store


def solved(collection_id: str, number: int, lurd: str, when: float, score: int) -> LevelRecord:
    return LevelRecord(
        collection_id,
        f"{collection_id}-{number}",
        title=str(number),
        solved=True,
        best_moves=Solution.from_lurd(lurd),
        best_pushes=Solution.from_lurd(lurd),
        best_score=score,
        seconds=90.0,
        moves_played=len(lurd),
        pushes_played=sum(letter.isupper() for letter in lurd),
        par_moves=3 if number == 2 else None,
        par_pushes=2 if number == 2 else None,
        first_solved_at=when,
        last_played_at=when,
    )


def two_collections() -> ProgressStore:
    """Three levels of Microban (two solved) and one solved level of a collection of unknown
    size, solved a day apart."""
    store = ProgressStore.in_memory()
    prints = tuple(f"title:Microban-{number}" for number in (1, 2, 3))

    def fill(connection: sqlite3.Connection) -> None:
        put_collection(connection, CollectionInfo("title:Microban", "Microban", "", prints, START))
        records = [
            solved("title:Microban", 2, "rRR", START + DAY, 900),
            solved("title:Microban", 1, "uUlL", START + 2 * DAY, 800),
            solved("file:x.sok", 1, "R", START + 3 * DAY, 1000),
        ]
        for record in records:
            put_record(connection, record)
            assert record.best_moves is not None and record.first_solved_at is not None
            event = SolvedEvent(
                record.first_solved_at,
                record.collection_id,
                record.fingerprint,
                record.title,
                record.best_moves.moves,
                record.best_moves.pushes,
                record.best_score,
            )
            add_event(connection, event)

    assert store.write(fill)[1] is None
    return store


def opened(store: ProgressStore, own: bool = True) -> tuple[StatsShell, StatisticsScreen]:
    shell = StatsShell(store if own else ProgressStore.in_memory())
    model = StatisticsScreen(shell, None if own else store)
    model.reload()
    return shell, model


def day(when: float) -> str:
    return time.strftime("%d %b %Y", time.localtime(when))


def test_an_empty_store_shows_zeros_and_no_collection() -> None:
    shell, model = opened(ProgressStore.in_memory())
    assert model.store is shell.player_progress
    view = model.view()
    assert view == StatisticsView(
        (
            ("Levels solved", "0"),
            ("Moves", "0"),
            ("Pushes", "0"),
            ("Play time", "0 s"),
            ("Total score", "0"),
            ("Hints used", "0"),
        ),
        (),
        0,
        ScoreHistory(),
        "",
        (),
    )
    model.handle(StatsKey.DOWN)
    model.handle(ClickOn(0))
    assert model.view().selected == 0


def test_the_store_is_shown_as_words_and_numbers() -> None:
    store = two_collections()
    _, model = opened(store, own=False)
    assert model.store is store
    view = model.view()
    assert dict(view.totals)["Levels solved"] == "3" and dict(view.totals)["Play time"] == "4 min"
    assert dict(view.totals)["Total score"] == "2,700"
    by_title = {row.title: row for row in view.collections}
    assert by_title["Microban"] == CollectionRow("Microban", "2 / 3", 2 / 3, True)
    assert by_title["x.sok"] == CollectionRow("x.sok", "1 of 1 played", 1.0, False)
    assert view.history == ScoreHistory(
        ((START + DAY, 900), (START + 2 * DAY, 1700), (START + 3 * DAY, 2700)),
        day(START + DAY),
        day(START + 3 * DAY),
    )


def test_the_chosen_collection_moves_round_the_ends_and_its_levels_follow() -> None:
    shell, model = opened(two_collections(), own=False)
    titles = [row.title for row in model.view().collections]
    microban = titles.index("Microban")
    model.handle(ClickOn(microban))
    view = model.view()
    assert view.chosen_title == "Microban"
    assert view.levels == (LevelBars("1", 4, 2, None, None), LevelBars("2", 3, 2, 3, 2))
    model.handle(StatsKey.DOWN)
    model.handle(StatsKey.DOWN)
    assert model.view().selected == microban  # two collections: round and back
    model.handle(StatsKey.UP)
    view = model.view()
    assert view.chosen_title == "x.sok" and [bars.label for bars in view.levels] == ["1"]
    model.handle(StatsKey.BACK)
    assert shell.closed
