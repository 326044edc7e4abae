"""The saved games screen's model: a new save named through a prompt, a save replaced or
deleted after a question, a save loaded into play, and the rows as the screen shows them."""

from __future__ import annotations

import time
from dataclasses import replace

from game.app import saving
from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.notice import Tone
from game.app.saved_games import SavedGames, SavedGamesView, SlotsKey
from game.app.screens import (
    ConfirmScreen,
    LevelSelectScreen,
    MainMenuScreen,
    PlayScreen,
    PromptScreen,
)
from game.core.collection import read_collection_text
from game.core.direction import Direction
from game.core.level_ref import LevelFile
from game.core.play import PlayState
from game.core.wording import moment_text
from game.storage.records import SavedGame
from tests.app.fake_shell import FakeShell

LEVELS = "; one\n#######\n#@ $ .#\n#######\n\n; two\n#######\n#@ $ .#\n#######\n"


def screen_with(game: bool, kept_at: float | None = None) -> tuple[FakeShell, SavedGames]:
    """The saved games, with a game of one move on level 2 to save (kept at ``kept_at`` when
    given), or nothing to save."""
    shell = FakeShell()
    collection = read_collection_text(LEVELS)
    collection.title = "Two rooms"
    shell.context.session.open(collection, LevelFile("rooms.xsb"))
    state = PlayState(collection.levels[1])
    state.step(Direction.RIGHT)
    current: SavedGame | None = saving.saved_game(shell.context, 1, state) if game else None
    if current is not None and kept_at is not None:
        current = replace(current, saved_at=kept_at)
    model = SavedGames(shell, lambda: current)
    model.refresh()
    return shell, model


def test_with_nothing_to_save_and_no_saves_the_screen_is_empty_and_enter_does_nothing() -> None:
    shell, model = screen_with(game=False)
    assert model.view() == SavedGamesView(None, (), 0, "", Tone.QUIET)
    for command in (SlotsKey.CHOOSE, SlotsKey.SAVE_OVER, SlotsKey.DELETE, SlotsKey.DOWN):
        model.handle(command)
    assert shell.screens == [] and model.view().selected == 0


def test_a_new_save_is_named_through_a_prompt_and_chosen() -> None:
    shell, model = screen_with(game=True)
    view = model.view()
    assert view.to_save == "A new save keeps Two rooms, level 2, after 1 move." and view.rows == 1
    model.handle(SlotsKey.CHOOSE)
    prompt = shell.top_screen()
    assert isinstance(prompt, PromptScreen) and prompt.question.text == "Two rooms, level 2"
    shell.answer("  first try ")
    view = model.view()
    assert [(row.name, row.details) for row in view.slots] == [
        ("first try", "Two rooms, level 2, 1 move")
    ]
    assert view.selected == 1 and (view.message, view.tone) == ('Saved as "first try".', Tone.GOOD)


def test_a_save_is_dated_when_it_is_made_not_when_the_game_was_kept() -> None:
    kept = time.time() - 3600  # the game was kept on leaving the level, an hour ago
    shell, model = screen_with(game=True, kept_at=kept)
    model.handle(SlotsKey.CHOOSE)
    shell.answer("later")
    (slot,) = model.saves.list()
    assert slot.saved_at >= kept + 3500
    assert model.view().slots[0].saved == moment_text(slot.saved_at)


def test_saving_over_a_save_and_deleting_it_ask_first() -> None:
    shell, model = screen_with(game=True)
    game = model.current()
    assert game is not None and model.saves.save("mine", game) is None
    model.refresh()
    model.handle(SlotsKey.DOWN)
    model.handle(SlotsKey.SAVE_OVER)
    assert isinstance(shell.top_screen(), ConfirmScreen)
    shell.answer(False)
    assert model.view().message == ""
    model.handle(SlotsKey.SAVE_OVER)
    shell.answer(True)
    assert model.view().message == 'Saved as "mine".'
    model.handle(SlotsKey.DELETE)
    shell.answer(True)
    view = model.view()
    assert view.slots == () and (view.message, view.tone) == ('Deleted "mine".', Tone.QUIET)
    assert view.selected == 0


def test_a_save_chosen_is_played_from_where_it_was_left() -> None:
    shell, model = screen_with(game=True)
    game = model.current()
    assert game is not None and model.saves.save("mine", game) is None
    model.refresh()
    model.handle(ClickOn(1))
    assert shell.screens[:2] == [MainMenuScreen(), LevelSelectScreen()]
    play = shell.screens[2]
    assert isinstance(play, PlayScreen) and play.level_index == 1
    assert play.state is not None and play.state.lurd() == "r"


def test_the_pointer_and_the_wheel_choose_within_the_rows() -> None:
    shell, model = screen_with(game=True)
    game = model.current()
    assert game is not None
    for name in ("a", "b", "c"):
        assert model.saves.save(name, game) is None
    model.refresh()
    model.handle(PointAt(2))
    assert model.view().selected == 2
    model.handle(PointAt(9))  # beside the rows: nothing
    model.handle(Wheel(-5))
    assert model.view().selected == 3
    model.handle(Wheel(9))
    assert model.view().selected == 0
    model.handle(SlotsKey.BACK)
    assert shell.closed
