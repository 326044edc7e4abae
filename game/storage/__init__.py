"""Saving the player's progress: the SQLite progress store, named save slots, export and import.

No pygame here; the engine opens one :class:`ProgressStore` and scenes reach it through the engine.
"""

from __future__ import annotations

from game.storage.autosave import AUTOSAVE_SECONDS, AutoSaver
from game.storage.jsondata import DataError, JsonValue
from game.storage.paths import data_dir, store_path
from game.storage.records import (
    CAMPAIGN_ID,
    CampaignProgress,
    CollectionInfo,
    LevelRecord,
    Solution,
    SolutionOutcome,
    SolvedEvent,
    Totals,
    collection_id_for,
)
from game.storage.saved import SavedGame, SlotInfo
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore
from game.storage.transfer import ImportSummary, TransferError, export_progress, import_progress

__all__ = [
    "AUTOSAVE_SECONDS",
    "CAMPAIGN_ID",
    "AutoSaver",
    "CampaignProgress",
    "CollectionInfo",
    "DataError",
    "ImportSummary",
    "JsonValue",
    "LevelRecord",
    "ProgressStore",
    "SaveSlots",
    "SavedGame",
    "SlotInfo",
    "Solution",
    "SolutionOutcome",
    "SolvedEvent",
    "Totals",
    "TransferError",
    "collection_id_for",
    "data_dir",
    "export_progress",
    "import_progress",
    "store_path",
]
