"""The level select as a model: the open collection's levels as cards, a chapter at a time when
it has them, the chosen one and the rows scrolled into view, what each card says, and the ways
on (play, solutions, edit a copy, another collection).

The scene tells it how its layout places the cards (:class:`CardGrid`); the view holds the cards
in view only, so a collection of thousands of levels costs no more a frame than one of ten.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.app import navigation
from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import ScrollRoom, Wheel
from game.app.editor import editing
from game.app.saving import best_text
from game.app.screens import (
    CollectionSolutionsScreen,
    LevelSelectScreen,
    OpenFileScreen,
    SolutionsScreen,
)
from game.app.shell import Shell
from game.core.chapters import chapters_of, open_chapters, stars_of
from game.core.level import Level
from game.core.level_ref import Campaign
from game.core.wording import counted
from game.storage.queries import CollectionSummary, collection_summary
from game.storage.records import LevelRecord


class SelectKey(Enum):
    """What the level select's keys ask."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"  # a row up
    DOWN = "down"
    PAGE_UP = "page up"  # a screenful of cards
    PAGE_DOWN = "page down"
    FIRST = "first"
    LAST = "last"
    PLAY = "play"
    NEXT_CHAPTER = "next chapter"
    PREVIOUS_CHAPTER = "previous chapter"
    OPEN_FILE = "open file"
    SOLUTIONS = "solutions"  # of the chosen level
    COLLECTION_SOLUTIONS = "collection solutions"  # every level's best, the chosen one first
    EDIT = "edit"  # a copy of the chosen level
    MY_LEVELS = "my levels"
    CAMPAIGN = "campaign"
    PASTE = "paste"  # the levels the clipboard holds
    BACK = "back"


# Pointing at, and clicking, the card at a position among those of the chapter (or the
# collection); the wheel scrolls rows.
LevelSelectCommand = SelectKey | PointAt | ClickOn | Wheel


@dataclass(frozen=True)
class CardGrid:
    """How the screen lays the cards out: ``columns`` a row, ``rows`` rows in view at once."""

    columns: int = 1
    rows: int = 1


@dataclass(frozen=True)
class LevelCard:
    """What one card shows: the level's number (in its file) and title, the level itself (for
    its picture; None for a level the game cannot play), whether it is the chosen one, the
    player's status and the level's stars.

    ``index`` is the level's index in the collection; a level that cannot be played has none,
    and stands as the negative of its number.
    """

    index: int
    number: int
    level: Level | None
    title: str
    chosen: bool
    solved: bool = False
    shown_by_solver: bool = False
    locked: bool = False
    best: str = ""  # the best moves/pushes, for a solved level
    size: str = ""  # "7x3, 1 box"
    stars: int | None = None


@dataclass(frozen=True)
class LevelSelectView:
    """The collection's title, the line under it (its figures and file), the chapter's line
    ("" without chapters) and whether it is open, and the cards in view: ``cards`` are those at
    positions ``first`` on of ``count``, the rows scrolled ``first_row`` down."""

    title: str
    summary: str
    chapter: str
    chapter_open: bool
    cards: tuple[LevelCard, ...]
    first: int
    count: int
    first_row: int


