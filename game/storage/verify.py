"""Imported progress checked against the levels: every solution replayed, numbers held to play's.

A record whose level file is not at hand is kept aside unverified, out of the records and the
score, and checked when its collection is next opened (see :func:`settle_unverified`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path

from game.core.collection import read_collection
from game.core.errors import LevelError
from game.core.level import Level
from game.core.statistics import BASE_SCORE
from game.storage.codec import decode, encode
from game.storage.jsondata import DataError, decode_json, encode_json
from game.storage.records import (
    CAMPAIGN_ID,
    CampaignProgress,
    CollectionInfo,
    LevelRecord,
    Solution,
    SolvedEvent,
    fewer_moves,
    fewer_pushes,
    verified_solution,
)
from game.storage.rows import fetch_record, put_record

Levels = dict[str, dict[str, Level]]  # collection id -> fingerprint -> level


@dataclass(frozen=True)
class Checked:
    """Imported records and solves after the check, and the records kept aside."""

    records: list[LevelRecord]
    unverified: list[LevelRecord]
    events: list[SolvedEvent]
    campaign: CampaignProgress | None  # None: no campaign at hand to hold it against


def known_levels(infos: Iterable[CollectionInfo], campaign: Sequence[Level] = ()) -> Levels:
    """The levels of the campaign and of every collection whose file is readable at its path."""
    found: Levels = {}
    if campaign:
        found[CAMPAIGN_ID] = {level.fingerprint(): level for level in campaign}
    for info in infos:
        if info.collection_id not in found and info.path:
            levels = _read_levels(Path(info.path))
            if levels:
                found[info.collection_id] = {level.fingerprint(): level for level in levels}
    return found


def _read_levels(path: Path) -> list[Level]:
    try:  # read_collection refuses a folder, a FIFO or a device before opening it
        return read_collection(path).levels
    except (LevelError, OSError, ValueError):
        return []


def check(
    records: Iterable[LevelRecord],
    events: Iterable[SolvedEvent],
    campaign: CampaignProgress,
    levels: Levels,
    now: float,
) -> Checked:
    """Hold imported progress against ``levels``: see the module's description."""
    verified, unverified = [], []
    for record in records:
        level = levels.get(record.collection_id, {}).get(record.fingerprint)
        if level is None:
            unverified.append(record)
        else:
            verified.append(verified_record(record, level, now))
    best = {(record.collection_id, record.fingerprint): record for record in verified}
    kept_events = [event for event in events if _possible(event, best.get(_key(event)), now)]
    campaign_levels = len(levels.get(CAMPAIGN_ID, {}))
    held = (
        CampaignProgress(
            min(campaign.position, campaign_levels),
            min(campaign.total_score, BASE_SCORE * campaign_levels),
        )
        if campaign_levels
        else None
    )
    return Checked(verified, unverified, kept_events, held)


def verified_record(record: LevelRecord, level: Level, now: float) -> LevelRecord:
    """``record`` with only the solutions that solve ``level``, solved only if one does, and
    its score and times held to what a game can produce."""
    candidates = [_replayed(level, record.best_moves), _replayed(level, record.best_pushes)]
    best_moves = best_pushes = None
    for solution in candidates:
        best_moves = fewer_moves(best_moves, solution)
        best_pushes = fewer_pushes(best_pushes, solution)
    solved = best_moves is not None
    first = record.first_solved_at
    return replace(
        record,
        solved=solved,
        best_moves=best_moves,
        best_pushes=best_pushes,
        best_score=min(record.best_score, BASE_SCORE) if solved else 0,
        first_solved_at=min(first if first is not None else now, now) if solved else None,
        last_played_at=None if record.last_played_at is None else min(record.last_played_at, now),
    )


def _replayed(level: Level, solution: Solution | None) -> Solution | None:
    if solution is None:
        return None
    try:
        return verified_solution(level, solution.lurd)
    except ValueError:
        return None


def _key(event: SolvedEvent) -> tuple[str, str]:
    return event.collection_id, event.fingerprint


def _possible(event: SolvedEvent, record: LevelRecord | None, now: float) -> bool:
    """A solve a game could have recorded: its level verified solved, no better than the
    best solutions, no more points than a level gives, not in the future."""
    if record is None or record.best_moves is None or record.best_pushes is None:
        return False
    return (
        event.moves >= record.best_moves.moves
        and event.pushes >= record.best_pushes.pushes
        and event.score <= BASE_SCORE
        and event.solved_at <= now
    )


def keep_unverified(connection: sqlite3.Connection, record: LevelRecord) -> None:
    """Keep ``record`` aside (merged with one kept before) until its level can be checked."""
    row = connection.execute(
        "SELECT record FROM unverified_records WHERE collection_id = ? AND fingerprint = ?",
        (record.collection_id, record.fingerprint),
    ).fetchone()
    if row is not None:
        with suppress(DataError):  # an unreadable row is replaced by the new one
            record = decode(LevelRecord, decode_json(str(row[0])), "unverified").merged(record)
    connection.execute(
        "INSERT OR REPLACE INTO unverified_records (collection_id, fingerprint, record) "
        "VALUES (?, ?, ?)",
        (record.collection_id, record.fingerprint, encode_json(encode(record))),
    )


def settle_unverified(
    connection: sqlite3.Connection, collection_id: str, levels: Sequence[Level], now: float
) -> int:
    """Check the records kept aside for the collection's ``levels``, merge them, and forget
    them; how many were settled."""
    by_fingerprint = {level.fingerprint(): level for level in levels}
    rows = connection.execute(
        "SELECT fingerprint, record FROM unverified_records WHERE collection_id = ?",
        (collection_id,),
    ).fetchall()
    settled = 0
    for fingerprint, text in rows:
        level = by_fingerprint.get(str(fingerprint))
        if level is None:
            continue
        try:
            kept = decode(LevelRecord, decode_json(str(text)), "unverified")
        except DataError:
            kept = None  # unreadable: nothing to merge, only to forget
        if kept is not None:
            current = fetch_record(connection, collection_id, kept.fingerprint)
            put_record(connection, current.merged(verified_record(kept, level, now)))
        connection.execute(
            "DELETE FROM unverified_records WHERE collection_id = ? AND fingerprint = ?",
            (collection_id, fingerprint),
        )
        settled += 1
    return settled
