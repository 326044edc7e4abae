"""Export all progress to a JSON file and import one back, merging so that the best results win.

The file carries a format name and version; an import is checked in full before anything is
written, and then merged in one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.core.errors import LevelError, printable
from game.core.files import (
    read_regular_file,
    replace_file,
    replace_problem,
    without_byte_order_mark,
)
from game.core.level import Level
from game.core.problems import Problem, ProblemKind, refusal
from game.core.wording import counted
from game.storage.codec import Moment, decode, encode, json_key
from game.storage.jsondata import DataError, JsonValue, decode_json, encode_json, kind, one_line
from game.storage.library import all_entries, import_entries, verified_entries
from game.storage.library_entry import LibraryEntry
from game.storage.paths import is_store_file
from game.storage.records import CampaignProgress, CollectionInfo, LevelRecord, SolvedEvent
from game.storage.rows import (
    add_event,
    fetch_record,
    put_campaign,
    put_collection,
    put_record,
    put_setting,
    put_slot,
)
from game.storage.saved import SavedGame
from game.storage.slots import SaveSlots, distinct_slot_names
from game.storage.store import ProgressStore
from game.storage.verify import Checked, check, keep_unverified, known_levels

FORMAT_NAME = "sokoban-arcade-progress"
FORMAT_VERSION = 1
# The largest progress file: export refuses to write more, import to read more, so whatever an
# export writes, an import takes (read whole and decoded, it costs some ten times this in memory).
MAX_FILE_BYTES = 50 * 2**20
# How every export begins (encode_json writes no blanks): a file that begins otherwise was not
# written by an export, and is not the game's to replace.
_EXPORT_HEAD = f'{{"format":"{FORMAT_NAME}"'.encode()


class TransferError(ValueError):
    """A progress file that cannot be written or read; the message is one line for the player."""


@dataclass
class Progress:
    """Everything a progress file holds, checked."""

    records: list[LevelRecord] = field(default_factory=list, metadata=json_key("levels"))
    events: list[SolvedEvent] = field(default_factory=list, metadata=json_key("solved_history"))
    collections: list[CollectionInfo] = field(default_factory=list)
    campaign: CampaignProgress = field(default_factory=CampaignProgress)
    settings: dict[str, object] = field(default_factory=dict)  # any plain JSON
    slots: dict[str, SavedGame] = field(default_factory=dict)
    exported_at: Moment = 0.0
    solutions: list[LibraryEntry] = field(default_factory=list)  # the solution library

    def checked(self) -> Progress:
        """Settings checked to be storable (ValueError if not), slot names in the form this game
        keeps them."""
        for value in self.settings.values():
            encode_json(value)  # a number such as 1e999 reads as infinity, which JSON cannot hold
        # A name this game would not take from the keyboard (a control character, too long,
        # written by another version) is kept in the form it takes, never refused: an export
        # of this game always imports into it, every save of it (names that keep as one are
        # numbered apart).
        names = distinct_slot_names(self.slots)
        slots = {names[name]: game for name, game in self.slots.items()}
        return replace(self, slots=slots)


@dataclass(frozen=True)
class ImportSummary:
    """What an import changed."""

    levels_added: int = 0
    levels_improved: int = 0
    solves_added: int = 0
    slots_added: int = 0
    settings_added: int = 0
    unverified: int = 0  # records kept aside: their level files were not at hand
    solutions_added: int = 0  # new entries of the solution library
    solutions_left_out: int = 0  # entries that do not solve their levels (at hand)

    def describe(self) -> str:
        """One line for the player."""
        kept = counted(self.unverified, "record")
        aside = (
            f" Kept unverified until their collections are opened: {kept}."
            if self.unverified
            else ""
        )
        library = (
            f" Solutions added to the library: {self.solutions_added:,}."
            if self.solutions_added
            else ""
        )
        if self.solutions_left_out:
            left = counted(self.solutions_left_out, "solution")
            library += f" Left out, as they do not solve their levels: {left}."
        return (
            f"Imported: {counted(self.levels_added, 'new level record')}, "
            f"{self.levels_improved:,} improved, {counted(self.solves_added, 'solve')}, "
            f"{counted(self.slots_added, 'save')}, {counted(self.settings_added, 'setting')}."
            f"{library}{aside}"
        )


# -- export -------------------------------------------------------------------------------
def gather(store: ProgressStore) -> Progress:
    """Everything in the store (the last session stays on this computer)."""
    announced = [info for info in store.collections() if info.level_count > 0]
    return Progress(
        records=store.all_records(),
        events=store.solved_history(),
        collections=announced,
        campaign=store.campaign(),
        settings=dict(store.settings()),
        slots=SaveSlots(store).games(),
        exported_at=store.clock(),
        solutions=all_entries(store),
    )


def progress_to_json(progress: Progress) -> JsonValue:
    found = encode(progress)
    assert isinstance(found, dict)  # a dataclass encodes to an object
    return {"format": FORMAT_NAME, "version": FORMAT_VERSION, **found}


def export_progress(store: ProgressStore, path: str | Path) -> Progress:
    """Write all progress to ``path`` (replaced whole, never half written); what was written.

    TransferError, and nothing written, when the store is the one in memory that stands in for
    an unusable file, or a read failed (another program held it too long): an export of what
    could be read would pass for the player's whole progress."""
    if store.fallback_reason is not None:
        raise TransferError(one_line(f"Nothing was exported: {store.fallback_reason}"))
    target = Path(path)
    problem = export_target_problem(target, store.path)
    if problem is not None:
        raise TransferError(f"Nothing was exported to {printable(target)}: {problem.text}")
    store.read_error = None
    progress = gather(store)
    if store.read_error is not None:
        raise TransferError(one_line(f"Nothing was exported: {store.read_error}"))
    data = encode_json(progress_to_json(progress)).encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise TransferError(
            f"Nothing was exported: the progress takes {data_size(len(data))}, more than the "
            f"{data_size(MAX_FILE_BYTES)} a progress file may hold "
            f"({counted(len(progress.solutions), 'solution')} in the solution library)"
        )
    try:
        replace_file(target, data)
    except OSError as error:
        reason = error.strerror or str(error)
        raise TransferError(f"Cannot write {printable(target)}: {reason}") from None
    return progress


