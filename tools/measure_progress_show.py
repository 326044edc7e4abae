"""How long ``progress show`` takes on a store of many level records (issue 17, class 7).

Run: ``python tools/measure_progress_show.py [RECORDS]``; it fills a store in a temporary
SOKOBAN_HOME with RECORDS solved records (200,000 unless told) and times the command three times.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COLLECTIONS = 200
SOLUTION = "dlUrrrdLullddrUluRuulDrddrruLdlUU"  # 33 moves, 8 pushes


def fill(path: Path, records: int) -> None:
    """A store as after a large import, written with plain SQL so any version can read it."""
    subprocess.run(
        [sys.executable, "-m", "game", "progress", "where"], check=True, capture_output=True
    )
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO level_records (collection_id, fingerprint, title, solved, "
            "best_moves_lurd, best_pushes_lurd, best_score, attempts, seconds, moves_played, "
            "pushes_played, last_played_at) VALUES (?, ?, ?, 1, ?, ?, 967, 2, 60.5, 40, 9, ?)",
            (
                (
                    f"title:C{number % COLLECTIONS}",
                    f"fp-{number}",
                    f"Level {number}",
                    SOLUTION,
                    SOLUTION,
                    1_790_000_000.0 + number,
                )
                for number in range(records)
            ),
        )


def main() -> None:
    records = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    with tempfile.TemporaryDirectory() as home:
        os.environ["SOKOBAN_HOME"] = home
        fill(Path(home) / "progress.sqlite3", records)
        for _ in range(3):
            start = time.perf_counter()
            shown = subprocess.run(
                [sys.executable, "-m", "game", "progress", "show"],
                check=True,
                capture_output=True,
                text=True,
            )
            print(f"progress show, {records:,} records: {time.perf_counter() - start:.2f} s")
        print(shown.stdout.splitlines()[0])


if __name__ == "__main__":
    main()
