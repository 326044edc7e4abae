"""Named save slots: the current game (level, position, history, statistics) under a name.

Slots live in the progress store, so they share its transactions and its crash safety.
"""

from __future__ import annotations

import builtins
import sqlite3

from game.storage.codec import encode
from game.storage.jsondata import encode_json
from game.storage.rows import put_slot
from game.storage.saved import SavedGame, SlotInfo
from game.storage.store import ProgressStore

MAX_NAME_LENGTH = 40


def slot_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a slot, or None if it can (shown to the player as is)."""
    cleaned = name.strip()
    if not cleaned:
        return "A save needs a name."
    if len(cleaned) > MAX_NAME_LENGTH:
        return f"A save name can have at most {MAX_NAME_LENGTH} characters."
    if any(not character.isprintable() for character in cleaned):
        return "A save name cannot contain control characters."
    return None


class SaveSlots:
    """Save, list, load and delete named games in a progress store."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store

    def save(self, name: str, game: SavedGame) -> str | None:
        """Save ``game`` under ``name`` (replacing a slot of that name); None, or why not."""
        problem = slot_name_problem(name)
        if problem is not None:
            return problem
        text = encode_json(encode(game))

        def action(connection: sqlite3.Connection) -> None:
            put_slot(connection, name.strip(), game.saved_at, text)

        return self.store.write(action)[1]

    def list(self) -> builtins.list[SlotInfo]:
        """Every readable slot, the most recent first."""
        slots = [
            SlotInfo(
                name, game.saved_at, game.collection_title, game.level.number, len(game.history)
            )
            for name, game in self.games().items()
        ]
        slots.sort(key=lambda slot: (-slot.saved_at, slot.name))
        return slots

    def load(self, name: str) -> SavedGame | None:
        """The game saved under ``name``; None if there is none or it cannot be read."""
        rows = self.store.read("SELECT game FROM slots WHERE name = ?", (name.strip(),))
        return self.store.saved_game(rows[0][0], f"save {name!r}") if rows else None

    def delete(self, name: str) -> str | None:
        def action(connection: sqlite3.Connection) -> None:
            connection.execute("DELETE FROM slots WHERE name = ?", (name.strip(),))

        return self.store.write(action)[1]

    def exists(self, name: str) -> bool:
        """True if saving under ``name`` would replace a slot (so the menu can ask first)."""
        return bool(self.store.read("SELECT 1 FROM slots WHERE name = ?", (name.strip(),)))

    def games(self) -> dict[str, SavedGame]:
        """Every readable slot's game by name (for export)."""
        found = {}
        for name, text in self.store.read("SELECT name, game FROM slots ORDER BY name"):
            game = self.store.saved_game(text, f"save {name!r}")
            if game is not None:
                found[str(name)] = game
        return found