def data_size(size: int) -> str:
    """A file's size for the player: "52.3 MB"."""
    return f"{size / 2**20:.1f} MB" if size >= 2**20 else f"{size:,} bytes"


def export_target_problem(target: Path, store: Path | None = None) -> Problem | None:
    """Why an export must not be written at ``target`` (REFUSED, in one line); None if it may.
    The one check the command line and Settings share: the progress store ``store`` (the
    player's by default) and the files beside it, a link, a folder, a pipe or a device, and a
    file that an export did not write are never replaced."""
    if is_store_file(target, store):
        return refusal("it is the progress store itself; export to another file")
    problem = replace_problem(target)
    if problem is not None:
        return problem
    if not _written_by_export(target):
        return refusal("a file is there that is not a progress export; choose a new name")
    return None


def _written_by_export(target: Path) -> bool:
    """True if nothing is at ``target`` or it begins as an export does."""
    try:
        with open(target, "rb") as stream:
            return stream.read(len(_EXPORT_HEAD)) == _EXPORT_HEAD
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False


def left_out(store: ProgressStore, progress: Progress) -> Problem | None:
    """What an export of ``store`` could not carry because it cannot be read, in one line (a
    damaged save is named with what is wrong with it); None if nothing was left out."""
    rows = store.read("SELECT count(*) FROM level_records")
    stored = rows[0][0] if rows and isinstance(rows[0][0], int) else 0
    parts = []
    if stored > len(progress.records):
        parts.append(counted(stored - len(progress.records), "level record"))
    damaged = SaveSlots(store).damaged()
    if damaged:
        first = damaged[0]
        parts.append(f"{counted(len(damaged), 'save')} ({first.name!r}: {first.problem})")
    if not parts:
        return None
    return Problem(
        ProblemKind.LEFT_OUT, one_line(f"Left out, as they cannot be read: {' and '.join(parts)}")
    )


