"""The level generator is pure Python: importing it must not bring in pygame.

Checked in a fresh interpreter so that other tests' imports cannot hide a violation.
"""

from __future__ import annotations

import subprocess
import sys

MODULES = (
    "game.levelgen.rooms",
    "game.levelgen.reverse",
    "game.levelgen.score",
    "game.levelgen.generate",
    "game.levelgen.campaign",
    "game.levelgen.names",
    "game.levelgen.rating",
    "game.levelgen.symmetry",
    "game.levelgen.tutorial",
    "game.levelgen.batch",
)


def test_levelgen_does_not_import_pygame() -> None:
    code = f"import importlib, sys\nfor name in {MODULES!r}:\n    importlib.import_module(name)\n"
    code += "print('pygame' in sys.modules)\n"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "False"
