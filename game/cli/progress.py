"""The ``progress`` subcommand: where the progress store is, a summary, export and import.

It never imports pygame; a damaged or newer store is reported on stderr in one line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.app.session import campaign_levels
from game.cli.common import EXIT_OK, CliError
from game.cli.paths import named_file, output_file
from game.core.digits import shortened
from game.core.errors import printable, visible
from game.core.wording import counted, moment_text
from game.storage.paths import store_path
from game.storage.records import format_duration
from game.storage.slots import SaveSlots
from game.storage.store import ProgressStore
from game.storage.transfer import TransferError, export_progress, import_progress, left_out

# Characters of a save's name in the summary: names from old stores or other programs may be
# any length, and each save is one line.
MAX_SHOWN_NAME = 60


def register(subparsers: Any) -> None:
    progress = subparsers.add_parser(
        "progress", help="the saved progress: where it is, a summary, export and import"
    )
    actions = progress.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("where", help="print the progress store's path").set_defaults(
        handler=run_where
    )
    actions.add_parser("show", help="totals, collections and saved games").set_defaults(
        handler=run_show
    )
    export = actions.add_parser("export", help="write all progress to a JSON file")
    export.add_argument("file", help="the JSON file to write")
    export.set_defaults(handler=run_export)
    merge = actions.add_parser("import", help="merge a JSON progress file (best results win)")
    merge.add_argument("file", help="a file written by 'progress export'")
    merge.set_defaults(handler=run_import)


def open_progress(readable: bool = True) -> ProgressStore:
    """The player's store; with ``readable``, CliError when its file cannot be read (the store
    in memory that stands in for it would pass for progress that is empty)."""
    store, message = ProgressStore.open()
    if readable and store.fallback_reason is not None:
        store.close()
        raise CliError(f"Saved progress cannot be read: {store.fallback_reason}")
    if message is not None:
        print(f"note: {message}", file=sys.stderr)
    return store


def writable_progress() -> ProgressStore:
    """The player's store, to import into; CliError when it cannot take the import."""
    store, message = ProgressStore.open()
    if not store.persistent or store.read_only_reason is not None:
        # Merging into the store in memory that replaces an unopenable one would report
        # success for progress that is gone when the command ends; a newer store is not
        # changed. Either is one line, not a note and then a failure.
        store.close()
        raise CliError(f"Nothing was imported: {message or store.read_only_reason}")
    if message is not None:
        print(f"note: {message}", file=sys.stderr)
    return store


def run_where(args: argparse.Namespace) -> int:
    store = open_progress(readable=False)
    print(printable(store.path if store.path is not None else store_path()))
    store.close()
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    store = open_progress()
    try:
        lines = _summary(store)
    finally:
        store.close()
    if store.read_error is not None:
        raise CliError(f"Saved progress cannot be shown: {store.read_error}")
    print("\n".join(lines))
    return EXIT_OK


def _summary(store: ProgressStore) -> list[str]:
    """What ``progress show`` prints; titles and names shown harmless."""
    totals = store.totals()
    campaign = store.campaign()
    lines = [
        f"levels solved {totals.levels_solved} of {totals.levels_played} played, "
        f"attempts {totals.attempts}, moves {totals.moves}, pushes {totals.pushes}, "
        f"time {format_duration(totals.seconds)}, hints {totals.hints}, score {totals.score}",
        f"campaign: next level {campaign.position + 1}",
    ]
    for info in store.collections():
        size = str(info.level_count) if info.level_count else "?"
        lines.append(f"  {info.solved:>4} / {size:<4} {visible(info.title)}")
    for slot in SaveSlots(store).list():
        saved = moment_text(slot.saved_at)
        name = visible(repr(shortened(slot.name, MAX_SHOWN_NAME)))
        if slot.problem is not None:
            lines.append(f"  save {name}: cannot be read: {visible(slot.problem)}")
            continue
        lines.append(
            f"  save {name}: {visible(slot.place)}, "
            f"{counted(slot.moves, 'move')}, {saved}"
        )
    return lines


def run_export(args: argparse.Namespace) -> int:
    target = output_file(args.file, "export")
    store = open_progress()
    try:
        progress = export_progress(store, target)
        missing = left_out(store, progress)
    except TransferError as error:
        raise CliError(str(error)) from None
    finally:
        store.close()
    records = counted(len(progress.records), "level record")
    print(f"exported {records} and {counted(len(progress.slots), 'save')}")
    if missing is not None:
        print(visible(missing.text), file=sys.stderr)
    return EXIT_OK


def run_import(args: argparse.Namespace) -> int:
    source = named_file(args.file, "import")
    store = writable_progress()
    try:
        summary = import_progress(store, source, campaign_levels())
    except TransferError as error:
        raise CliError(str(error)) from None
    finally:
        store.close()
    print(summary.describe())
    return EXIT_OK