# -- import -------------------------------------------------------------------------------
def read_progress_file(path: str | Path) -> Progress:
    """The checked contents of a progress file; TransferError saying what is wrong and where."""
    source = Path(path)
    name = printable(source.name)
    try:
        # Only a regular file, read to one byte past the cap: a FIFO or /dev/zero cannot hang it.
        raw = read_regular_file(source, MAX_FILE_BYTES, "progress file")
    except LevelError as error:
        raise TransferError(str(error)) from None
    try:
        text = without_byte_order_mark(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise TransferError(f"{name} is not a progress file (not UTF-8 text)") from None
    try:
        return progress_from_json(decode_json(text))
    except DataError as error:
        raise TransferError(one_line(f"{name} is not a valid progress file: {error}")) from None


def progress_from_json(data: object) -> Progress:
    """Check a decoded progress file; DataError naming the first bad field."""
    if not isinstance(data, dict):
        raise DataError(f"file: expected an object, found {kind(data)}")
    if data.get("format") != FORMAT_NAME:
        raise DataError("it has no 'format': 'sokoban-arcade-progress' marker")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise DataError("file.version: expected a whole number")
    if version > FORMAT_VERSION:
        raise DataError(
            f"it was written by a newer version of the game (format {version}; "
            f"this game reads up to {FORMAT_VERSION})"
        )
    return decode(Progress, data, "file")


def import_progress(
    store: ProgressStore, path: str | Path, campaign: Sequence[Level] = ()
) -> ImportSummary:
    """Merge a progress file into the store; TransferError if the file or the write fails.

    Nothing in the file is believed: each solution is replayed on its level (the campaign's
    ``campaign`` levels, or a collection's file at its path) and a record whose level is not at
    hand is kept aside, out of the records and the score (see :mod:`game.storage.verify`).
    Merge rules: a level's record keeps the best of each (see :meth:`LevelRecord.merged`: solved
    if either is, fewer moves and fewer pushes, the higher score, the larger counters so that
    importing twice counts nothing twice); solves are added unless already present; the
    campaign keeps the further position and higher score; settings and collections already
    here stay as they are, new ones are added; a save slot of the same name keeps the newer;
    solutions new to a level's library are added (one that does not solve its level, when the
    level is at hand, is left out).
    """
    progress = read_progress_file(path)
    levels = known_levels([*store.collections(), *progress.collections], campaign)
    # A record this store already holds as it is (one's own export imported again) changes
    # nothing, so it is neither checked nor kept aside as unverified.
    here = {(record.collection_id, record.fingerprint): record for record in store.all_records()}
    records = [r for r in progress.records if here.get((r.collection_id, r.fingerprint)) != r]
    checked = check(records, progress.events, progress.campaign, levels, store.clock())
    solutions, left_out = verified_entries(progress.solutions, levels)

    def merge(connection: sqlite3.Connection) -> ImportSummary:
        summary = merge_progress(connection, progress, checked)
        added = import_entries(connection, solutions)
        return replace(summary, solutions_added=added, solutions_left_out=left_out)

    summary, error = store.write(merge)
    if summary is None:
        raise TransferError(one_line(error or "Progress could not be imported"))
    return summary


def merge_progress(
    connection: sqlite3.Connection, progress: Progress, checked: Checked
) -> ImportSummary:
    """Merge checked progress inside the caller's transaction."""
    added = improved = 0
    for imported in checked.records:
        current = fetch_record(connection, imported.collection_id, imported.fingerprint)
        merged = current.merged(imported)
        if merged != current:
            put_record(connection, merged)
            if current == LevelRecord(current.collection_id, current.fingerprint):
                added += 1
            else:
                improved += 1
    for record in checked.unverified:
        keep_unverified(connection, record)

    known = {
        tuple(row)
        for row in connection.execute(
            "SELECT solved_at, collection_id, fingerprint, moves, pushes, score FROM solved_events"
        )
    }
    solves = 0
    for event in checked.events:
        if event.key() not in known:
            add_event(connection, event)
            known.add(event.key())
            solves += 1

    known_collections = {
        cid for (cid,) in connection.execute("SELECT collection_id FROM collections")
    }
    for info in progress.collections:
        if info.collection_id not in known_collections:
            put_collection(connection, info)

    here = _campaign_here(connection)
    there = checked.campaign or here
    best = CampaignProgress(
        max(here.position, there.position), max(here.total_score, there.total_score)
    )
    if best != here:
        put_campaign(connection, best.position, best.total_score)

    present = {key for (key,) in connection.execute("SELECT key FROM settings")}
    new_settings = {key: value for key, value in progress.settings.items() if key not in present}
    for key, value in new_settings.items():
        put_setting(connection, key, encode_json(value))

    slots = 0
    for name, game in progress.slots.items():
        row = connection.execute("SELECT saved_at FROM slots WHERE name = ?", (name,)).fetchone()
        if row is None or (isinstance(row[0], float | int) and row[0] < game.saved_at):
            put_slot(connection, name, game.saved_at, encode_json(encode(game)))
            slots += 1

    return ImportSummary(added, improved, solves, slots, len(new_settings), len(checked.unverified))


def _campaign_here(connection: sqlite3.Connection) -> CampaignProgress:
    """The stored campaign progress; values that are not whole numbers (a store edited by hand:
    SQLite keeps any type) count as nothing, so the imported ones replace them."""
    row = connection.execute("SELECT position, total_score FROM campaign WHERE id = 1").fetchone()
    values = [value if type(value) is int else 0 for value in row or (0, 0)]
    return CampaignProgress(*values)
