"""Named save slots: the current game (level, position, history, statistics) under a name.

Slots live in the progress store, so they share its transactions and its crash safety.
"""

from __future__ import annotations

import builtins
import sqlite3
from collections.abc import Iterable

from game.core.digits import shortened
from game.core.errors import visible
from game.core.names import normal_name
from game.core.problems import Problem, not_deleted, not_written, refusal
from game.storage.jsondata import DataError, one_line
from game.storage.rows import put_slot
from game.storage.saved import SavedGame, SlotInfo
from game.storage.store import ProgressStore, saved_game_text

MAX_NAME_LENGTH = 40
MAX_PROBLEM = 300  # characters of what is wrong with a damaged save: one line on any screen


def kept_slot_name(name: str) -> str:
    """A save name from elsewhere (an imported file, an older store) as this game keeps it:
    composed, control characters written as escapes, cut to the longest name a save has."""
    return shortened(normal_name(visible(name)), MAX_NAME_LENGTH) or "?"


def distinct_slot_names(names: Iterable[str]) -> dict[str, str]:
    """Each save name from elsewhere (see :func:`kept_slot_name`) by the name it is kept under:
    names that keep as one ("café" composed and decomposed, two long names cut alike) are told
    apart by a number, so that an import keeps every save. A name already in its kept form
    keeps it."""
    ordered = sorted(names, key=lambda name: kept_slot_name(name) != name)
    kept: dict[str, str] = {}
    for name in ordered:
        base = kept_slot_name(name)
        candidate, number = base, 1
        while candidate in kept.values():
            number += 1
            suffix = f" ({number})"
            candidate = shortened(base, MAX_NAME_LENGTH - len(suffix)) + suffix
        kept[name] = candidate
    return kept


def slot_name_problem(name: str) -> Problem | None:
    """Why ``name`` cannot name a slot (REFUSED, shown to the player as is), or None if it
    can."""
    cleaned = normal_name(name)
    if not cleaned:
        return refusal("A save needs a name.")
    if len(cleaned) > MAX_NAME_LENGTH:
        return refusal(f"A save name can have at most {MAX_NAME_LENGTH} characters.")
    if any(not character.isprintable() for character in cleaned):
        return refusal("A save name cannot contain control characters.")
    return None


class SaveSlots:
    """Save, list, load and delete named games in a progress store."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store

    def save(self, name: str, game: SavedGame) -> Problem | None:
        """Save ``game`` under ``name`` (replacing a slot of that name); None, or why not."""
        problem = slot_name_problem(name)
        if problem is not None:
            return problem
        try:
            text = saved_game_text(game)
        except DataError as error:
            return not_written(f"The game cannot be saved: {error}")

        def action(connection: sqlite3.Connection) -> None:
            put_slot(connection, normal_name(name), game.saved_at, text)

        return not_written(self.store.write(action)[1])

    def list(self) -> builtins.list[SlotInfo]:
        """Every slot, the most recent first; one that cannot be read is listed with what is
        wrong with it (``problem``), so that it is seen and can be deleted, never hidden."""
        slots = []
        rows = self.store.read("SELECT name, saved_at, game FROM slots ORDER BY name")
        for name, saved_at, text in rows:
            game = self.store.saved_game(text, f"save {name!r}")
            when = float(saved_at) if isinstance(saved_at, int | float) else 0.0
            if game is None:
                problem = one_line(self.store.last_error or "it cannot be read")
                slots.append(SlotInfo(str(name), when, "", None, 0, problem[:MAX_PROBLEM]))
                continue
            moves = len(game.history)
            slots.append(
                SlotInfo(str(name), game.saved_at, game.collection_title, game.level.number, moves)
            )
        slots.sort(key=lambda slot: (-slot.saved_at, slot.name))
        return slots

    def damaged(self) -> builtins.list[SlotInfo]:
        """The slots that cannot be read, each with its ``problem``."""
        return [slot for slot in self.list() if slot.problem is not None]

    def load(self, name: str) -> SavedGame | None:
        """The game saved under ``name``; None if there is none or it cannot be read. A name
        as listed is found as it is stored (one an older store kept decomposed is reachable)."""
        rows = self.store.read(
            "SELECT game FROM slots WHERE name IN (?, ?) ORDER BY name = ? DESC LIMIT 1",
            (name, normal_name(name), name),
        )
        return self.store.saved_game(rows[0][0], f"save {name!r}") if rows else None

    def delete(self, name: str) -> Problem | None:
        def action(connection: sqlite3.Connection) -> None:
            exact = connection.execute("SELECT 1 FROM slots WHERE name = ?", (name,)).fetchone()
            gone = name if exact is not None else normal_name(name)
            connection.execute("DELETE FROM slots WHERE name = ?", (gone,))

        return not_deleted(not_written(self.store.write(action)[1]))

    def exists(self, name: str) -> bool:
        """True if saving under ``name`` would replace a slot (so the menu can ask first)."""
        return bool(self.store.read("SELECT 1 FROM slots WHERE name = ?", (normal_name(name),)))

    def games(self) -> dict[str, SavedGame]:
        """Every readable slot's game by name (for export)."""
        found = {}
        for name, text in self.store.read("SELECT name, game FROM slots ORDER BY name"):
            game = self.store.saved_game(text, f"save {name!r}")
            if game is not None:
                found[str(name)] = game
        return found
