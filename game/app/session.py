"""The session service: the collection being played and the current level.

The campaign is levels/campaign.xsb; the records of each level live in the progress store only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.collection import Collection, read_collection
from game.core.errors import LevelError
from game.core.level import Level
from game.core.resources import campaign_path
from game.storage.records import CAMPAIGN_ID, collection_id_for

CAMPAIGN_PATH = campaign_path()
CAMPAIGN_SOURCE = "campaign"


@dataclass
class Session:
    """What is being played: the collection, where it came from, and the current level."""

    collection: Collection | None = None
    source: str = ""
    level_index: int = 0
    # The key of the collection's records in the progress store.
    collection_id: str = ""

    @property
    def level(self) -> Level | None:
        if self.collection is None or not 0 <= self.level_index < len(self.collection.levels):
            return None
        return self.collection.levels[self.level_index]

    @property
    def level_count(self) -> int:
        return len(self.collection.levels) if self.collection else 0

    @property
    def title(self) -> str:
        if self.collection is None:
            return ""
        return self.collection.title or Path(self.source).stem or "Levels"

    def open(self, collection: Collection, source: str, level_index: int = 0) -> None:
        """Make ``collection`` the one played; ``source`` is its path or a name such as campaign."""
        self.collection = collection
        self.source = source
        self.level_index = level_index
        if source == CAMPAIGN_SOURCE:
            self.collection_id = CAMPAIGN_ID
        else:
            self.collection_id = collection_id_for(collection.title, source)

    def open_campaign(self, path: Path | None = None) -> None:
        """Load the campaign; LevelError if the file is missing or holds no level."""
        self.open(read_campaign(path), CAMPAIGN_SOURCE)


def campaign_levels() -> list[Level]:
    """The campaign's levels, so imported campaign solutions can be replayed (none if absent)."""
    try:
        return read_campaign().levels
    except LevelError:
        return []


def read_campaign(path: Path | None = None) -> Collection:
    """The campaign's levels; LevelError if the file is missing or holds no level."""
    path = path or CAMPAIGN_PATH
    if not path.exists():
        raise LevelError(f"the campaign file {path} is missing")
    collection = read_collection(path)
    if not collection.levels:
        raise LevelError(f"the campaign file {path} holds no readable level")
    if not collection.title or collection.title == path.stem:
        collection.title = "Campaign"
    return collection
