"""The key the store files a collection's records under, worked out from the collection's identity.

Records are keyed by this id and each level's layout fingerprint, so one rule serves saving,
Continue, level select and the statistics.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from game.core.level_ref import Campaign, CollectionRef, LevelFile, MyCollection
from game.storage.codec import IDENTIFIER_LENGTH

CAMPAIGN_ID = "campaign"


def collection_id_for(title: str, path: str | Path | None = None) -> str:
    """The stable id of a collection file: its title, or its file name when it has no title.

    Moving a file keeps its records, and so does renaming a file that has a title. The campaign
    uses :data:`CAMPAIGN_ID`.
    """
    cleaned = " ".join(title.split())
    if cleaned:
        return _readable_back(f"title:{cleaned}")
    if path is not None:
        return f"file:{Path(path).name}"
    return "untitled"


def records_id(collection: CollectionRef, title: str) -> str:
    """The id of the records of ``collection``, whose levels are listed under ``title``."""
    if isinstance(collection, Campaign):
        return CAMPAIGN_ID
    if isinstance(collection, LevelFile):
        return collection_id_for(title, collection.path)
    if isinstance(collection, MyCollection):
        return collection_id_for(collection.name)
    return collection_id_for(title or collection.origin.title)


def _readable_back(identity: str) -> str:
    """``identity`` as the store reads it back: one longer than an identifier may be (a title of
    600 characters: its records were kept, then left out of every export) keeps its beginning
    and a digest of the whole, so that two long titles that begin alike stay apart."""
    if len(identity) <= IDENTIFIER_LENGTH:
        return identity
    digest = hashlib.sha256(identity.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return f"{identity[: IDENTIFIER_LENGTH - len(digest) - 1]}#{digest}"
