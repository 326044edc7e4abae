"""The layering rule: the rules core and the solver never import pygame.

Checked in a fresh interpreter so that other tests' imports cannot hide a violation.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import game

PACKAGE = Path(game.__file__).parent


def _modules(sub: str) -> list[str]:
    """Dotted names of every module under ``game/<sub>``."""
    root = PACKAGE / sub
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def test_core_and_solver_do_not_import_pygame() -> None:
    modules = _modules("core") + _modules("solver")
    assert modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "False"
