"""The level select's model: the chosen card moved by keys within the grid the screen lays out,
the rows scrolled to keep it in view, chapters shown one at a time and locked until the one
before is solved, the cards' words, and the ways on."""

from __future__ import annotations

from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.level_select import CardGrid, LevelCard, LevelSelect, LevelSelectView, SelectKey
from game.app.screens import (
    CollectionSolutionsScreen,
    EditorScreen,
    LevelSelectScreen,
    MessageScreen,
    OpenFileScreen,
    PlayScreen,
    SolutionsScreen,
)
from game.core.collection import read_collection_text
from game.core.level_ref import Campaign, LevelFile
from tests.app.fake_shell import FakeShell

ROOM = "#######\n#@ $ .#\n#######\n"
UNPLAYABLE = "#####\n#@*.#\n#####\n"  # one box, two goals


def levels_text(count: int, chapters: int = 0, broken: int | None = None) -> str:
    """``count`` rooms, in ``chapters`` chapters of equal length (none: a plain collection),
    level ``broken`` (1-based) one that cannot be played."""
    entries = []
    for number in range(1, count + 1):
        extra = ""
        if chapters:
            chapter = (number - 1) * chapters // count + 1
            extra = f"Chapter: {chapter} Part {chapter}\nStars: {chapter}\n"
        body = UNPLAYABLE if number == broken else ROOM
        entries.append(f"; room {number}\n{body}{extra}")
    return "Title: Rooms\n\n" + "\n".join(entries)


# Three cards a row, two rows in view.
GRID = CardGrid(3, 2)


def opened(text: str, grid: CardGrid = GRID, at: int = 0) -> tuple[FakeShell, LevelSelect]:
    shell = FakeShell()
    shell.context.session.open(read_collection_text(text), LevelFile("rooms.xsb"), at)
    model = LevelSelect(shell)
    model.fit(grid)
    model.came_into_view()
    return shell, model


def chosen(view: LevelSelectView) -> int:
    [card] = [card for card in view.cards if card.chosen]
    return card.index


def test_the_view_holds_the_cards_in_view_and_their_words() -> None:
    _, model = opened(levels_text(10))
    view = model.view()
    assert (view.title, view.chapter, view.first, view.count) == ("Rooms", "", 0, 10)
    assert view.summary == "10 levels, 0 solved, 0 points here (total score 0)  -  rooms.xsb"
    assert [card.number for card in view.cards] == [1, 2, 3, 4, 5, 6]
    first = view.cards[0]
    assert first == LevelCard(0, 1, model.levels[0], "room 1", True, size="7x3, 1 box")


def test_keys_move_the_choice_and_the_rows_follow_it() -> None:
    _, model = opened(levels_text(10))
    model.handle(SelectKey.RIGHT)
    model.handle(SelectKey.DOWN)
    assert chosen(model.view()) == 4
    model.handle(SelectKey.DOWN)
    view = model.view()
    assert chosen(view) == 7 and view.first_row == 1 and view.first == 3
    assert [card.index for card in view.cards] == [3, 4, 5, 6, 7, 8]
    model.handle(SelectKey.PAGE_DOWN)  # six cards on: past the end, so the last
    assert model.view().first_row == 2 and chosen(model.view()) == 9
    model.handle(SelectKey.FIRST)
    assert model.view().first_row == 0 and chosen(model.view()) == 0
    model.handle(SelectKey.LEFT)
    assert chosen(model.view()) == 0
    model.handle(SelectKey.LAST)
    assert chosen(model.view()) == 9 and len(model.view().cards) == 4  # 6..9: a row and one


def test_the_wheel_scrolls_the_rows_within_the_collection() -> None:
    _, model = opened(levels_text(10))
    model.handle(Wheel(-1))
    assert model.view().first_row == 1
    model.handle(Wheel(-9))
    assert model.view().first_row == 2  # four rows of three, two in view
    model.handle(Wheel(5))
    assert model.view().first_row == 0


def test_a_smaller_window_keeps_the_chosen_card_in_view() -> None:
    _, model = opened(levels_text(10), at=9)
    assert model.view().first_row == 2
    model.fit(CardGrid(5, 1))
    view = model.view()
    assert view.first_row == 1 and chosen(view) == 9 and view.first == 5


def test_pointing_chooses_and_a_click_plays() -> None:
    shell, model = opened(levels_text(10))
    model.handle(PointAt(4))
    assert chosen(model.view()) == 4
    model.handle(ClickOn(2))
    assert shell.top_screen() == PlayScreen(2)
    model.handle(PointAt(99))  # no card there
    assert model.selected == 2


def test_the_ways_on() -> None:
    shell, model = opened(levels_text(4), at=1)
    model.handle(SelectKey.PLAY)
    assert shell.top_screen() == PlayScreen(1)
    for key, screen in (
        (SelectKey.SOLUTIONS, SolutionsScreen(1)),
        (SelectKey.COLLECTION_SOLUTIONS, CollectionSolutionsScreen(1)),
        (SelectKey.OPEN_FILE, OpenFileScreen()),
        (SelectKey.EDIT, EditorScreen(model.levels[1])),
    ):
        shell.screens.clear()
        model.handle(key)
        assert shell.screens == [screen], key
    shell.screens.clear()
    model.handle(SelectKey.CAMPAIGN)  # its level select in place of this one
    assert shell.closed and shell.screens == [LevelSelectScreen()]
    assert shell.context.session.source == Campaign()


def test_esc_goes_back() -> None:
    shell, model = opened(levels_text(2))
    model.handle(SelectKey.BACK)
    assert shell.closed and shell.screens == []


def test_a_chapter_at_a_time_and_a_locked_one_says_how_it_opens() -> None:
    shell, model = opened(levels_text(6, chapters=2))
    view = model.view()
    assert view.chapter == "Chapter 1 of 2: Part 1, 0 of 3 solved" and view.chapter_open
    assert view.count == 3 and view.cards[0].stars == 1
    model.handle(SelectKey.NEXT_CHAPTER)
    view = model.view()
    assert view.chapter == "Chapter 2 of 2: Part 2, 0 of 3 solved (locked)"
    assert not view.chapter_open and all(card.locked for card in view.cards)
    assert chosen(view) == 3
    model.handle(SelectKey.PLAY)
    message = shell.top_screen()
    assert isinstance(message, MessageScreen) and message.title == "Chapter 2 is locked"
    assert "It opens when 3 of the 3 levels of chapter 1 are solved (0 so far)" in message.text
    model.handle(SelectKey.PREVIOUS_CHAPTER)
    assert model.view().chapter.startswith("Chapter 1 of 2")


def test_a_level_that_cannot_be_played_keeps_its_place_and_says_why() -> None:
    shell, model = opened(levels_text(3, broken=2))
    assert model.in_view == [0, -2, 1]
    model.handle(SelectKey.RIGHT)
    card = model.view().cards[1]
    assert (card.index, card.number, card.level, card.chosen) == (-2, 2, None, True)
    model.handle(SelectKey.SOLUTIONS)  # no solutions for a level that cannot be played
    assert shell.screens == []
    model.handle(SelectKey.PLAY)
    message = shell.top_screen()
    assert isinstance(message, MessageScreen) and message.title == "Level 2 cannot be played"


def test_coming_back_follows_a_level_played_on_but_not_a_dialog() -> None:
    shell, model = opened(levels_text(6))
    model.handle(SelectKey.RIGHT)
    model.came_back()  # a dialog closed: the choice stays
    assert model.selected == 1
    shell.context.session.level_index = 4  # the level after the one played
    model.came_back()
    assert model.selected == 4
