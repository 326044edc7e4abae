"""The storage package never imports pygame, so the command line and tools can use it."""

from __future__ import annotations

import subprocess
import sys


def test_storage_does_not_import_pygame() -> None:
    code = (
        "import sys, game.storage, game.storage.autosave, game.cli.progress\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "False"