class LevelSelect:
    """A scrolling grid of the levels of the open collection."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        session = shell.context.session
        collection = session.collection
        self.levels = collection.levels if collection else []
        self.fingerprints = [level.fingerprint() for level in self.levels]
        self.selected = min(session.level_index, max(0, len(self.levels) - 1))
        # A collection with chapters shows one chapter at a time; ``in_view`` are its levels.
        self.chapters = chapters_of(self.levels)
        self.chapter = 0
        # A level the game cannot play keeps its place and number among the cards, as the
        # negative of its number (it has no index in ``levels``).
        errors = collection.errors if collection else []
        self.unplayable = {e.number: e.reason for e in errors if e.number is not None}
        self.in_view: list[int] = self._in_file_order()
        self._session_level = session.level_index
        self.solved: set[int] = set()
        self.opened: list[bool] = []
        self.first_row = 0
        self.grid = CardGrid()
        # The collection's records from the progress store, by fingerprint; read on showing.
        self.records: dict[str, LevelRecord] = {}
        # The header's figures: this collection's own, as the statistics screen counts them.
        self.summary = CollectionSummary(len(self.levels), 0, 0)
        # The player's total over every collection, which the HUD and statistics show.
        self.total_score = 0

    def _in_file_order(self) -> list[int]:
        """Every level's index, and each unplayable level's negated number, in file order."""
        session = self.shell.context.session
        numbered = [(session.level_number(index), index) for index in range(len(self.levels))]
        numbered += [(number, -number) for number in self.unplayable]
        return [entry for _, entry in sorted(numbered)]

    # -- the screen's life -------------------------------------------------------------------
    def came_into_view(self) -> None:
        """The screen opened: the records are read and the chosen level's chapter shown."""
        self._session_level = self.shell.context.session.level_index
        self._load_records()
        self._show_chapter_of(self.selected)

    def came_back(self) -> None:
        """The screen over this one closed. A level played from here may have moved the
        session on to the next one; a dialog (why a level cannot be played, say) leaves the
        choice where it was."""
        session_level = self.shell.context.session.level_index
        if session_level != self._session_level:
            self._session_level = session_level
            self.selected = min(session_level, max(0, len(self.levels) - 1))
        self._load_records()
        self._show_chapter_of(self.selected)

    def fit(self, grid: CardGrid) -> None:
        """The screen's layout places the cards so (the window was resized): the chosen card
        stays in view."""
        if grid != self.grid:
            self.grid = grid
            self._keep_selection_visible()

    def _load_records(self) -> None:
        context = self.shell.context
        self.records = context.progress.collection_records(context.session.collection_id)
        self.summary = collection_summary(
            context.progress, context.session.collection_id, self.fingerprints
        )
        self.total_score = context.progress.total_score()
        self.solved = {index for index in range(len(self.levels)) if self.is_solved(index)}
        self.opened = open_chapters(self.chapters, self.solved)

    def is_solved(self, index: int) -> bool:
        record = self.records.get(self.fingerprints[index])
        return record is not None and record.solved

    # -- chapters ----------------------------------------------------------------------------
    def chapter_open(self) -> bool:
        return not self.chapters or self.opened[self.chapter]

    def _show_chapter_of(self, index: int) -> None:
        for number, chapter in enumerate(self.chapters):
            if index in chapter.indices:
                self._show_chapter(number, index)
                return
        self._keep_selection_visible()

    def _show_chapter(self, number: int, selected: int | None = None) -> None:
        """Show chapter ``number``, with ``selected`` (or its first unsolved level) chosen."""
        self.chapter = number
        self.in_view = list(self.chapters[number].indices)
        unsolved = [index for index in self.in_view if index not in self.solved]
        self.selected = selected if selected in self.in_view else (unsolved or self.in_view)[0]
        self.first_row = 0
        self._keep_selection_visible()

    # -- scrolling ---------------------------------------------------------------------------
    def _room(self) -> ScrollRoom:
        rows = -(-len(self.in_view) // self.grid.columns)
        return ScrollRoom(rows, self.grid.rows)

    def _keep_selection_visible(self) -> None:
        position = self.in_view.index(self.selected) if self.selected in self.in_view else 0
        row = position // self.grid.columns
        self.first_row = self._room().keep_in_view(self.first_row, row)

    # -- commands ----------------------------------------------------------------------------
    def handle(self, command: LevelSelectCommand) -> None:
        match command:
            case SelectKey.BACK:
                self.shell.pop()
            case SelectKey.PASTE:
                navigation.paste_levels(self.shell)
            case SelectKey.CAMPAIGN:
                self._campaign()
            case Wheel(notches):
                self.first_row = self._room().clamp(self.first_row - notches)
            case PointAt(position) if 0 <= position < len(self.in_view):
                self.selected = self.in_view[position]
            case ClickOn(position) if 0 <= position < len(self.in_view):
                self.selected = self.in_view[position]
                self._play_selected()
            case SelectKey() if self.levels:
                self._key(command)

    def _key(self, key: SelectKey) -> None:
        playable = self.selected >= 0  # not the card of a level the game cannot play
        if key is SelectKey.PLAY:
            self._play_selected()
        elif key in (SelectKey.NEXT_CHAPTER, SelectKey.PREVIOUS_CHAPTER) and self.chapters:
            step = 1 if key is SelectKey.NEXT_CHAPTER else -1
            self._show_chapter((self.chapter + step) % len(self.chapters))
        elif key is SelectKey.OPEN_FILE:
            self.shell.open(OpenFileScreen())
        elif key is SelectKey.SOLUTIONS and playable:
            self.shell.open(SolutionsScreen(self.selected))
        elif key is SelectKey.COLLECTION_SOLUTIONS:
            self.shell.open(CollectionSolutionsScreen(max(0, self.selected)))
        elif key is SelectKey.EDIT and playable:  # a copy of the level, campaign included
            editing.edit_level(self.shell, self.levels[self.selected])
        elif key is SelectKey.MY_LEVELS:
            editing.open_user_levels(self.shell)
        else:
            self._move(key)

    def _move(self, key: SelectKey) -> None:
        columns, count = self.grid.columns, len(self.in_view)
        page = columns * self.grid.rows
        offset = {
            SelectKey.LEFT: -1,
            SelectKey.RIGHT: 1,
            SelectKey.UP: -columns,
            SelectKey.DOWN: columns,
            SelectKey.PAGE_UP: -page,
            SelectKey.PAGE_DOWN: page,
            SelectKey.FIRST: -count,
            SelectKey.LAST: count,
        }.get(key)
        if offset is None:
            return
        position = max(0, min(count - 1, self.in_view.index(self.selected) + offset))
        self.selected = self.in_view[position]
        self._keep_selection_visible()

    def _play_selected(self) -> None:
        if self.selected < 0:
            number, why = -self.selected, self.unplayable[-self.selected]
            text = f"{why}. The levels after it keep their numbers in the file."
            navigation.show_message(self.shell, f"Level {number} cannot be played", text)
            return
        if self.chapter_open():
            navigation.play_level(self.shell, self.selected)
            return
        before = self.chapters[self.chapter - 1]
        navigation.show_message(
            self.shell,
            f"Chapter {self.chapters[self.chapter].number} is locked",
            f"It opens when {before.needed()} of the {counted(len(before.indices), 'level')} "
            f"of chapter {before.number} are solved ({before.solved_in(self.solved)} so far). "
            "Levels the solver showed do not count.",
        )

    def _campaign(self) -> None:
        """The campaign's levels in place of the open collection's (they stay a key away:
        M for my levels, O for a file)."""
        if self.shell.context.session.source == Campaign():
            return
        if navigation.open_campaign(self.shell):
            self.shell.replace(LevelSelectScreen())

    # -- the view ----------------------------------------------------------------------------
    def view(self) -> LevelSelectView:
        session = self.shell.context.session
        summary = (
            f"{counted(self.summary.levels, 'level')}, {self.summary.solved} solved, "
            f"{self.summary.score:,} points here (total score {self.total_score:,})"
        )
        if session.path:
            summary += f"  -  {session.path}"
        first = self.first_row * self.grid.columns
        shown = self.in_view[first : first + self.grid.columns * self.grid.rows]
        return LevelSelectView(
            session.title,
            summary,
            self._chapter_line(),
            self.chapter_open(),
            tuple(self._card(entry) for entry in shown),
            first,
            len(self.in_view),
            self.first_row,
        )

    def _chapter_line(self) -> str:
        if not self.chapters:
            return ""
        chapter = self.chapters[self.chapter]
        line = (
            f"Chapter {chapter.number} of {len(self.chapters)}: {chapter.name}, "
            f"{chapter.solved_in(self.solved)} of {len(chapter.indices)} solved"
        )
        return line if self.chapter_open() else line + " (locked)"

    def _card(self, entry: int) -> LevelCard:
        chosen = entry == self.selected
        if entry < 0:
            return LevelCard(entry, -entry, None, "", chosen)
        level = self.levels[entry]
        number = self.shell.context.session.level_number(entry)
        record = self.records.get(self.fingerprints[entry])
        solved = record is not None and record.solved
        boxes = counted(len(level.boxes), "box", "boxes")
        return LevelCard(
            entry,
            number,
            level,
            level.title if level.title != str(number) else "",
            chosen,
            solved=solved,
            # Finished by the solver's solution: seen, not solved, and worth no score.
            shown_by_solver=record is not None and record.solver_used and not solved,
            locked=not self.chapter_open(),
            best=best_text(record) if solved else "",
            size=f"{level.width}x{level.height}, {boxes}",
            stars=stars_of(level),
        )
