"""The saved games screen as a model: save the current game under a name, list, load and
delete saves. Replacing or deleting a save asks first; loading resumes the game with its whole
move history; a save that cannot be read is named, and offered for deletion.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from game.app import navigation
from game.app.damaged import offer_deletion, report_damaged
from game.app.dialogs.flows import Flow, ask_checked_text, ask_yes_no, run_flow
from game.app.dialogs.menu import ClickOn, PointAt
from game.app.dialogs.scroll import Wheel
from game.app.notice import Tone
from game.app.shell import Shell
from game.core.problems import Problem
from game.core.wording import counted, moment_text
from game.storage.records import SavedGame, SlotInfo
from game.storage.slots import MAX_NAME_LENGTH, SaveSlots, slot_name_problem

NEW_SAVE = "New save..."


class SlotsKey(Enum):
    UP = "up"
    DOWN = "down"
    CHOOSE = "choose"  # Enter: load the chosen save, or name a new one
    SAVE_OVER = "save over"  # the current game in place of the chosen save
    DELETE = "delete"
    BACK = "back"


SavedGamesCommand = SlotsKey | PointAt | ClickOn | Wheel


@dataclass(frozen=True)
class SlotRow:
    """A save as its row shows it: its name, where it is (or why it cannot be read) and when
    it was saved."""

    name: str
    details: str
    saved: str
    damaged: bool


@dataclass(frozen=True)
class SavedGamesView:
    """What a new save would keep (None: nothing to save, and no "New save" row), the saves
    newest first, the chosen row (the "New save" row first, when there is one) and the line
    that tells what the last action came to."""

    to_save: str | None
    slots: tuple[SlotRow, ...]
    selected: int
    message: str
    tone: Tone

    @property
    def rows(self) -> int:
        return len(self.slots) + (self.to_save is not None)


class SavedGames:
    """The saves, newest first, with "New save" on top when there is a game to save.

    ``current`` gives the game a new save would hold: the level being played (from the pause
    menu) or the last session (from the main menu); None when there is nothing to save.
    """

    def __init__(self, shell: Shell, current: Callable[[], SavedGame | None]) -> None:
        self.shell = shell
        self.current = current
        self.slots: list[SlotInfo] = []
        self.rows: tuple[SlotRow, ...] = ()  # the saves as their rows show them
        # The game a new save would hold, taken when the screen shows (play is paused meanwhile).
        self.to_save: SavedGame | None = None
        self.selected = 0
        self.message = ""
        self.tone = Tone.QUIET
        self.reported: set[str] = set()  # damaged saves named on stderr already

    @property
    def saves(self) -> SaveSlots:
        return SaveSlots(self.shell.context.progress)

    def refresh(self, select: str | None = None) -> None:
        """Read the saves again (the screen came into view), keeping the choice (or choosing
        the save named ``select``)."""
        self.slots = self.saves.list()
        self.rows = tuple(slot_row(slot) for slot in self.slots)
        for slot in self.slots:
            if slot.problem is not None:
                report_damaged(f"The save {slot.name!r}", slot.problem, self.reported)
        self.to_save = self.current()
        names = [slot.name for slot in self.slots]
        if select in names:
            self.selected = names.index(select) + self.first_slot_row
        self._choose(self.selected)

    # -- rows --------------------------------------------------------------------------------
    @property
    def can_save(self) -> bool:
        return self.to_save is not None

    @property
    def first_slot_row(self) -> int:
        return 1 if self.can_save else 0

    @property
    def row_count(self) -> int:
        return self.first_slot_row + len(self.slots)

    def slot_at(self, row: int) -> SlotInfo | None:
        index = row - self.first_slot_row
        return self.slots[index] if 0 <= index < len(self.slots) else None

    def _choose(self, row: int) -> None:
        self.selected = max(0, min(row, self.row_count - 1))

    # -- commands ----------------------------------------------------------------------------
    def handle(self, command: SavedGamesCommand) -> None:
        slot = self.slot_at(self.selected)
        match command:
            case SlotsKey.BACK:
                self.shell.pop()
            case SlotsKey.UP | SlotsKey.DOWN:
                self._choose(self.selected + (1 if command is SlotsKey.DOWN else -1))
            case Wheel(notches):
                self._choose(self.selected - notches)
            case SlotsKey.CHOOSE:
                self._activate()
            case SlotsKey.SAVE_OVER if slot is not None:
                run_flow(self.shell.open, self._save_flow(slot.name))
            case SlotsKey.DELETE if slot is not None:
                run_flow(self.shell.open, self._delete_flow(slot.name))
            case PointAt(row) if 0 <= row < self.row_count:
                self.selected = row
            case ClickOn(row) if 0 <= row < self.row_count:
                self.selected = row
                self._activate()

    def _activate(self) -> None:
        slot = self.slot_at(self.selected)
        if slot is not None and slot.problem is not None:
            name = slot.name
            what = f"The save {name!r}"
            offer_deletion(self.shell, what, slot.problem, lambda: self._delete(name))
        elif slot is not None:
            self._load(slot.name)
        elif self.can_save and self.selected == 0:
            run_flow(self.shell.open, self._new_save_flow())

    # -- the actions -------------------------------------------------------------------------
    def _new_save_flow(self) -> Flow:
        suggestion = self.to_save.place if self.to_save is not None else ""
        name = yield from ask_checked_text(
            "Save the game",
            f"A name for this save (at most {MAX_NAME_LENGTH} characters).",
            slot_name_problem,
            suggestion[:MAX_NAME_LENGTH],
            MAX_NAME_LENGTH,
        )
        if name is not None:
            yield from self._save_flow(name)

    def _save_flow(self, name: str) -> Flow:
        """Save under ``name``, asking first if that replaces a save."""
        if not self.can_save:
            self._tell("There is no game to save yet: play a level first.", Tone.WARNING)
            return
        if self.saves.exists(name):
            replacing = yield from ask_yes_no(
                "Replace the save?",
                f'A save named "{name.strip()}" exists. Replace it with the current game?',
            )
            if not replacing:
                return
        self._save(name)

    def _save(self, name: str) -> None:
        game = self.to_save
        if game is None:
            self._tell("There is no game to save.", Tone.WARNING)
            return
        # The save is made now: the game kept may have been saved minutes ago (on leaving the
        # level), and the list showed that time for a save just made.
        problem = self.saves.save(name, replace(game, saved_at=time.time()))
        if problem is not None:
            self._tell(problem.text, Tone.DANGER)
            return
        self.refresh(select=name.strip())
        self._tell(f'Saved as "{name.strip()}".', Tone.GOOD)

    def _delete_flow(self, name: str) -> Flow:
        if (yield from ask_yes_no("Delete the save?", f'The save "{name}" will be gone for good.')):
            self._delete(name)

    def _delete(self, name: str) -> Problem | None:
        problem = self.saves.delete(name)
        self.refresh()
        if problem is not None:
            self._tell(problem.text, Tone.DANGER)
        else:
            self._tell(f'Deleted "{name}".', Tone.QUIET)
        return problem

    def _load(self, name: str) -> None:
        game = self.saves.load(name)
        if game is None:
            self._tell(f'The save "{name}" cannot be read.', Tone.DANGER)
            return
        navigation.resume_game(self.shell, game)

    def _tell(self, text: str, tone: Tone) -> None:
        self.message, self.tone = text, tone

    # -- the view ----------------------------------------------------------------------------
    def view(self) -> SavedGamesView:
        game = self.to_save
        to_save = None
        if game is not None:
            to_save = f"A new save keeps {game.place}, after {counted(len(game.history), 'move')}."
        return SavedGamesView(to_save, self.rows, self.selected, self.message, self.tone)


def slot_row(slot: SlotInfo) -> SlotRow:
    details = f"{slot.place}, {counted(slot.moves, 'move')}"
    if slot.problem is not None:
        details = f"Cannot be read: {slot.problem}"
    saved = moment_text(slot.saved_at)
    return SlotRow(slot.name, details, saved, slot.problem is not None)
