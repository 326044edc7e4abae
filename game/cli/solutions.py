"""The ``solutions`` subcommand: the solution library exported to a SOK file and imported from one.

An import prints each refused solution on its own line (its level, line and reason) and exits 1
if any was refused; a file that cannot be read is one line and exit 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.app.library.solution_exchange import (
    LibraryCollection,
    check_sok,
    export_sok,
    file_sok,
    library_collections,
)
from game.cli.common import EXIT_NO, EXIT_OK, CliError, load_collection
from game.cli.paths import named_file, output_file
from game.cli.progress import open_progress, writable_progress
from game.core.errors import visible
from game.core.level_ref import Campaign, LevelFile
from game.core.problems import Problem
from game.core.resources import CAMPAIGN_NAME, level_file_path
from game.core.xsb import Dialect
from game.storage.identity import records_id
from game.storage.library import SolutionLibrary


def register(subparsers: Any) -> None:
    solutions = subparsers.add_parser(
        "solutions", help="the solution library as a SOK file: export and import"
    )
    actions = solutions.add_subparsers(dest="action", metavar="ACTION", required=True)
    export = actions.add_parser(
        "export",
        help="write levels with their library solutions as Solution sections (YASC, JSoko)",
    )
    export.add_argument("out", metavar="OUT.sok", help="the SOK file to write")
    export.add_argument(
        "file", nargs="?", default=None,
        help=f"the level file (or {CAMPAIGN_NAME}) whose levels to write, every one; "
        "without it, the levels with solutions of every collection",
    )
    export.add_argument(
        "--dialect", choices=[d.value for d in Dialect], default=Dialect.AUTO.value,
        help="character set of FILE (default: detect it)",
    )
    export.set_defaults(handler=run_export)
    merge = actions.add_parser(
        "import", help="file every solution of a SOK file that solves its level"
    )
    merge.add_argument("file", metavar="FILE.sok", help="a SOK file with Solution sections")
    merge.set_defaults(handler=run_import)


def run_export(args: argparse.Namespace) -> int:
    reading = [] if args.file is None else [level_file_path(args.file)]
    target = output_file(args.out, "OUT.sok", reading)
    sources = [] if args.file is None else [_file_collection(args)]
    store = open_progress()
    try:
        if args.file is None:
            sources, problems = library_collections(store)
            for problem in problems:
                print(f"note: {visible(problem.text)}", file=sys.stderr)
        if not sources:
            print("the solution library holds no solution of a collection's level",
                  file=sys.stderr)
            return EXIT_NO
        exported = export_sok(store, sources, target, every_level=args.file is not None)
    finally:
        store.close()
    if isinstance(exported, Problem):
        raise CliError(exported.text)
    print(exported.describe())
    return EXIT_OK


def _file_collection(args: argparse.Namespace) -> LibraryCollection:
    """FILE's levels under the id the game keeps their records by."""
    collection = load_collection(args)
    source = Campaign() if args.file == CAMPAIGN_NAME else LevelFile(str(args.file))
    return LibraryCollection(records_id(source, collection.title), collection)


def run_import(args: argparse.Namespace) -> int:
    source = named_file(args.file, "FILE.sok")
    checked = check_sok(source)
    if checked.problem is not None:
        raise CliError(checked.problem.text)
    store = writable_progress()
    try:
        imported = file_sok(SolutionLibrary(store), checked, store.clock())
    finally:
        store.close()
    for problem in imported.refused:
        print(visible(problem.text), file=sys.stderr)
    if imported.problem is not None:
        raise CliError(imported.problem.text)
    print(imported.describe())
    failed = any(problem.kind.fails_run for problem in imported.refused)
    return EXIT_NO if failed else EXIT_OK
