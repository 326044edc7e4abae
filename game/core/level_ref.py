"""Which level is meant: a level's identity as one typed value, and the collection it opens.

The campaign's level N, level N of a file, level N of one of the player's own collections, or a
level carried by its own text (a random level, a pasted level, a level in test play).

>>> ref = FileLevel("/levels/mine.xsb", 2)
>>> ref.number, collection_of(ref)
(3, LevelFile(path='/levels/mine.xsb'))
>>> collection_of(TextLevel("#@$.#", TextOrigin.RANDOM)).origin.title
'Random levels'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar


class TextOrigin(Enum):
    """Where a level carried by its own text came from."""

    RANDOM = "random"
    PASTED = "pasted"
    TEST_PLAY = "test play"

    @property
    def title(self) -> str:
        """The name its levels are listed under when nothing better is known."""
        return _ORIGIN_TITLES[self]


_ORIGIN_TITLES = {
    TextOrigin.RANDOM: "Random levels",
    TextOrigin.PASTED: "Pasted levels",
    TextOrigin.TEST_PLAY: "Test play",
}


# -- the collections a level can be in --------------------------------------------------------
@dataclass(frozen=True)
class Campaign:
    """The campaign that ships with the game."""

    kind: ClassVar[str] = "campaign"


@dataclass(frozen=True)
class LevelFile:
    """A level file on disk."""

    kind: ClassVar[str] = "file"
    path: str


@dataclass(frozen=True)
class MyCollection:
    """One of the player's own collections, by name (kept in the data folder)."""

    kind: ClassVar[str] = "mine"
    name: str


@dataclass(frozen=True)
class LevelTexts:
    """Levels that exist only as text: each is kept with its own text."""

    kind: ClassVar[str] = "text"
    origin: TextOrigin


CollectionRef = Campaign | LevelFile | MyCollection | LevelTexts


# -- the levels ---------------------------------------------------------------------------------
class _Numbered:
    """A level found by its place in a collection: ``number`` counts from 1."""

    index: int

    @property
    def number(self) -> int | None:
        return self.index + 1


@dataclass(frozen=True)
class CampaignLevel(_Numbered):
    kind: ClassVar[str] = "campaign"
    index: int


@dataclass(frozen=True)
class FileLevel(_Numbered):
    kind: ClassVar[str] = "file"
    path: str
    index: int


@dataclass(frozen=True)
class MyLevel(_Numbered):
    kind: ClassVar[str] = "mine"
    collection: str
    index: int


@dataclass(frozen=True)
class TextLevel:
    """A level known only by its text (XSB with its title lines), so it always resumes;
    ``collection`` is the title of the text it came in, if it had one."""

    kind: ClassVar[str] = "text"
    text: str
    origin: TextOrigin
    collection: str = ""

    @property
    def number(self) -> int | None:
        return None


LevelRef = CampaignLevel | FileLevel | MyLevel | TextLevel


def collection_of(ref: LevelRef) -> CollectionRef:
    """The collection that ``ref`` is a level of."""
    if isinstance(ref, CampaignLevel):
        return Campaign()
    if isinstance(ref, FileLevel):
        return LevelFile(ref.path)
    if isinstance(ref, MyLevel):
        return MyCollection(ref.collection)
    return LevelTexts(ref.origin)


def level_in(collection: Campaign | LevelFile | MyCollection, index: int) -> LevelRef:
    """Level ``index`` of ``collection`` (levels known by their text have no index)."""
    if isinstance(collection, Campaign):
        return CampaignLevel(index)
    if isinstance(collection, LevelFile):
        return FileLevel(collection.path, index)
    return MyLevel(collection.name, index)
