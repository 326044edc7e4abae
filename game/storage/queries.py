"""Queries over the store: records, totals, collections, the solve history and the statistics.

Sums and counts are SQL aggregates, so a store of 200,000 records is summed without reading
each record into Python; the statistics screen takes its whole snapshot from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, cast

from game.storage.jsondata import DataError, encode_json
from game.storage.records import (
    CampaignProgress,
    CollectionInfo,
    LevelRecord,
    SolvedEvent,
    Totals,
    with_running_totals,
)
from game.storage.rows import (
    SELECT_COLLECTIONS,
    SELECT_EVENTS,
    SELECT_RECORDS,
    collection_from_row,
    event_from_row,
    record_from_row,
)


class Readable(Protocol):
    """What the queries need of a store: rows of a query, and a place to note a bad row."""

    last_error: str | None

    def read(self, sql: str, parameters: Sequence[object] = ()) -> list[tuple[object, ...]]: ...


@dataclass(frozen=True)
class SolvedLevel:
    """A solved level as the statistics' bar chart shows it: its label and its record."""

    label: str
    record: LevelRecord


@dataclass(frozen=True)
class StatsSnapshot:
    """Everything the statistics screen shows, read in one go."""

    totals: Totals = field(default_factory=Totals)
    collections: list[CollectionInfo] = field(default_factory=list)
    history: list[SolvedEvent] = field(default_factory=list)
    solved: dict[str, list[SolvedLevel]] = field(default_factory=dict)


def records(
    store: Readable, where: str = "", parameters: Sequence[object] = ()
) -> list[LevelRecord]:
    """The level records matching ``where`` (SQL after the table name); bad rows are skipped."""
    found = []
    for row in store.read(SELECT_RECORDS + where, parameters):
        try:
            found.append(record_from_row(row))
        except DataError as error:
            store.last_error = str(error)
    return found


def total_score(store: Readable) -> int:
    """The player's total score: each solved level's best score, once. The one number the HUD,
    the level complete screen, level select and the statistics screen all show."""
    rows = store.read("SELECT total(best_score) FROM level_records WHERE solved = 1")
    return int(_number(rows[0][0])) if rows else 0


def totals(store: Readable) -> Totals:
    """Sums over every level record, in one aggregate query."""
    rows = store.read(
        "SELECT count(*), sum(solved = 1), sum(attempts), sum(moves_played), "
        "sum(pushes_played), total(seconds), sum(hints) FROM level_records"
    )
    if not rows:
        return Totals()
    played, solved, attempts, moves, pushes, seconds, hints = (
        _number(value) for value in rows[0]
    )
    return Totals(
        levels_solved=int(solved),
        levels_played=int(played),
        attempts=int(attempts),
        moves=int(moves),
        pushes=int(pushes),
        seconds=float(seconds),
        hints=int(hints),
        score=total_score(store),
    )


def _number(value: object) -> float:
    return value if isinstance(value, int | float) else 0


@dataclass(frozen=True)
class CollectionSummary:
    """One collection's own figures: its levels, how many of them are solved, their score."""

    levels: int
    solved: int
    score: int


def collection_summary(
    store: Readable, collection_id: str, fingerprints: Sequence[str]
) -> CollectionSummary:
    """The levels of a collection (``fingerprints``, in order), those solved and the sum of
    their best scores, counted as the statistics count: a layout twice in the collection is
    solved once."""
    rows = store.read(
        "SELECT count(*), total(best_score) FROM level_records WHERE collection_id = ? "
        "AND solved = 1 AND fingerprint IN (SELECT value FROM json_each(?))",
        (collection_id, encode_json(sorted(set(fingerprints)))),
    )
    solved, score = (int(_number(value)) for value in rows[0]) if rows else (0, 0)
    return CollectionSummary(len(fingerprints), solved, score)


def collections(store: Readable) -> list[CollectionInfo]:
    """Every collection announced or played, the most recently opened first, with its counts:
    ``solved`` counts solved levels still in the collection (all, when its levels are unknown)."""
    announced: dict[str, CollectionInfo] = {}
    for row in store.read(SELECT_COLLECTIONS):
        try:
            info = collection_from_row(row)
        except DataError as error:
            store.last_error = str(error)
            continue
        announced[info.collection_id] = info
    counts = {
        str(cid): (int(_number(played)), int(_number(solved)))
        for cid, played, solved in store.read(
            "SELECT collection_id, count(*), sum(solved = 1) FROM level_records "
            "GROUP BY collection_id"
        )
    }
    infos = []
    for cid in set(announced) | set(counts):
        info = announced.get(cid) or CollectionInfo(cid, cid.partition(":")[2] or cid)
        played, solved = counts.get(cid, (0, 0))
        if info.fingerprints and solved:
            solved = collection_summary(store, cid, info.fingerprints).solved
        infos.append(replace(info, solved=solved, played=played))
    infos.sort(key=lambda info: (-info.opened_at, info.title))
    return infos


def campaign(store: Readable) -> CampaignProgress:
    """The campaign's progress (the start, if none is stored or it is not readable)."""
    rows = store.read("SELECT position, total_score FROM campaign WHERE id = 1")
    if rows:
        position, total = rows[0]
        if _is_count(position) and _is_count(total):
            return CampaignProgress(cast(int, position), cast(int, total))
    return CampaignProgress()


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def solved_history(store: Readable) -> list[SolvedEvent]:
    """Every solve in time order, with the total of best scores after each (for charts)."""
    events = []
    for row in store.read(SELECT_EVENTS + " ORDER BY solved_at, id"):
        try:
            events.append(event_from_row(row))
        except DataError as error:
            store.last_error = str(error)
    return with_running_totals(events)


def solved_levels(store: Readable, infos: Sequence[CollectionInfo]) -> dict[str, list[SolvedLevel]]:
    """Each collection's solved levels in its order (see :func:`solved_in_order`)."""
    by_collection: dict[str, list[LevelRecord]] = {}
    for record in records(store, " WHERE solved = 1"):
        by_collection.setdefault(record.collection_id, []).append(record)
    by_id = {info.collection_id: info for info in infos}
    return {cid: solved_in_order(by_id.get(cid), found) for cid, found in by_collection.items()}


def solved_in_order(info: CollectionInfo | None, found: list[LevelRecord]) -> list[SolvedLevel]:
    """Solved levels in the collection's order, labelled with their numbers; levels the
    collection does not list (or all, if its order is unknown) follow in the order solved."""
    numbers = {fp: index + 1 for index, fp in enumerate(info.fingerprints)} if info else {}
    listed = sorted(
        (record for record in found if record.fingerprint in numbers),
        key=lambda record: numbers[record.fingerprint],
    )
    others = sorted(
        (record for record in found if record.fingerprint not in numbers),
        key=lambda record: (record.first_solved_at or 0.0, record.title),
    )
    return [SolvedLevel(str(numbers[record.fingerprint]), record) for record in listed] + [
        SolvedLevel(record.title or "?", record) for record in others
    ]


def stats_snapshot(store: Readable | None) -> StatsSnapshot:
    """What the statistics screen shows (an empty snapshot without a store)."""
    if store is None:
        return StatsSnapshot()
    infos = collections(store)
    return StatsSnapshot(totals(store), infos, solved_history(store), solved_levels(store, infos))
