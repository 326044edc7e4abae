"""The session service: the collection being played, the current level and the records kept.

The campaign is levels/campaign.xsb; the progress store of a later issue will keep the records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.collection import Collection, read_collection
from game.core.errors import LevelError
from game.core.level import Level

CAMPAIGN_PATH = Path(__file__).resolve().parents[2] / "levels" / "campaign.xsb"
CAMPAIGN_SOURCE = "campaign"


@dataclass
class LevelRecord:
    """The best results on one level, found by the layout's fingerprint."""

    best_moves: int
    best_pushes: int
    best_moves_lurd: str
    best_pushes_lurd: str

    def improve(self, moves: int, pushes: int, lurd: str) -> bool:
        """Keep the better results; True if either record was beaten."""
        better = False
        if (moves, pushes) < (self.best_moves, self.best_pushes):
            self.best_moves, self.best_moves_lurd = moves, lurd
            better = True
        if (pushes, moves) < (self.best_pushes, len(self.best_pushes_lurd)):
            self.best_pushes, self.best_pushes_lurd = pushes, lurd
            better = True
        return better


@dataclass
class Session:
    """What is being played and what has been achieved so far."""

    collection: Collection | None = None
    source: str = ""
    level_index: int = 0
    started: bool = False
    records: dict[str, LevelRecord] = field(default_factory=dict)

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
        self.started = False

    def open_campaign(self, path: Path | None = None) -> None:
        """Load the campaign; LevelError if the file is missing or holds no level."""
        path = path or CAMPAIGN_PATH
        if not path.exists():
            raise LevelError(f"the campaign file {path} is missing")
        collection = read_collection(path)
        if not collection.levels:
            raise LevelError(f"the campaign file {path} holds no readable level")
        if not collection.title or collection.title == path.stem:
            collection.title = "Campaign"
        self.open(collection, CAMPAIGN_SOURCE)

    def record(self, level: Level) -> LevelRecord | None:
        return self.records.get(level.fingerprint())

    def is_solved(self, level: Level) -> bool:
        return level.fingerprint() in self.records

    def record_solution(self, level: Level, moves: int, pushes: int, lurd: str) -> bool:
        """Remember a solution; True if it is the first or beats a record."""
        key = level.fingerprint()
        known = self.records.get(key)
        if known is None:
            self.records[key] = LevelRecord(moves, pushes, lurd, lurd)
            return True
        return known.improve(moves, pushes, lurd)

    def first_unsolved_index(self) -> int:
        if self.collection is None:
            return 0
        for index, level in enumerate(self.collection.levels):
            if not self.is_solved(level):
                return index
        return 0

    def reset(self) -> None:
        fresh = Session()
        self.__dict__.update(fresh.__dict__)
