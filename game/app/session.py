"""The session: the collection being played, where it comes from, and the current level.

The campaign is levels/campaign.xsb; the records of each level live in the progress store only.
A level's identity (game.core.level_ref) is enough to open it again in a later run.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game.core.collection import (
    Collection,
    collection_to_text,
    read_collection,
    read_collection_text,
)
from game.core.errors import LevelError
from game.core.files import typed_path
from game.core.level import Level
from game.core.level_ref import (
    Campaign,
    CampaignLevel,
    CollectionRef,
    FileLevel,
    LevelFile,
    LevelRef,
    LevelTexts,
    MyCollection,
    MyLevel,
    TextLevel,
    TextOrigin,
    level_in,
)
from game.core.resources import campaign_path
from game.storage import user_levels
from game.storage.identity import records_id

CAMPAIGN_PATH = campaign_path()
# Where versions before the typed level identity said a random or pasted level came from.
_FORMER_TEXT_SOURCES = {"random", "clipboard"}


@dataclass
class Session:
    """What is being played: the collection, where it came from, and the current level."""

    collection: Collection | None = None
    source: CollectionRef | None = None
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

    def level_number(self, index: int) -> int:
        """Level ``index``'s number in its file (a level that cannot be played keeps its)."""
        return self.collection.number_of(index) if self.collection else index + 1

    @property
    def file_level_count(self) -> int:
        """How many levels the collection's file numbers, those that cannot be played too."""
        return self.collection.file_count if self.collection else 0

    @property
    def title(self) -> str:
        if self.collection is None:
            return ""
        if self.collection.title:
            return self.collection.title
        if isinstance(self.source, LevelFile):
            return Path(self.source.path).stem
        return "Levels"

    @property
    def is_test_play(self) -> bool:
        return self.source == LevelTexts(TextOrigin.TEST_PLAY)

    @property
    def is_random(self) -> bool:
        """A level the generator made just now: played from its screen, and back to it."""
        return self.source == LevelTexts(TextOrigin.RANDOM)

    @property
    def path(self) -> str:
        """The file the collection was read from ('' for the campaign and text levels)."""
        if isinstance(self.source, LevelFile):
            return self.source.path
        if isinstance(self.source, MyCollection):
            return str(user_levels.collection_path(self.source.name))
        return ""

    def level_ref(self, index: int) -> LevelRef:
        """The identity of level ``index`` of the open collection."""
        if self.collection is None or self.source is None:
            raise LevelError("no collection is open")
        if isinstance(self.source, LevelTexts):
            # Such a level is kept with its text (its title and solution lines too).
            text = collection_to_text(Collection(levels=[self.collection.levels[index]]))
            return TextLevel(text, self.source.origin, self.collection.title)
        return level_in(self.source, index)

    def open(self, collection: Collection, source: CollectionRef, level_index: int = 0) -> None:
        """Make ``collection`` (from ``source``) the one played."""
        self.collection = collection
        self.source = source
        self.level_index = level_index
        self.collection_id = records_id(source, collection.title)

    def open_campaign(self, path: Path | None = None) -> None:
        """Load the campaign; LevelError if the file is missing or holds no level."""
        self.open(read_campaign(path), Campaign())


def collection_for(ref: LevelRef, title: str = "") -> tuple[Collection, CollectionRef]:
    """The collection ``ref`` is a level of, read again, and its identity; LevelError (naming
    the collection by ``title``) if it cannot be read any more. A level known by its text is a
    collection of that one level."""
    name = title or "its levels"
    if isinstance(ref, CampaignLevel):
        return read_campaign(), Campaign()
    if isinstance(ref, MyLevel):
        return user_levels.load(ref.collection), MyCollection(ref.collection)
    if isinstance(ref, FileLevel):
        if not os.path.isfile(ref.path):
            if ref.path in _FORMER_TEXT_SOURCES:
                raise LevelError(
                    f"{name} was saved by an earlier version, which did not keep random or "
                    "pasted levels; play such a level again to save it anew"
                )
            raise LevelError(f"the level file of {name} is not found at {ref.path}")
        return load_collection_file(ref.path), LevelFile(ref.path)
    found = read_collection_text(ref.text)
    if not found.levels:
        raise LevelError(f"the level text of {name} cannot be read any more")
    title = ref.collection or ref.origin.title
    return Collection(title=title, levels=found.levels[:1]), LevelTexts(ref.origin)


def load_collection_file(path: str) -> Collection:
    """A collection with at least one good level; LevelError with the reason otherwise."""
    if not path.strip().strip('"'):
        raise LevelError("type the path of a level file")
    file = typed_path(path)
    if os.path.isdir(file):  # never raises, unlike Path.is_dir for a name too long
        raise LevelError(f"{file} is a folder; choose a level file in it")
    collection = read_collection(file)
    if not collection.levels:
        first = collection.errors[0] if collection.errors else "no level found"
        raise LevelError(f"{file.name} holds no level that can be played: {first}")
    return collection


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
