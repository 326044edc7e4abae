"""The hostile run's classes, numbered as issue 27 numbers its failure modes, each with the
generator that makes one case of it from a seeded random source.

``prepare`` makes what the generators share (a store the game filled) before any case runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from hostile_file_cases import hangs, memory, refused_late, tracebacks
from hostile_kit import Case
from hostile_other_cases import others
from hostile_store_cases import progress_lost, store_damaged, store_locked
from hostile_stores import prepare_store
from hostile_text_cases import control_bytes, empty_path, over_one_line

CLASSES: dict[int, tuple[str, Callable[[random.Random], Case]]] = {
    1: ("control bytes printed", control_bytes),
    2: ("hangs", hangs),
    3: ("progress lost in headless runs", progress_lost),
    4: ("memory", memory),
    5: ("refusing only after the work", refused_late),
    6: ("tracebacks", tracebacks),
    7: ("empty paths taken as absent", empty_path),
    8: ("messages over one line", over_one_line),
    9: ("store under a lock", store_locked),
    10: ("stores set aside", store_damaged),
    11: ("others", others),
}


def prepare(folder: Path, python: str) -> None:
    folder.mkdir(parents=True)
    prepare_store(folder, python)
